package ops

import (
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// Element functions the standard library lacks, with torch's conventions.

// erfinv is the inverse error function: math.Erfinv (a rational
// approximation) polished by one Newton step on math.Erf, which brings it to
// within an ulp or two away from the poles at ±1.
func erfinv(x float64) float64 {
	y := math.Erfinv(x)
	if math.IsInf(y, 0) || math.IsNaN(y) || y == 0 {
		return y
	}
	// d/dy erf(y) = 2/sqrt(pi) * exp(-y^2)
	return y - (math.Erf(y)-x)/(2/math.SqrtPi*math.Exp(-y*y))
}

// sign is torch.sign on reals and integers: (0 < x) - (x < 0), so NaN
// gives 0.
func sign[T int64 | float64](x T) T {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// sgnComplex is z / |z|, and 0 at 0 (torch.sgn).
func sgnComplex(z complex128) complex128 {
	a := cmplx.Abs(z)
	if a == 0 {
		return 0
	}
	return z / complex(a, 0)
}

// angleReal is torch.angle on reals: pi for negatives, 0 otherwise, NaN kept.
func angleReal(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x < 0:
		return math.Pi
	}
	return 0
}

// expm1Complex is exp(z) - 1 without cancellation near 0, numpy's and
// torch's formula for every z (their special values included):
// re = expm1(x) cos(y) - 2 sin^2(y/2), im = exp(x) sin(y).
func expm1Complex(z complex128) complex128 {
	x, y := real(z), imag(z)
	s := math.Sin(y / 2)
	return complex(math.Expm1(x)*math.Cos(y)-2*s*s, math.Exp(x)*math.Sin(y))
}

// log1pComplex is log(1 + z) without cancellation near 0:
// re = log1p(x(2 + x) + y^2) / 2, im = atan2(y, 1 + x). 1 + z is formed
// component-wise, keeping the sign of a zero imaginary part (the branch cut
// along the real axis below -1).
func log1pComplex(z complex128) complex128 {
	x, y := real(z), imag(z)
	if math.Abs(x) < 0.5 && math.Abs(y) < 0.5 {
		return complex(math.Log1p(x*(2+x)+y*y)/2, atan2(y, 1+x))
	}
	return clog(complex(1+x, y))
}

// sigmoidReal is 1 / (1 + exp(-x)), torch's formula, with exp by
// kernels.ExpFloat64 (the engine's sigmoid loop runs it eight lanes at a
// time, these bits).
func sigmoidReal(x float64) float64 { return 1 / (1 + kernels.ExpFloat64(-x)) }

// sigmoidComplex is 1 / (1 + exp(-z)), torch's formula.
func sigmoidComplex(z complex128) complex128 {
	w := cexp(-z)
	return 1 / complex(1+real(w), imag(w)) // 1 + w keeps the sign of a zero imag(w)
}

// clampReal is torch.clamp: NaN in the input or a bound propagates; the
// upper bound wins where min > max.
func clampReal(x float64, lo, hi *float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	if lo != nil {
		if math.IsNaN(*lo) {
			return *lo
		}
		if x < *lo {
			x = *lo
		}
	}
	if hi != nil {
		if math.IsNaN(*hi) {
			return *hi
		}
		if x > *hi {
			x = *hi
		}
	}
	return x
}

func clampInt(x int64, lo, hi *int64) int64 {
	if lo != nil && x < *lo {
		x = *lo
	}
	if hi != nil && x > *hi {
		x = *hi
	}
	return x
}

// nanToNum replaces NaN, +Inf and -Inf.
func nanToNum(x, nan, posinf, neginf float64) float64 {
	switch {
	case math.IsNaN(x):
		return nan
	case math.IsInf(x, 1):
		return posinf
	case math.IsInf(x, -1):
		return neginf
	}
	return x
}

// finiteRange is the largest finite value of a floating dtype (nan_to_num's
// default replacement for infinities).
func finiteRange(d dtype.DType) float64 {
	switch dtype.RealOf(d) {
	case dtype.Float16:
		return 65504
	case dtype.BFloat16:
		return float64(dtype.BFloat16ToFloat32(0x7f7f))
	case dtype.Float32:
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// maxReal and minReal propagate NaN, as torch.maximum and torch.minimum.
func maxReal(x, y float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.NaN()
	}
	return math.Max(x, y)
}

func minReal(x, y float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.NaN()
	}
	return math.Min(x, y)
}

// floorDivReal is torch's div_floor for floating point: the quotient
// rounded toward -inf, computed from fmod so that it is exact.
func floorDivReal(a, b float64) float64 {
	if b == 0 {
		return a / b
	}
	mod := math.Mod(a, b)
	div := (a - mod) / b
	if mod != 0 && (b < 0) != (mod < 0) {
		div--
	}
	if div == 0 {
		return math.Copysign(0, a/b)
	}
	fl := math.Floor(div)
	if div-fl > 0.5 {
		fl++
	}
	return fl
}

// floorDivInt is integer division rounded toward -inf. Callers refuse b == 0
// beforehand; a fill value that is never read may still divide by 0, which
// gives 0 here instead of a panic.
func floorDivInt(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// remainderReal is torch.remainder on floats: fmod(a, b) moved by b when
// its sign differs from b's, so the result takes the divisor's sign (Python's
// %): a zero remainder keeps fmod's signed zero, b = 0 gives NaN.
func remainderReal(a, b float64) float64 {
	m := math.Mod(a, b)
	if m != 0 && (b < 0) != (m < 0) {
		m += b
	}
	return m
}

// remainderInt is torch.remainder on integers (the divisor's sign); callers
// refuse b == 0, a fill never read may give 0 here.
func remainderInt(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	m := a % b
	if m != 0 && (b < 0) != (m < 0) {
		m += b
	}
	return m
}

// fmodInt is torch.fmod on integers, C's %: the dividend's sign (0 for
// b == 0, as remainderInt).
func fmodInt(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	return a % b
}

// truncDivInt is integer division rounded toward 0 (0 for b == 0, as floorDivInt).
func truncDivInt(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// powInt is integer exponentiation with wrap-around; negative exponents
// follow torch: 1 for base 1, ±1 for base -1, 0 otherwise.
func powInt(base, exp int64) int64 {
	if exp < 0 {
		switch base {
		case 1:
			return 1
		case -1:
			if exp%2 == 0 {
				return 1
			}
			return -1
		}
		return 0
	}
	r := int64(1)
	for exp > 0 {
		if exp&1 == 1 {
			r *= base
		}
		base *= base
		exp >>= 1
	}
	return r
}

// powReal is math.Pow with torch's exact square.
func powReal(x, y float64) float64 {
	if y == 2 {
		return x * x
	}
	return math.Pow(x, y)
}

// powComplex is torch's complex pow with a tensor exponent: cmplx.Pow with
// the exact square, and x**0 = exp(0 * log x), which is 1 unless log x has
// a non-finite part (x zero, NaN or infinite: NaN then, as torch).
func powComplex(x, y complex128) complex128 {
	switch {
	case y == 2:
		return x * x
	case y == 0:
		if x == 0 || cmplx.IsNaN(x) || cmplx.IsInf(x) {
			return cmplx.NaN()
		}
		return 1
	case x == 0 && (math.IsNaN(real(y)) || math.IsNaN(imag(y))):
		// Go's cmplx.Pow panics ("not reached") on a zero base with an exponent
		// of NaN and infinite parts; exp(y log 0) is NaN there.
		return cmplx.NaN()
	}
	return cmplx.Pow(x, y)
}

// powRealNumber is torch's pow with a number exponent: its scalar kernel
// computes x**1 as x, x**0.5 and x**-0.5 through sqrt, and x**2, x**3,
// x**-1 and x**-2 as products and reciprocals, which differ from math.Pow
// at signed zeros and infinities ((-0)**0.5 is -0, (-inf)**0.5 NaN,
// (-0)**-0.5 -inf); math.Pow the other exponents.
func powRealNumber(x, y float64) float64 {
	switch y {
	case 1:
		return x
	case 0.5:
		return math.Sqrt(x)
	case -0.5:
		return 1 / math.Sqrt(x)
	case 2:
		return x * x
	case 3:
		return x * x * x
	case -1:
		return 1 / x
	case -2:
		return 1 / (x * x)
	}
	return math.Pow(x, y)
}

// powComplexNumber is torch's complex pow with a number exponent: x**0 is
// 1 and x**1 is x for every x, NaN and infinities included, and the real
// exponents 0.5, -0.5, 2, 3, -1 and -2 are powRealNumber's sqrt, products
// and reciprocals (0.5j**-1 is exactly -2j, 0**-1 is inf+NaNi, as 1/0),
// cmplx.Pow's polar form the others.
func powComplexNumber(x, y complex128) complex128 {
	switch y {
	case 0:
		return 1
	case 1:
		return x
	case 0.5:
		return cmplx.Sqrt(x)
	case -0.5:
		return 1 / cmplx.Sqrt(x)
	case 2:
		return x * x
	case 3:
		return x * x * x
	case -1:
		return 1 / x
	case -2:
		return 1 / (x * x)
	}
	return powComplex(x, y)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func b2c(b bool) complex128 {
	if b {
		return 1
	}
	return 0
}
