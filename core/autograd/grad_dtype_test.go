package autograd

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestGradInTheInputDType: an input's gradient comes in its own dtype, as
// torch's engine casts it (validate_outputs). A real leaf divided by a
// complex number (strided and CSR) gets the real part of g / conj(c), not a
// complex gradient; a float32 leaf times a float64 tensor gets float32.
func TestGradInTheInputDType(t *testing.T) {
	x0 := tensortest.MustDense(t, []float64{1.5, 0, -2, 3}, 2, 2)
	for _, l := range []tensor.Layout{tensor.Strided, tensor.CSR} {
		xt := x0
		if l != tensor.Strided {
			var err error
			xt, err = convert.ToLayout(x0, l, tensor.DefaultConvert())
			require.NoError(t, err)
		}
		x, err := Leaf(xt, true)
		require.NoError(t, err)
		y, err := NumberOp("div", x, dtype.ComplexNumber(complex(1, 2)), false, ops.BinaryArgs{})
		require.NoError(t, err)
		s, err := Sum(y, nil)
		require.NoError(t, err)
		require.NoError(t, Backward(s, nil, false))
		require.Equal(t, dtype.Float64, x.Grad().DType(), "%s", l)
		want := []float64{0.2, 0.2, 0.2, 0.2} // the real part of 1 / conj(1+2i)
		if l != tensor.Strided {
			want = []float64{0.2, 0, 0.2, 0.2} // the leaf's pattern
		}
		tensortest.RequireSameDense(t, tensortest.MustDense(t, want, 2, 2), x.Grad(), "%s", l)
	}
	f32, err := convert.ToDType(x0, dtype.Float32)
	require.NoError(t, err)
	x, err := Leaf(f32, true)
	require.NoError(t, err)
	y, err := Mul(x, Constant(x0))
	require.NoError(t, err)
	s, err := Sum(y, nil)
	require.NoError(t, err)
	require.NoError(t, Backward(s, nil, false))
	require.Equal(t, dtype.Float32, x.Grad().DType())
}

// TestAtan2GradAtZero: atan2's gradient is 0 where a*a + b*b is 0 (a = b = 0,
// or squares that underflow), signed as torch 2.15's (g * b * 0, g * -a * 0),
// not 0 * inf = NaN; elsewhere g * b * (1 / (a*a + b*b)), torch's rounding.
func TestAtan2GradAtZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	a, err := Leaf(tensortest.MustDense(t, []float64{0, 1e-200, 0, 1, 3}, 5), true)
	require.NoError(t, err)
	b, err := Leaf(tensortest.MustDense(t, []float64{0, 0, negZero, 2, 7}, 5), true)
	require.NoError(t, err)
	y, err := Binary("atan2", a, b, ops.BinaryArgs{})
	require.NoError(t, err)
	s, err := Sum(y, nil)
	require.NoError(t, err)
	require.NoError(t, Backward(s, nil, false))
	r := 1 / (3*3 + 7*7.0)
	ga, gb := dtype.AsSlice[float64](a.Grad().Values()), dtype.AsSlice[float64](b.Grad().Values())
	wantA := []float64{0, 0, negZero, 2 * (1 / 5.0), 7 * r}
	wantB := []float64{negZero, negZero, negZero, -1 * (1 / 5.0), -3 * r}
	for i := range wantA {
		require.Equal(t, math.Float64bits(wantA[i]), math.Float64bits(ga[i]), "a.grad[%d] = %v, want %v", i, ga[i], wantA[i])
		require.Equal(t, math.Float64bits(wantB[i]), math.Float64bits(gb[i]), "b.grad[%d] = %v, want %v", i, gb[i], wantB[i])
	}
}
