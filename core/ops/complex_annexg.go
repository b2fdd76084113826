package ops

import "math"

// Complex elementary functions with the branch cuts, signed zeros,
// infinities and NaNs of C99/C11 Annex G, which numpy and torch follow
// (through the C library). Go's math/cmplx departs from it in places: atan
// of 1.5i lands on the other side of its cut, atanh ignores the sign of a
// zero imaginary part, and inf * 0 products make NaNs where Annex G gives a
// zero. Where Annex G leaves a sign unspecified, the choice is glibc's (what
// numpy and torch return on Linux).
//
// The inverse functions use Kahan's formulas ("Branch cuts for complex
// elementary functions", 1987), which take their branch cuts from csqrt's
// and so honour signed zeros. The trigonometric functions are the
// hyperbolic ones rotated by i (Annex G's definitions: csin(z) = -i
// csinh(iz)); multiplying by +-i only swaps and negates components, so it is
// exact for every value.

// mulI is i * z.
func mulI(z complex128) complex128 { return complex(-imag(z), real(z)) }

// mulNegI is -i * z.
func mulNegI(z complex128) complex128 { return complex(imag(z), -real(z)) }

// atan2 is math.Atan2 with the sign of y always: Go's gives +pi for a
// negative y and x whose quotient underflows to +0 (atan2(-1e-300, -1e300)),
// where the angle is -pi.
func atan2(y, x float64) float64 { return math.Copysign(math.Atan2(y, x), y) }

func isInf(x float64) bool { return math.IsInf(x, 0) }

func isNaN(x float64) bool { return x != x }

func finite(x float64) bool { return !isInf(x) && !isNaN(x) }

// cis is r * (cos(y) + i sin(y)) with y == 0 kept exact (r * 0 would be NaN
// for an infinite r): the imaginary part is then y, its sign kept.
func cis(r, y float64) complex128 {
	if y == 0 {
		return complex(r, y)
	}
	s, c := math.Sincos(y)
	return complex(r*c, r*s)
}

// zeroTimes is the zero a * b where one of them is zero (and the other may
// be infinite or NaN, where the product itself would be NaN): its sign is
// the product of the signs.
// (a NaN counts as positive, whatever its sign bit).
func zeroTimes(a, b float64) float64 {
	if (math.Signbit(a) && !isNaN(a)) != (math.Signbit(b) && !isNaN(b)) {
		return math.Copysign(0, -1)
	}
	return 0
}

// cexp is exp(z).
func cexp(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case y == 0:
		return complex(math.Exp(x), y) // NaN + i0 included
	case isInf(x) && x > 0:
		if !finite(y) {
			return complex(x, math.NaN())
		}
		return cis(x, y)
	case isInf(x): // -inf: a zero of the direction cis(y), signs unspecified for y inf or NaN
		if !finite(y) {
			return complex(0, math.Copysign(0, y))
		}
		return cis(0, y)
	case !finite(x) || !finite(y):
		return complex(math.NaN(), math.NaN())
	case x > 709: // exp(x) overflows before the product does
		e := math.Exp(x / 2)
		s, c := math.Sincos(y)
		return complex(c*e*e, s*e*e)
	}
	return cis(math.Exp(x), y)
}

// clog is log(z): log|z| + i arg(z), arg by atan2 (which keeps signed zeros
// and gives the infinities' angles); near |z| = 1, log1p keeps the digits.
func clog(z complex128) complex128 {
	x, y := real(z), imag(z)
	ax, ay := math.Abs(x), math.Abs(y)
	if isInf(x) || isInf(y) {
		return complex(math.Inf(1), atan2(y, x))
	}
	if isNaN(x) || isNaN(y) {
		return complex(math.NaN(), math.NaN())
	}
	h := math.Hypot(x, y)
	re := math.Log(h)
	if h > 0.5 && h < 2 {
		big, small := max(ax, ay), min(ax, ay)
		re = math.Log1p((big-1)*(big+1)+small*small) / 2
	}
	return complex(re, atan2(y, x))
}

// csqrt is the principal square root: the real part >= +0, the imaginary
// part's sign that of imag(z) (including a zero's).
func csqrt(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case isInf(y):
		return complex(math.Inf(1), y)
	case isNaN(x):
		return complex(math.NaN(), math.NaN())
	case isInf(x):
		if x > 0 {
			if isNaN(y) {
				return complex(x, y)
			}
			return complex(x, math.Copysign(0, y))
		}
		if isNaN(y) {
			return complex(math.NaN(), math.Inf(1)) // sign unspecified: glibc's +inf
		}
		return complex(0, math.Copysign(math.Inf(1), y))
	case isNaN(y):
		return complex(math.NaN(), math.NaN())
	case x == 0 && y == 0:
		return complex(0, y)
	}
	// Scale away overflow of |x| + |z| and loss of subnormal digits.
	scale := 1.0
	const big, tiny = 0x1p1020, 0x1p-1020
	if math.Abs(x) > big || math.Abs(y) > big {
		x, y, scale = x/4, y/4, 2
	} else if math.Abs(x) < tiny && math.Abs(y) < tiny {
		x, y, scale = x*0x1p104, y*0x1p104, 0x1p-52
	}
	t := math.Sqrt((math.Abs(x) + math.Hypot(x, y)) / 2)
	if x >= 0 {
		return complex(t*scale, y/(2*t)*scale)
	}
	return complex(math.Abs(y)/(2*t)*scale, math.Copysign(t, y)*scale)
}

// csinh is sinh(z), odd and conjugate-symmetric.
func csinh(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case finite(x) && finite(y):
		if y == 0 {
			return complex(math.Sinh(x), y)
		}
		if x == 0 {
			return complex(x*math.Cos(y), math.Sin(y))
		}
		s, c := math.Sincos(y)
		if ax := math.Abs(x); ax > 709 { // cosh and sinh overflow before the products do
			e := math.Exp(ax / 2)
			return complex(math.Copysign(1, x)*c*(e/2)*e, s*(e/2)*e)
		}
		return complex(math.Sinh(x)*c, math.Cosh(x)*s)
	case isInf(x): // +-inf
		switch {
		case y == 0:
			return complex(x, y)
		case finite(y):
			s, c := math.Sincos(y)
			return complex(x*c, math.Inf(1)*s)
		}
		return complex(math.Inf(1), math.NaN()) // y inf or NaN: +-inf, glibc's +inf
	case x == 0: // y inf or NaN
		return complex(x, math.NaN())
	case y == 0: // x NaN
		return complex(x, y)
	}
	return complex(math.NaN(), math.NaN())
}

// ccosh is cosh(z), even and conjugate-symmetric.
func ccosh(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case finite(x) && finite(y):
		if y == 0 {
			return complex(math.Cosh(x), zeroTimes(x, y)) // sinh(x) sin(y)
		}
		if x == 0 {
			return complex(math.Cos(y), x*math.Sin(y))
		}
		s, c := math.Sincos(y)
		if ax := math.Abs(x); ax > 709 {
			e := math.Exp(ax / 2)
			return complex(c*(e/2)*e, math.Copysign(1, x)*s*(e/2)*e)
		}
		return complex(math.Cosh(x)*c, math.Sinh(x)*s)
	case isInf(x):
		switch {
		case y == 0:
			return complex(math.Inf(1), zeroTimes(x, y))
		case finite(y):
			s, c := math.Sincos(y)
			return complex(math.Inf(1)*c, x*s)
		}
		return complex(math.Inf(1), math.NaN())
	case x == 0: // y inf or NaN: NaN +- i0, glibc's +0
		return complex(math.NaN(), 0)
	case y == 0: // x NaN
		return complex(x, zeroTimes(x, y))
	}
	return complex(math.NaN(), math.NaN())
}

// ctanh is tanh(z), odd and conjugate-symmetric.
func ctanh(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case isInf(x):
		if !finite(y) {
			return complex(math.Copysign(1, x), math.Copysign(0, y))
		}
		return complex(math.Copysign(1, x), math.Copysign(0, math.Sin(2*y)))
	case isNaN(x):
		if y == 0 {
			return complex(x, y)
		}
		return complex(math.NaN(), math.NaN())
	case !finite(y):
		if x == 0 {
			return complex(x, math.NaN()) // C11: tanh(+-0 + i inf) = +-0 + i NaN
		}
		return complex(math.NaN(), math.NaN())
	case y == 0:
		return complex(math.Tanh(x), y)
	case math.Abs(x) > 22: // tanh(x) rounds to +-1; the imaginary part decays as exp(-2|x|)
		s, c := math.Sincos(y)
		e := math.Exp(-math.Abs(x))
		return complex(math.Copysign(1, x), 4*s*c*e*e)
	}
	// Kahan: t = tan(y), b = 1 + t^2, s = sinh(x), r = sqrt(1 + s^2).
	t := math.Tan(y)
	b := 1 + t*t
	s := math.Sinh(x)
	r := math.Sqrt(1 + s*s)
	d := 1 + b*s*s
	return complex(b*r*s/d, t/d)
}

// casinh is asinh(z): Kahan's asin of i z, rotated back.
func casinh(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case isInf(x):
		if isNaN(y) {
			return complex(x, y)
		}
		if isInf(y) {
			return complex(x, math.Copysign(math.Pi/4, y))
		}
		return complex(x, math.Copysign(0, y))
	case isInf(y):
		if isNaN(x) {
			return complex(math.Inf(1), x) // +-inf + i NaN: glibc's +inf
		}
		return complex(math.Copysign(math.Inf(1), x), math.Copysign(math.Pi/2, y))
	case isNaN(x):
		if y == 0 {
			return complex(x, y)
		}
		return complex(math.NaN(), math.NaN())
	case isNaN(y):
		return complex(math.NaN(), math.NaN())
	}
	if math.Abs(x) > 0x1p500 || math.Abs(y) > 0x1p500 { // asinh(z) ~ log(2z), where the products overflow
		w := clog(complex(math.Abs(x), math.Abs(y)))
		return complex(math.Copysign(real(w)+math.Ln2, x), math.Copysign(imag(w), y))
	}
	return mulNegI(asinFinite(mulI(z)))
}

// asinFinite is Kahan's asin for finite z: with s1 = sqrt(1 - z) and
// s2 = sqrt(1 + z), asin(z) = atan2(x, Re(s1 s2)) + i asinh(Im(conj(s1) s2)).
// 1 - z is formed component-wise so that a zero imaginary part keeps its
// sign. Components up to 2^500 keep the products finite.
func asinFinite(z complex128) complex128 {
	x, y := real(z), imag(z)
	s1 := csqrt(complex(1-x, -y))
	s2 := csqrt(complex(1+x, y))
	re := atan2(x, real(s1)*real(s2)-imag(s1)*imag(s2))
	im := math.Asinh(real(s1)*imag(s2) - imag(s1)*real(s2))
	return complex(re, im)
}

// casin is asin(z) = -i asinh(iz); with a NaN part, an infinite imaginary
// part takes the sign of imag(z) (Annex G leaves it unspecified; glibc's).
func casin(z complex128) complex128 {
	x, y := real(z), imag(z)
	if (isNaN(x) || isNaN(y)) && (isInf(x) || isInf(y)) {
		return complex(math.NaN(), math.Copysign(math.Inf(1), y))
	}
	return mulNegI(casinh(mulI(z)))
}

// infImagPositive turns NaN +- i inf into NaN + i inf: where Annex G leaves
// the sign of that infinity unspecified, glibc's csin gives +inf (not the
// sign the rotation of csinh carries).
func infImagPositive(w complex128) complex128 {
	if isNaN(real(w)) && isInf(imag(w)) {
		return complex(real(w), math.Inf(1))
	}
	return w
}

// cacos is acos(z): Kahan's 2 atan2(Re sqrt(1 - z), Re sqrt(1 + z)) +
// i asinh(Im(conj(sqrt(1 + z)) sqrt(1 - z))).
func cacos(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case isInf(x):
		if isNaN(y) {
			return complex(y, math.Inf(-1)) // NaN +- i inf: glibc's -inf
		}
		if isInf(y) {
			if x > 0 {
				return complex(math.Pi/4, -y)
			}
			return complex(3*math.Pi/4, -y)
		}
		if x > 0 {
			return complex(0, math.Copysign(math.Inf(1), -y))
		}
		return complex(math.Pi, math.Copysign(math.Inf(1), -y))
	case isInf(y):
		if isNaN(x) {
			return complex(x, -y)
		}
		return complex(math.Pi/2, -y)
	case isNaN(x):
		return complex(math.NaN(), math.NaN())
	case isNaN(y):
		if x == 0 {
			return complex(math.Pi/2, y)
		}
		return complex(math.NaN(), math.NaN())
	}
	if math.Abs(x) > 0x1p500 || math.Abs(y) > 0x1p500 {
		w := clog(complex(math.Abs(x), math.Abs(y)))
		re, im := atan2(math.Abs(y), x), real(w)+math.Ln2
		return complex(re, -math.Copysign(im, y))
	}
	s1 := csqrt(complex(1-x, -y))
	s2 := csqrt(complex(1+x, y))
	re := 2 * atan2(real(s1), real(s2))
	im := math.Asinh(real(s2)*imag(s1) - imag(s2)*real(s1))
	return complex(re, im)
}

// cacosh is acosh(z): Kahan's asinh(Re(conj(sqrt(z - 1)) sqrt(z + 1))) +
// i 2 atan2(Im sqrt(z - 1), Re sqrt(z + 1)).
func cacosh(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case isInf(x):
		if isNaN(y) {
			return complex(math.Inf(1), y)
		}
		if isInf(y) {
			if x > 0 {
				return complex(math.Inf(1), math.Copysign(math.Pi/4, y))
			}
			return complex(math.Inf(1), math.Copysign(3*math.Pi/4, y))
		}
		if x > 0 {
			return complex(math.Inf(1), math.Copysign(0, y))
		}
		return complex(math.Inf(1), math.Copysign(math.Pi, y))
	case isInf(y):
		if isNaN(x) {
			return complex(math.Inf(1), x)
		}
		return complex(math.Inf(1), math.Copysign(math.Pi/2, y))
	case isNaN(y) && x == 0:
		return complex(y, math.Pi/2) // C11
	case isNaN(x) || isNaN(y):
		return complex(math.NaN(), math.NaN())
	}
	if math.Abs(x) > 0x1p500 || math.Abs(y) > 0x1p500 {
		w := clog(complex(math.Abs(x), math.Abs(y)))
		return complex(real(w)+math.Ln2, math.Copysign(atan2(math.Abs(y), x), y))
	}
	s1 := csqrt(complex(x-1, y))
	s2 := csqrt(complex(x+1, y))
	re := math.Asinh(real(s1)*real(s2) + imag(s1)*imag(s2))
	im := 2 * atan2(imag(s1), real(s2))
	return complex(re, im)
}

// catanh is atanh(z), odd and conjugate-symmetric; its cuts run along the
// real axis beyond +-1, where the sign of a zero imaginary part picks the side.
func catanh(z complex128) complex128 {
	x, y := real(z), imag(z)
	switch {
	case isInf(x) || isInf(y):
		if isNaN(y) {
			return complex(math.Copysign(0, x), y)
		}
		return complex(math.Copysign(0, x), math.Copysign(math.Pi/2, y)) // a NaN x: its sign bit, as glibc
	case isNaN(x):
		return complex(math.NaN(), math.NaN())
	case isNaN(y):
		if x == 0 {
			return complex(x, y)
		}
		return complex(math.NaN(), math.NaN())
	}
	ax, ay := math.Abs(x), math.Abs(y)
	if ax > 0x1p500 || ay > 0x1p500 { // atanh(z) ~ 1/z + i pi/2 sign(y)
		s := max(ax, ay)
		xs, ys := x/s, y/s
		return complex(xs/(xs*xs+ys*ys)/s, math.Copysign(math.Pi/2, y))
	}
	var re float64
	den := (1-ax)*(1-ax) + ay*ay
	if den < 4*ax { // near +-1: the ratio of distances to -1 and +1, without underflow
		re = (math.Log(math.Hypot(1+ax, ay)) - math.Log(math.Hypot(1-ax, ay))) / 2
	} else {
		re = math.Log1p(4*ax/den) / 4
	}
	im := atan2(2*y, (1-x)*(1+x)-y*y) / 2
	return complex(math.Copysign(re, x), im)
}

// catan is atan(z) = -i atanh(iz).
func catan(z complex128) complex128 { return mulNegI(catanh(mulI(z))) }

// csin is sin(z) = -i sinh(iz).
func csin(z complex128) complex128 { return infImagPositive(mulNegI(csinh(mulI(z)))) }

// ccos is cos(z) = cosh(iz).
func ccos(z complex128) complex128 { return ccosh(mulI(z)) }

// ctan is tan(z) = -i tanh(iz).
func ctan(z complex128) complex128 { return mulNegI(ctanh(mulI(z))) }
