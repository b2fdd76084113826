package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestWhereMatchesDense: where over a sparse mask equals the element-wise
// choice on the dense tensors, for tensor and number operands and fills.
func TestWhereMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	mask := tensortest.RandomDense(t, rng, dtype.Bool, []int64{4, 5}, 0.4)
	xd := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 5}, 0.6)
	yd := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 5}, 0.6)
	m, _ := denseOf(t, mask)
	xv, _ := denseOf(t, xd)
	yv, _ := denseOf(t, yd)
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC, tensor.Strided} {
		cm, err := convert.ToLayout(mask, l, tensor.DefaultConvert())
		require.NoError(t, err)
		cx, _ := convert.ToLayout(xd, tensor.COO, tensor.DefaultConvert())
		cx, _ = tensor.WithFill(cx, tensor.ScalarBytes(dtype.Float64, dtype.Real(0))) // x sparse, y dense
		r, err := Where(cm, TensorOperand(cx), TensorOperand(yd))
		require.NoError(t, err)
		got, _ := denseOf(t, r)
		want := make([]float64, len(m))
		for i := range m {
			want[i] = yv[i]
			if m[i] != 0 {
				want[i] = xv[i]
			}
		}
		require.Equal(t, want, got, "%s mask", l)
		if l != tensor.Strided {
			require.Equal(t, l, r.Layout(), "the result keeps the mask's layout")
		}
		// a number operand: torch.where(mask, x, -1)
		r, err = Where(cm, TensorOperand(xd), NumberOperand(dtype.FloatNumber(-1)))
		require.NoError(t, err)
		got, _ = denseOf(t, r)
		for i := range m {
			want[i] = -1
			if m[i] != 0 {
				want[i] = xv[i]
			}
		}
		require.Equal(t, want, got, "%s mask with a number", l)
	}
	_, err := Where(mask, TensorOperand(tensortest.MustDense(t, []float64{1}, 1)), NumberOperand(dtype.IntNumber(0)))
	require.Error(t, err)
}

// TestWherePromotesAsTorch: numbers promote as Python literals do.
func TestWherePromotesAsTorch(t *testing.T) {
	mask, _ := convert.ToDType(tensortest.MustDense(t, []float64{1, 0}, 2), dtype.Bool)
	ints, _ := convert.ToDType(tensortest.MustDense(t, []float64{1, 2}, 2), dtype.Int64)
	r, err := Where(mask, TensorOperand(ints), NumberOperand(dtype.ComplexNumber(1i)))
	require.NoError(t, err)
	require.Equal(t, dtype.Complex64, r.DType())
	r, err = Where(mask, NumberOperand(dtype.FloatNumber(1)), NumberOperand(dtype.IntNumber(2)))
	require.NoError(t, err)
	require.Equal(t, dtype.Float32, r.DType())
}

func TestWhereOnZeroDimTensors(t *testing.T) {
	c, _ := tensor.NewStrided(dtype.Array{DType: dtype.Bool, Data: []byte{1}})
	x, _ := tensor.NewStrided(dtype.Array{DType: dtype.Float64, Data: tensor.ScalarBytes(dtype.Float64, dtype.Real(3))})
	r, err := Where(c, TensorOperand(x), NumberOperand(dtype.FloatNumber(-1)))
	require.NoError(t, err)
	require.Empty(t, r.Dims())
	require.Equal(t, 3.0, r.Values().Complex(0).Re())
}
