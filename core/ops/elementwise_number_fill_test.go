package ops

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestMapFillIsTheArrayPath: mapFill's one-float64 path for float fills
// gives the bytes of the array path (widen, map, narrow) for every pair of
// float32/float64 dtypes and the IEEE edge fills, the maps with a number
// included; float32 results are rounded once, from the float64 result.
// Fails when the narrowing or the widening differs (a float32 result
// computed in float32, a fill read as the wrong dtype).
func TestMapFillIsTheArrayPath(t *testing.T) {
	fills := []float64{0, math.Copysign(0, -1), 1.5, -2.75, math.NaN(), math.Inf(1), math.Inf(-1),
		5e-324, math.MaxFloat64, 1e-40, 1.0000001, 3.4e38}
	maps := map[string]func(float64) float64{
		"div3":  func(x float64) float64 { return x / 3 },
		"rdiv7": func(x float64) float64 { return 7 / x },
		"mul":   func(x float64) float64 { return x * 0.1 },
		"exp":   math.Exp,
	}
	floats := []dtype.DType{dtype.Float64, dtype.Float32}
	for _, in := range floats {
		for _, out := range floats {
			for _, fill := range fills {
				src, ok := ieeeTensor(t, tensor.COO, in, []complex128{1, 0, 2, 0}, []int64{2, 2}, fill)
				require.True(t, ok)
				for name, f := range maps {
					ef := elemFuncs{real: f}
					want := applyUnary(ef, elementVec(in, src.FillElem(), domReal)).store(out, []int64{1}).Data
					got := mapFill(ef, src, out, domReal)
					require.Equal(t, want, got, fmt.Sprintf("%s -> %s fill %g %s", in, out, fill, name))
				}
			}
		}
	}
}

// TestNumberOpKeepsTheFill: a sparse float tensor with a fill, op a number,
// has the fill op number (rounded to the result dtype) through BinaryByName.
func TestNumberOpKeepsTheFill(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		x, ok := ieeeTensor(t, tensor.CSR, d, []complex128{1, 0, 2, 0}, []int64{2, 2}, 1.5)
		require.True(t, ok)
		r, err := BinaryByName("div", TensorOperand(x), NumberOperand(dtype.Number{Value: dtype.Real(3), Kind: dtype.Float64}), BinaryArgs{})
		require.NoError(t, err)
		got := dtype.LoadScalar(d, r.FillElem()).Re()
		want := 1.5 / 3
		if d == dtype.Float32 {
			want = float64(float32(want))
		}
		require.Equal(t, want, got, d.String())
	}
}
