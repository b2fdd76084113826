package oracle

import (
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/dtype"
)

// BinaryArgs are the optional arguments of the binary ops.
type BinaryArgs struct {
	Alpha        *Number // add, sub: other is scaled by alpha
	RoundingMode string  // div: "", "trunc" or "floor"
}

// BroadcastShapes is the shape two operands broadcast to (torch's rules:
// aligned on the right, each size equal or 1).
func BroadcastShapes(a, b []int64) ([]int64, error) {
	n := max(len(a), len(b))
	out := make([]int64, n)
	for i := range n {
		x, y := int64(1), int64(1)
		if j := len(a) - n + i; j >= 0 {
			x = a[j]
		}
		if j := len(b) - n + i; j >= 0 {
			y = b[j]
		}
		switch {
		case x == y || y == 1:
			out[i] = x
		case x == 1:
			out[i] = y
		default:
			return nil, errorf("shapes %v and %v do not broadcast (dim %d: %d vs %d)", a, b, i, x, y)
		}
	}
	return out, nil
}

// at is a's element at idx of the broadcast shape (a's shape aligned on the right).
func (a Array) at(idx []int64) complex128 {
	off := len(idx) - len(a.Shape)
	p := int64(0)
	for d, s := range a.Shape {
		i := idx[off+d]
		if s == 1 {
			i = 0
		}
		p = p*s + i
	}
	return a.V[p]
}

// Binary applies torch's element-wise op name to a and b (tensors or
// numbers made by NumberArray), broadcast.
func Binary(name string, a, b Array, args BinaryArgs) (Array, error) {
	if a.Wrapped && b.Wrapped {
		return Array{}, errorf("%s: at least one operand must be a tensor", name)
	}
	shape, err := BroadcastShapes(a.Shape, b.Shape)
	if err != nil {
		return Array{}, err
	}
	common := ResultType(a.operand(), b.operand())
	cat := CategoryOf(common)
	out := common
	switch name {
	case "add", "sub":
		if name == "sub" && (a.DType == dtype.Bool || b.DType == dtype.Bool) {
			return Array{}, errorf("sub: bool operands are refused")
		}
		if args.Alpha != nil {
			// torch's alpha_check: a bool alpha only for a bool result, an
			// integral (or bool) alpha for an integral or bool result, a
			// complex alpha only for a complex result.
			ak := CategoryOf(args.Alpha.Kind)
			if (ak == CatBool && cat != CatBool) || (cat <= CatInt && ak >= CatFloat) || (cat == CatFloat && ak == CatComplex) {
				return Array{}, errorf("%s: alpha of kind %s does not fit a %s result", name, args.Alpha.Kind, common)
			}
		}
	case "div", "true_divide":
		switch args.RoundingMode {
		case "":
			if cat <= CatInt {
				out = dtype.Float32
			}
		case "trunc", "floor":
			if cat == CatComplex || cat == CatBool {
				return Array{}, errorf("div: rounding modes refuse complex and bool operands")
			}
		default:
			return Array{}, errorf("div: unknown rounding_mode %q", args.RoundingMode)
		}
	case "floor_divide", "maximum", "minimum", "lt", "le", "gt", "ge", "pow":
		if cat == CatComplex && name != "pow" {
			return Array{}, errorf("%s: complex operands are refused", name)
		}
		// torch's bool pow takes only a number exponent: True ** t and t ** t0d are refused
		if cat == CatBool && (name == "floor_divide" || name == "pow" && !b.Wrapped) {
			return Array{}, errorf("%s: bool operands are refused", name)
		}
	case "remainder", "fmod":
		if cat == CatComplex || cat == CatBool {
			return Array{}, errorf("%s: complex and bool operands are refused", name)
		}
	case "atan2":
		if cat == CatComplex {
			return Array{}, errorf("atan2: complex operands are refused")
		}
		if cat <= CatInt {
			out = dtype.Float32
		}
	case "eq", "ne", "mul":
	default:
		return Array{}, errorf("binary op %q is not modelled", name)
	}
	switch name {
	case "eq", "ne", "lt", "le", "gt", "ge":
		out = dtype.Bool
	}
	if cat <= CatInt && b.Wrapped && b.V[0] == 0 && Numel(shape) > 0 && (name == "floor_divide" || name == "remainder" || name == "fmod" || name == "div" && args.RoundingMode != "") {
		return Array{}, errorf("%s: integer division by the number 0 (ZeroDivisionError)", name)
	}
	if name == "pow" && cat <= CatInt && b.Wrapped && real(b.V[0]) < 0 {
		return Array{}, errorf("pow: integers to negative integer powers are refused")
	}
	alpha := complex128(1)
	if args.Alpha != nil {
		alpha = args.Alpha.V
	}
	if cat == CatBool && alpha != 0 {
		alpha = 1 // torch computes a bool add as x || (alpha && y): alpha -1 is true
	}
	r := Zeros(out, shape)
	idx := make([]int64, len(shape))
	for i := range r.V {
		Unravel(int64(i), shape, idx)
		x, y := Round(common, a.at(idx)), Round(common, b.at(idx))
		if name == "pow" && b.Wrapped && (y == 0 || y == 1) {
			// torch's pow with a number exponent: x**0 is 1 and x**1 is x, NaN included
			if y == 0 {
				x = 1
			}
			r.V[i] = Round(out, x)
			continue
		}
		if name == "pow" && b.Wrapped && cat >= CatFloat {
			if v, ok := specialExponent(x, y, cat == CatComplex); ok {
				r.V[i] = Round(out, v)
				continue
			}
		}
		var v complex128
		var err error
		switch {
		case name == "atan2": // computed in the float result dtype
			v = complex(math.Atan2(real(Round(out, x)), real(Round(out, y))), 0)
		case cat == CatBool || cat == CatInt:
			v, err = intOp(name, args.RoundingMode, common, toInt(real(x)), toInt(real(y)), toInt(real(alpha)))
		case cat == CatFloat:
			v = complex(realOp(name, args.RoundingMode, real(x), real(y), real(alpha)), 0)
		default:
			v = complexOp(name, x, y, alpha)
		}
		if err != nil {
			return Array{}, err
		}
		r.V[i] = Round(out, v)
	}
	return r, nil
}

// specialExponent is x**y for the number exponents torch's scalar pow
// kernel computes through sqrt and products rather than pow: 0.5 and
// -0.5 (sqrt, 1/sqrt), 2 and 3 (x*x, x*x*x), -1 and -2 (1/x, 1/(x*x)),
// in real arithmetic for reals and complex arithmetic for complex x; ok is
// false for every other exponent.
func specialExponent(x, y complex128, isComplex bool) (complex128, bool) {
	if imag(y) != 0 {
		return 0, false
	}
	e := real(y)
	if !isComplex {
		r := real(x)
		switch e {
		case 0.5:
			return complex(math.Sqrt(r), 0), true
		case -0.5:
			return complex(1/math.Sqrt(r), 0), true
		case 2:
			return complex(r*r, 0), true
		case 3:
			return complex(r*r*r, 0), true
		case -1:
			return complex(1/r, 0), true
		case -2:
			return complex(1/(r*r), 0), true
		}
		return 0, false
	}
	switch e {
	case 0.5:
		return cmplx.Sqrt(x), true
	case -0.5:
		return 1 / cmplx.Sqrt(x), true
	case 2:
		return x * x, true
	case 3:
		return x * x * x, true
	case -1:
		return 1 / x, true
	case -2:
		return 1 / (x * x), true
	}
	return 0, false
}

// intOp is op on integers (and bools, as 0 and 1) of dtype d.
func intOp(name, mode string, d dtype.DType, x, y, alpha int64) (complex128, error) {
	i := func(v int64) complex128 { return complex(float64(Wrap(d, v)), 0) }
	switch name {
	case "add":
		return i(x + alpha*y), nil
	case "sub":
		return i(x - alpha*y), nil
	case "mul":
		return i(x * y), nil
	case "div", "true_divide":
		switch mode {
		case "":
			return complex(float64(float32(x))/float64(float32(y)), 0), nil // both operands as float32
		case "trunc":
			if y == 0 {
				return 0, errorf("div: integer division by zero")
			}
			return i(x / y), nil
		}
		fallthrough
	case "floor_divide":
		if y == 0 {
			return 0, errorf("%s: integer division by zero", name)
		}
		q := x / y
		if x%y != 0 && (x < 0) != (y < 0) {
			q--
		}
		return i(q), nil
	case "remainder", "fmod":
		if y == 0 {
			return 0, errorf("%s: integer division by zero", name)
		}
		r := x % y // C's remainder: the dividend's sign
		if name == "remainder" && r != 0 && (r < 0) != (y < 0) {
			r += y // Python's: the divisor's sign
		}
		return i(r), nil
	case "maximum":
		return i(max(x, y)), nil
	case "minimum":
		return i(min(x, y)), nil
	case "pow":
		return i(powInt(x, y)), nil
	}
	return b2c(compare(name, float64(x), float64(y))), nil
}

// powInt is x**y in wrapping integer arithmetic; a negative y gives 1 for
// x = 1, +-1 for x = -1 and 0 otherwise (torch's integer pow).
func powInt(x, y int64) int64 {
	if y < 0 {
		switch x {
		case 1:
			return 1
		case -1:
			if y%2 == 0 {
				return 1
			}
			return -1
		}
		return 0
	}
	r := int64(1)
	for range y {
		r *= x
	}
	return r
}

// realOp is op on floats.
func realOp(name, mode string, x, y, alpha float64) float64 {
	switch name {
	case "add": // one rounding, as torch's float64 add with alpha (its dense + sparse add rounds alpha*y first: within the property test's tolerance)
		return math.FMA(alpha, y, x)
	case "sub":
		return math.FMA(-alpha, y, x)
	case "mul":
		return x * y
	case "div", "true_divide":
		switch mode {
		case "trunc":
			return math.Trunc(x / y)
		case "floor":
			return floorDiv(x, y)
		}
		return x / y
	case "floor_divide":
		return floorDiv(x, y)
	case "fmod":
		return math.Mod(x, y)
	case "remainder":
		r := math.Mod(x, y)
		if r != 0 && (r < 0) != (y < 0) {
			r += y
		}
		return r
	case "maximum", "minimum":
		if math.IsNaN(x) || math.IsNaN(y) {
			return math.NaN()
		}
		if name == "maximum" {
			return math.Max(x, y)
		}
		return math.Min(x, y)
	case "pow":
		return math.Pow(x, y)
	}
	return b2f(compare(name, x, y))
}

// floorDiv is torch's floor division of floats: Python's rule, the
// quotient of the exact remainder, rounded down.
func floorDiv(x, y float64) float64 {
	if y == 0 {
		return x / y
	}
	mod := math.Mod(x, y)
	div := (x - mod) / y
	if mod != 0 && (y < 0) != (mod < 0) {
		div--
	}
	if div == 0 {
		return math.Copysign(0, x/y)
	}
	fl := math.Floor(div)
	if div-fl > 0.5 {
		fl++
	}
	return fl
}

// complexOp is op on complex numbers (add, sub, mul, div, pow, eq, ne).
func complexOp(name string, x, y, alpha complex128) complex128 {
	switch name {
	case "add":
		return x + alpha*y
	case "sub":
		return x - alpha*y
	case "mul":
		return x * y
	case "div", "true_divide":
		return x / y
	case "pow":
		if y == 0 {
			// torch's exp(0 * log x): NaN where log x is not finite (x zero,
			// NaN or infinite), else 1; Go's cmplx.Pow gives 1 for 0**0 and inf**0
			if l := cmplx.Log(x); cmplx.IsNaN(l) || cmplx.IsInf(l) {
				return cmplx.NaN()
			}
			return 1
		}
		if x == 0 && (math.IsNaN(real(y)) || math.IsNaN(imag(y))) {
			return cmplx.NaN() // exp(y log 0); Go's cmplx.Pow panics on it
		}
		return cmplx.Pow(x, y)
	case "eq":
		return b2c(x == y)
	}
	return b2c(x != y) // ne
}

// compare is a comparison op on reals (false for NaN, except ne).
func compare(name string, x, y float64) bool {
	switch name {
	case "eq":
		return x == y
	case "ne":
		return x != y
	case "lt":
		return x < y
	case "le":
		return x <= y
	case "gt":
		return x > y
	}
	return x >= y
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Where is torch.where(cond, x, y): x where cond is non-zero, else y, all
// three broadcast; the dtype is result_type(x, y).
func Where(cond, x, y Array) (Array, error) {
	s, err := BroadcastShapes(cond.Shape, x.Shape)
	if err != nil {
		return Array{}, err
	}
	if s, err = BroadcastShapes(s, y.Shape); err != nil {
		return Array{}, err
	}
	out := ResultType(x.operand(), y.operand())
	r := Zeros(out, s)
	idx := make([]int64, len(s))
	for i := range r.V {
		Unravel(int64(i), s, idx)
		v := y.at(idx)
		if cond.at(idx) != 0 {
			v = x.at(idx)
		}
		r.V[i] = Round(out, v)
	}
	return r, nil
}

// MaskedFill is torch.masked_fill(a, mask, value): value where the bool
// mask (broadcast to a's shape) is true; a's dtype.
func MaskedFill(a, mask Array, value Number) (Array, error) {
	if mask.DType != dtype.Bool {
		return Array{}, errorf("masked_fill: mask must be bool, got %s", mask.DType)
	}
	s, err := BroadcastShapes(a.Shape, mask.Shape)
	if err != nil || len(s) != len(a.Shape) {
		return Array{}, errorf("masked_fill: mask %v does not broadcast to %v", mask.Shape, a.Shape)
	}
	r := a.Clone()
	idx := make([]int64, len(s))
	for i := range r.V {
		Unravel(int64(i), s, idx)
		if mask.at(idx) != 0 {
			r.V[i] = Round(a.DType, value.V)
		}
	}
	return r, nil
}
