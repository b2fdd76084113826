package ops

import (
	"fmt"
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

var (
	pInf, nInf = math.Inf(1), math.Inf(-1)
	nan        = math.NaN()
	nZero      = math.Copysign(0, -1)
	pi         = math.Pi
)

// sameComplex compares w and g component-wise: NaN with NaN, zeros by sign,
// infinities exactly, finite values within tol relative to |w|.
func sameComplex(w, g complex128, tol float64) bool {
	scale := math.Hypot(real(w), imag(w))
	for _, p := range [][2]float64{{real(w), real(g)}, {imag(w), imag(g)}} {
		a, b := p[0], p[1]
		switch {
		case math.IsNaN(a) || math.IsNaN(b):
			if math.IsNaN(a) != math.IsNaN(b) {
				return false
			}
		case a == 0 && b == 0:
			if math.Signbit(a) != math.Signbit(b) {
				return false
			}
		case math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsInf(scale, 0):
			if a != b && !(math.Abs(a-b) <= tol*math.Abs(a)) {
				return false
			}
		default:
			if math.Abs(a-b) > tol*scale {
				return false
			}
		}
	}
	return true
}

// annexGCase is one special value from C11 Annex G (G.6), or from the
// issue: f(z) == want, the signs of zeros and infinities included.
type annexGCase struct {
	fn   string
	z    complex128
	want complex128
}

var annexGCases = []annexGCase{
	// issue 38 item 9: atan(1.5i) lies on the right of its cut (torch, numpy)
	{"atan", complex(0, 1.5), complex(pi/2, 0.8047189562170501)},
	{"atan", complex(nZero, 1.5), complex(-pi/2, 0.8047189562170501)},
	{"atanh", complex(2, nZero), complex(0.5493061443340549, -pi/2)},
	{"atanh", complex(2, 0), complex(0.5493061443340549, pi/2)},
	{"atanh", complex(-2, 0), complex(-0.5493061443340549, pi/2)},
	// G.6.1.1 cacos
	{"acos", complex(0, 0), complex(pi/2, nZero)},
	{"acos", complex(nZero, 0), complex(pi/2, nZero)},
	{"acos", complex(0, nan), complex(pi/2, nan)},
	{"acos", complex(1.5, pInf), complex(pi/2, nInf)},
	{"acos", complex(nInf, 1), complex(pi, nInf)},
	{"acos", complex(pInf, 1), complex(0, nInf)},
	{"acos", complex(nInf, pInf), complex(3*pi/4, nInf)},
	{"acos", complex(pInf, pInf), complex(pi/4, nInf)},
	{"acos", complex(nan, pInf), complex(nan, nInf)},
	{"acos", complex(nan, 1), complex(nan, nan)},
	{"acos", complex(-2, 0), complex(pi, -1.3169578969248166)},
	{"acos", complex(-2, nZero), complex(pi, 1.3169578969248166)},
	// G.6.2.1 cacosh
	{"acosh", complex(0, 0), complex(0, pi/2)},
	{"acosh", complex(nZero, 0), complex(0, pi/2)},
	{"acosh", complex(1, pInf), complex(pInf, pi/2)},
	{"acosh", complex(nInf, 1), complex(pInf, pi)},
	{"acosh", complex(pInf, 1), complex(pInf, 0)},
	{"acosh", complex(nInf, pInf), complex(pInf, 3*pi/4)},
	{"acosh", complex(pInf, pInf), complex(pInf, pi/4)},
	{"acosh", complex(pInf, nan), complex(pInf, nan)},
	{"acosh", complex(nan, pInf), complex(pInf, nan)},
	{"acosh", complex(0.5, nZero), complex(0, -1.0471975511965979)},
	// G.6.2.2 casinh
	{"asinh", complex(0, 0), complex(0, 0)},
	{"asinh", complex(1, pInf), complex(pInf, pi/2)},
	{"asinh", complex(pInf, 1), complex(pInf, 0)},
	{"asinh", complex(pInf, pInf), complex(pInf, pi/4)},
	{"asinh", complex(pInf, nan), complex(pInf, nan)},
	{"asinh", complex(nan, 0), complex(nan, 0)},
	{"asinh", complex(nan, 1), complex(nan, nan)},
	{"asinh", complex(0, 2), complex(1.3169578969248166, pi/2)},
	{"asinh", complex(nZero, 2), complex(-1.3169578969248166, pi/2)},
	// G.6.2.3 catanh
	{"atanh", complex(0, 0), complex(0, 0)},
	{"atanh", complex(0, nan), complex(0, nan)},
	{"atanh", complex(1, 0), complex(pInf, 0)},
	{"atanh", complex(1, pInf), complex(0, pi/2)},
	{"atanh", complex(1, nan), complex(nan, nan)},
	{"atanh", complex(pInf, 1), complex(0, pi/2)},
	{"atanh", complex(pInf, pInf), complex(0, pi/2)},
	{"atanh", complex(pInf, nan), complex(0, nan)},
	{"atanh", complex(nan, 1), complex(nan, nan)},
	// G.6.2.4 ccosh
	{"cosh", complex(0, 0), complex(1, 0)},
	{"cosh", complex(1, pInf), complex(nan, nan)},
	{"cosh", complex(pInf, 0), complex(pInf, 0)},
	{"cosh", complex(pInf, 1), complex(pInf*math.Cos(1), pInf*math.Sin(1))},
	{"cosh", complex(pInf, nan), complex(pInf, nan)},
	{"cosh", complex(nan, 1), complex(nan, nan)},
	// G.6.2.5 csinh
	{"sinh", complex(0, 0), complex(0, 0)},
	{"sinh", complex(pInf, 0), complex(pInf, 0)},
	{"sinh", complex(pInf, 2), complex(pInf*math.Cos(2), pInf)},
	{"sinh", complex(1, pInf), complex(nan, nan)},
	{"sinh", complex(nan, 0), complex(nan, 0)},
	{"sinh", complex(1e300, 0), complex(pInf, 0)}, // no inf * 0
	// G.6.2.6 ctanh
	{"tanh", complex(0, 0), complex(0, 0)},
	{"tanh", complex(pInf, 1), complex(1, 0)},
	{"tanh", complex(pInf, 2), complex(1, nZero)}, // sin(4) < 0
	{"tanh", complex(nan, 0), complex(nan, 0)},
	{"tanh", complex(1, pInf), complex(nan, nan)},
	// G.6.3.1 cexp
	{"exp", complex(0, 0), complex(1, 0)},
	{"exp", complex(1, pInf), complex(nan, nan)},
	{"exp", complex(pInf, 0), complex(pInf, 0)},
	{"exp", complex(nInf, 1), complex(0*math.Cos(1), 0*math.Sin(1))},
	{"exp", complex(pInf, 1), complex(pInf*math.Cos(1), pInf*math.Sin(1))},
	{"exp", complex(nan, 0), complex(nan, 0)},
	{"exp", complex(nan, 1), complex(nan, nan)},
	{"exp", complex(1e300, nZero), complex(pInf, nZero)},
	// G.6.3.2 clog
	{"log", complex(nZero, 0), complex(nInf, pi)},
	{"log", complex(0, 0), complex(nInf, 0)},
	{"log", complex(1, pInf), complex(pInf, pi/2)},
	{"log", complex(1, nan), complex(nan, nan)},
	{"log", complex(nInf, 1), complex(pInf, pi)},
	{"log", complex(pInf, 1), complex(pInf, 0)},
	{"log", complex(nInf, pInf), complex(pInf, 3*pi/4)},
	{"log", complex(pInf, pInf), complex(pInf, pi/4)},
	{"log", complex(nInf, nan), complex(pInf, nan)},
	{"log", complex(nan, pInf), complex(pInf, nan)},
	{"log", complex(-2, nZero), complex(math.Ln2, -pi)},
	{"log", complex(-1e300, -1e-300), complex(math.Log(1e300), -pi)}, // y / x underflows
	// G.6.4.2 csqrt
	{"sqrt", complex(0, 0), complex(0, 0)},
	{"sqrt", complex(nZero, nZero), complex(0, nZero)},
	{"sqrt", complex(1, pInf), complex(pInf, pInf)},
	{"sqrt", complex(nan, pInf), complex(pInf, pInf)},
	{"sqrt", complex(1, nan), complex(nan, nan)},
	{"sqrt", complex(nInf, 1), complex(0, pInf)},
	{"sqrt", complex(pInf, 1), complex(pInf, 0)},
	{"sqrt", complex(pInf, nan), complex(pInf, nan)},
	{"sqrt", complex(nan, 1), complex(nan, nan)},
	{"sqrt", complex(-4, nZero), complex(0, -2)},
	{"sqrt", complex(-4, 0), complex(0, 2)},
	{"sqrt", complex(math.MaxFloat64, math.MaxFloat64), complex(1.4730945569055654e154, 6.101757441282702e153)},
	// the trigonometric functions are the hyperbolic ones rotated by i
	{"sin", complex(0, 0), complex(0, 0)},
	{"sin", complex(0, 1e300), complex(0, pInf)},
	{"cos", complex(0, 1e300), complex(pInf, nZero)},
	{"tan", complex(1, pInf), complex(0, 1)},
	{"asin", complex(2, 0), complex(pi/2, 1.3169578969248166)},
	{"asin", complex(2, nZero), complex(pi/2, -1.3169578969248166)},
	{"asin", complex(nan, pInf), complex(nan, pInf)},
	// log1p and expm1: the same cuts, formed without 1 + z rounding
	{"log1p", complex(-3, nZero), complex(math.Ln2, -pi)},
	{"log1p", complex(0.5, nZero), complex(math.Log(1.5), nZero)},
	{"angle", complex(-1e300, -1e-300), complex(-pi, 0)},
	// isnan: either part NaN, even beside an infinity (numpy, torch; not cmplx.IsNaN)
	{"isnan", complex(pInf, nan), complex(1, 0)},
	{"isnan", complex(nan, nInf), complex(1, 0)},
	{"isnan", complex(pInf, 0), complex(0, 0)},
}

// TestComplexAnnexGSpecialValues runs every unary op on the special values
// of C11 Annex G, through UnaryByName on a strided and a sparse (fill)
// operand (issue 38 item 9: Go's math/cmplx put atan(1.5i) on the wrong side
// of its cut, ignored the sign of zero in atanh, made NaNs from inf * 0).
func TestComplexAnnexGSpecialValues(t *testing.T) {
	for _, c := range annexGCases {
		for _, d := range []dtype.DType{dtype.Complex128, dtype.Complex64} {
			if d == dtype.Complex64 && (math.Abs(real(c.z)) > math.MaxFloat32 || math.Abs(imag(c.z)) > math.MaxFloat32 ||
				(real(c.z) != 0 && math.Abs(real(c.z)) < 1e-30) || (imag(c.z) != 0 && math.Abs(imag(c.z)) < 1e-30)) {
				continue // not representable in complex64
			}
			a := dtype.NewArray(d, []int64{1})
			a.SetComplex(0, dtype.Complex128Scalar(c.z))
			x, err := tensor.NewStrided(a)
			require.NoError(t, err)
			// a sparse operand storing nothing, c.z its fill
			e, err := tensor.Empty(tensor.COO, d, []int64{1}, [2]int64{}, 0)
			require.NoError(t, err)
			sp, err := tensor.WithFill(e, tensor.ScalarBytes(d, dtype.Complex128Scalar(c.z)))
			require.NoError(t, err)
			tol := 1e-15
			if d == dtype.Complex64 {
				tol = 1e-6
			}
			for _, in := range []*tensor.Tensor{x, sp} {
				r, err := UnaryByName(c.fn, in, UnaryArgs{})
				require.NoError(t, err)
				dr, err := convert.ToDense(r)
				require.NoError(t, err)
				v := dr.Values().Complex(0)
				got := complex(v.Re(), v.Im())
				require.True(t, sameComplex(c.want, got, tol), "%s(%v) %s %s: want %v, got %v", c.fn, c.z, d, in.Layout(), c.want, got)
			}
		}
	}
}

// complexFns are the element functions under test, by torch's name.
var complexFns = map[string]func(complex128) complex128{
	"sqrt": csqrt, "exp": cexp, "log": clog, "sin": csin, "cos": ccos, "tan": ctan,
	"asin": casin, "acos": cacos, "atan": catan, "sinh": csinh, "cosh": ccosh, "tanh": ctanh,
	"asinh": casinh, "acosh": cacosh, "atanh": catanh, "log1p": log1pComplex, "expm1": expm1Complex,
}

// gridValues are finite components, signed zeros, points on and next to
// the branch points, tiny and huge magnitudes.
var gridValues = []float64{0, nZero, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2, 1 + 1e-9, -1 - 1e-9, 1e-300, -1e-300, 1e-8, 3e200, -3e200, 1e300, -1e300, 0x1p600}

// TestComplexCutsFromFirstPrinciples checks, without a reference library:
// the principal ranges; conjugate symmetry (f(conj z) = conj f(z)) and
// oddness or evenness, signed zeros included; that a point on a branch cut
// with imaginary part +-0 takes the limit from that side (f(x +- 0i) is
// f(x +- tiny i)); and round trips through the inverse functions.
func TestComplexCutsFromFirstPrinciples(t *testing.T) {
	odd := map[string]bool{"sin": true, "tan": true, "asin": true, "atan": true, "sinh": true, "tanh": true, "asinh": true, "atanh": true}
	even := map[string]bool{"cos": true, "cosh": true}
	for name, f := range complexFns {
		for _, x := range gridValues {
			for _, y := range gridValues {
				z := complex(x, y)
				w := f(z)
				msg := fmt.Sprintf("%s(%v)", name, z)
				require.True(t, sameComplex(complex(real(w), -imag(w)), f(complex(x, -y)), 1e-15), "%s: conjugate symmetry: %v vs %v", msg, w, f(complex(x, -y)))
				if odd[name] {
					require.True(t, sameComplex(-w, f(-z), 1e-15), "%s: odd: %v vs %v", msg, w, f(-z))
				}
				if even[name] {
					require.True(t, sameComplex(w, f(-z), 1e-15), "%s: even: %v vs %v", msg, w, f(-z))
				}
				checkPrincipalRange(t, name, z, w)
				if y == 0 && math.Abs(x) < 1e10 && !math.IsInf(real(w), 0) && !(x == 0 && (name == "log" || name == "sqrt")) {
					// (not at a pole, nor at a branch point, where the limit depends on the direction)
					// on the real axis: the side of the zero's sign
					tiny := math.Copysign(max(math.Abs(x)*1e-20, 1e-320), y)
					near := f(complex(x, tiny))
					require.True(t, sideClose(near, w), "%s: f(x %+v i) = %v is not the limit from its side, %v", msg, y, w, near)
				}
			}
		}
	}
	// Round trips: f^-1(f(z)) == z where z lies in f^-1's principal range.
	pairs := [][2]string{{"exp", "log"}, {"sin", "asin"}, {"cos", "acos"}, {"tan", "atan"}, {"sinh", "asinh"}, {"cosh", "acosh"}, {"tanh", "atanh"}, {"expm1", "log1p"}}
	for _, p := range pairs {
		f, g := complexFns[p[0]], complexFns[p[1]]
		for _, x := range []float64{-1.2, -0.4, 0.1, 0.7, 1.3} {
			for _, y := range []float64{-0.9, -0.2, 0.3, 1.1} {
				z := complex(x, y)
				if p[0] == "cos" || p[0] == "cosh" { // the principal ranges of acos and acosh
					z = complex(math.Abs(x), y)
				}
				if p[0] == "cosh" {
					z = complex(math.Abs(x), y)
				}
				back := g(f(z))
				require.True(t, sameComplex(z, back, 1e-12), "%s(%s(%v)) = %v", p[1], p[0], z, back)
			}
		}
	}
}

// sideClose compares a function's values at a point on the real axis and
// next to it: across a cut the two sides differ by O(1) (2 pi i, the sign of
// the imaginary part), which is what this detects.
func sideClose(near, w complex128) bool {
	for _, p := range [][2]float64{{real(near), real(w)}, {imag(near), imag(w)}} {
		a, b := p[0], p[1]
		if math.IsNaN(a) || math.IsNaN(b) {
			if math.IsNaN(a) != math.IsNaN(b) {
				return false
			}
			continue
		}
		if math.Abs(a-b) > 1e-6*(1+math.Abs(a)) {
			return false
		}
	}
	return true
}

// checkPrincipalRange asserts the principal branch's range.
func checkPrincipalRange(t *testing.T, name string, z, w complex128) {
	t.Helper()
	re, im := real(w), imag(w)
	in := func(v, lo, hi float64) bool { return math.IsNaN(v) || (v >= lo && v <= hi) }
	ok := true
	switch name {
	case "sqrt":
		ok = math.IsNaN(re) || !math.Signbit(re)
	case "log", "log1p":
		ok = in(im, -pi, pi)
	case "asin", "atan":
		ok = in(re, -pi/2, pi/2)
	case "acos":
		ok = in(re, 0, pi)
	case "asinh", "atanh":
		ok = in(im, -pi/2, pi/2)
	case "acosh":
		ok = (math.IsNaN(re) || !math.Signbit(re)) && in(im, -pi, pi)
	}
	require.True(t, ok, "%s(%v) = %v lies outside the principal range", name, z, w)
}
