package ops

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// powOf is x ** e with e a number, or a 0-d tensor of e's kind (zeroD).
func powOf(t *testing.T, x *tensor.Tensor, e dtype.Number, zeroD bool) *tensor.Tensor {
	t.Helper()
	b := NumberOperand(e)
	if zeroD {
		a := dtype.NewArray(e.Kind, []int64{})
		a.SetComplex(0, e.Value)
		b = TensorOperand(mustStrided(t, a))
	}
	r, err := BinaryByName("pow", TensorOperand(x), b, BinaryArgs{})
	require.NoError(t, err)
	return r
}

// TestPowRealNumberExponentsAsTorch: torch computes x ** e for the number
// exponents 0.5, -0.5, 2, 3, -1 and -2 through sqrt and products, not pow:
// (-0)**0.5 is -0, (-inf)**0.5 NaN, (-0)**-0.5 -inf (math.Pow: +0, +inf,
// +inf). The expected values are torch 2.x's.
func TestPowRealNumberExponentsAsTorch(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	xs := []float64{math.Copysign(0, -1), 0, inf, -inf, nan, -4, 2.5, 1.1}
	a := dtype.NewArray(dtype.Float64, []int64{int64(len(xs))})
	for i, v := range xs {
		a.SetComplex(int64(i), dtype.Complex128Scalar(complex(v, 0)))
	}
	x := mustStrided(t, a)
	negZero := math.Copysign(0, -1)
	u := xs[7] // a variable: constant arithmetic (1.1 * 1.1) is exact in Go
	want := map[float64][]float64{
		0.5:  {negZero, 0, inf, nan, nan, nan, math.Sqrt(2.5), math.Sqrt(u)},
		-0.5: {-inf, inf, 0, nan, nan, nan, 1 / math.Sqrt(2.5), 1 / math.Sqrt(u)},
		2:    {0, 0, inf, inf, nan, 16, 6.25, u * u},
		3:    {negZero, 0, inf, -inf, nan, -64, 15.625, u * u * u},
		-1:   {-inf, inf, 0, negZero, nan, -0.25, 0.4, 1 / u},
		-2:   {inf, inf, 0, 0, nan, 0.0625, 0.16, 1 / (u * u)},
	}
	for e, w := range want {
		r := powOf(t, x, dtype.FloatNumber(e), false)
		for i := range xs {
			got := r.Values().Complex(int64(i)).Re()
			if math.IsNaN(w[i]) {
				assert.True(t, math.IsNaN(got), "%v ** %v = %v, want NaN", xs[i], e, got)
				continue
			}
			assert.Equal(t, math.Float64bits(w[i]), math.Float64bits(got), "%v ** %v = %v, want %v", xs[i], e, got, w[i])
		}
	}
}

// TestPowComplexNumberExponentsAsTorch: the same special exponents on
// complex bases (0.5j ** -1 is exactly -2j, where the polar form gives
// 1.2e-16-2j; 0 ** -1 is inf+NaNi as 1/0), and x ** 1 is x with NaN
// parts kept. A 0-d tensor exponent is a tensor's: torch's pow then takes
// the polar form and gives NaN for 0 ** 0.
func TestPowComplexNumberExponentsAsTorch(t *testing.T) {
	bases := []complex128{0, 0.5i, complex(-4, 0), complex(math.NaN(), 1)}
	a := dtype.NewArray(dtype.Complex128, []int64{int64(len(bases))})
	for i, b := range bases {
		a.SetComplex(int64(i), dtype.Complex128Scalar(b))
	}
	x := mustStrided(t, a)
	at := func(r *tensor.Tensor, i int) complex128 {
		v := r.Values().Complex(int64(i))
		return complex(v.Re(), v.Im())
	}
	inv := powOf(t, x, dtype.FloatNumber(-1), false)
	assert.Equal(t, complex128(-2i), at(inv, 1))
	assert.True(t, math.IsInf(real(at(inv, 0)), 1) && math.IsNaN(imag(at(inv, 0))), "0 ** -1 = %v", at(inv, 0))
	assert.Equal(t, complex128(-0.25), at(inv, 2))
	sq := powOf(t, x, dtype.FloatNumber(0.5), false)
	assert.Equal(t, complex128(2i), at(sq, 2))
	assert.Equal(t, complex(0.5, 0.5), at(sq, 1))
	assert.Equal(t, complex128(-4), at(powOf(t, x, dtype.FloatNumber(-2), false), 1))
	one := powOf(t, x, dtype.FloatNumber(1), false)
	assert.True(t, math.IsNaN(real(at(one, 3))) && imag(at(one, 3)) == 1, "(NaN+1i) ** 1 = %v", at(one, 3))

	polar := powOf(t, x, dtype.FloatNumber(-1), true)
	assert.Equal(t, cmplx.Pow(0.5i, -1), at(polar, 1), "a 0-d tensor exponent takes the polar form")
	zero := powOf(t, x, dtype.ComplexNumber(0), true)
	assert.True(t, cmplx.IsNaN(at(zero, 0)), "0 ** tensor(0) = %v, torch: NaN", at(zero, 0))
}

// TestPowIntegerZeroDimNegativeExponent: torch refuses an integer tensor
// to a negative integer number, but takes a negative 0-d integer tensor
// exponent (1 for base 1, +-1 for -1, 0 else).
func TestPowIntegerZeroDimNegativeExponent(t *testing.T) {
	a := dtype.NewArray(dtype.Int64, []int64{4})
	for i, v := range []int64{1, -1, 2, 0} {
		a.SetComplex(int64(i), dtype.IntScalar(v))
	}
	x := mustStrided(t, a)
	_, err := BinaryByName("pow", TensorOperand(x), NumberOperand(dtype.IntNumber(-1)), BinaryArgs{})
	require.Error(t, err)
	r := powOf(t, x, dtype.IntNumber(-1), true)
	for i, w := range []int64{1, -1, 0, 0} {
		assert.Equal(t, w, r.Values().Complex(int64(i)).Int(), "element %d", i)
	}
}
