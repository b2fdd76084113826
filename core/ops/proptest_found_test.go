package ops

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestBroadcastStridedOperandsToSparseLayout: two strided operands of
// different shapes with a sparse result layout asked are computed strided
// and then laid out: every element is the op's. The first operand's
// nonzeros were taken as a pattern with one fill, 0 // 0 = NaN, so 0 // 8
// read NaN (internal/proptest seed 2 case 14509).
func TestBroadcastStridedOperandsToSparseLayout(t *testing.T) {
	xa := dtype.NewArray(dtype.Float32, []int64{1, 2, 3})
	for i, v := range []float64{0, -2.75, 3.5, 0, 2, 0} {
		xa.SetComplex(int64(i), dtype.Complex128Scalar(complex(v, 0)))
	}
	ya := dtype.NewArray(dtype.Int64, []int64{2, 1})
	ya.SetComplex(1, dtype.IntScalar(8))
	x, y := mustStrided(t, xa), mustStrided(t, ya)
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.DCSC} {
		r, err := BinaryByName("floor_divide", TensorOperand(x), TensorOperand(y), BinaryArgs{Out: Output{Layout: &l}})
		require.NoError(t, err)
		require.Equal(t, l, r.Layout())
		d, err := convert.ToDense(r)
		require.NoError(t, err)
		want := []float64{math.NaN(), math.Inf(-1), math.Inf(1), 0, 0, 0}
		for i, w := range want {
			got := d.Values().Complex(int64(i)).Re()
			if math.IsNaN(w) {
				require.True(t, math.IsNaN(got), "%s element %d = %v", l, i, got)
				continue
			}
			require.Equal(t, w, got, "%s element %d", l, i)
		}
	}
}

// TestCustomAmaxEmptyReducedDim: amax over a dim of size 0 is refused as
// torch does, also where the result is empty (a 0 x 0 custom-format tensor
// reduced over dim 0 gave an empty result, keepdim a (1, 0) one: internal/proptest seed 3 case
// 153664).
func TestCustomAmaxEmptyReducedDim(t *testing.T) {
	f, err := format.Parse("(i, j) -> (i : compressed(unordered), j : compressed(unordered))")
	require.NoError(t, err)
	d := mustStrided(t, dtype.NewArray(dtype.Float64, []int64{0, 0}))
	c, err := convert.ToFormat(d, f)
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, c.Layout())
	_, err = Reduce(c, []int{0}, "amax")
	require.Error(t, err)
	require.Contains(t, err.Error(), "amax")
}

// TestNormOfInfiniteComplexPart: the 2-norm of a complex element with an
// infinite part is +inf even when its other part is NaN (|z| is hypot's, as
// torch's); the 0-d tensor's path summed re*re + im*im = NaN
// (internal/proptest seed 9 case 146954).
func TestNormOfInfiniteComplexPart(t *testing.T) {
	for _, shape := range [][]int64{{}, {2}} {
		a := dtype.NewArray(dtype.Complex128, shape)
		a.SetComplex(0, dtype.Complex128Scalar(complex(math.NaN(), math.Inf(-1))))
		r, err := Reduce(mustStrided(t, a), nil, "norm")
		require.NoError(t, err)
		require.True(t, math.IsInf(r.Values().Complex(0).Re(), 1), "norm of shape %v: %v", shape, r.Values().Complex(0))
	}
}
