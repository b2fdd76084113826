package oracle

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/dtype"
)

// UnaryArgs are the optional arguments of the unary ops.
type UnaryArgs struct {
	Exponent *Number // pow
	Min, Max *Number // clamp
	NaN      *float64
	PosInf   *float64 // nan_to_num
	NegInf   *float64
}

// Number is a number operand: Kind Bool, Int64, Float64 or Complex128 (a
// Python literal's type), V its value.
type Number struct {
	Kind dtype.DType
	V    complex128
}

// Unary applies torch's element-wise op name to every element of a.
func Unary(name string, a Array, args UnaryArgs) (Array, error) {
	d, c := a.DType, CategoryOf(a.DType)
	toFloat := d // the dtype of the transcendental functions: integers give float32
	if c <= CatInt {
		toFloat = dtype.Float32
	}
	realOf := func(d dtype.DType) dtype.DType {
		switch d {
		case dtype.Complex64:
			return dtype.Float32
		case dtype.Complex128:
			return dtype.Float64
		}
		return d
	}
	var out dtype.DType
	var f func(v complex128) complex128
	switch name {
	case "abs":
		if c == CatBool {
			return Array{}, errorf("abs: bool tensors are refused")
		}
		out, f = realOf(d), func(v complex128) complex128 { return complex(cmplx.Abs(v), 0) }
	case "neg":
		if c == CatBool {
			return Array{}, errorf("neg: bool tensors are refused")
		}
		out, f = d, func(v complex128) complex128 { return -v }
	case "sign", "sgn":
		if name == "sign" && c == CatComplex {
			return Array{}, errorf("sign: complex tensors are refused (use sgn)")
		}
		out, f = d, func(v complex128) complex128 {
			if c == CatComplex {
				if v == 0 {
					return 0
				}
				return v / complex(cmplx.Abs(v), 0)
			}
			x := real(v)
			switch {
			case x > 0:
				return 1
			case x < 0:
				return -1
			}
			return 0 // zeros and NaN: ATen's (0 < x) - (x < 0)
		}
	case "signbit":
		if c == CatComplex {
			return Array{}, errorf("signbit: complex tensors are refused")
		}
		out, f = dtype.Bool, func(v complex128) complex128 { return b2c(math.Signbit(real(v))) }
	case "square":
		out = d
		if d == dtype.Bool {
			out = dtype.Int64
		}
		f = func(v complex128) complex128 { return v * v }
	case "relu":
		if c == CatBool || c == CatComplex {
			return Array{}, errorf("relu: bool and complex tensors are refused")
		}
		out, f = d, func(v complex128) complex128 {
			if real(v) < 0 {
				return 0
			}
			return v
		}
	case "ceil", "floor", "round", "trunc":
		if c == CatBool || c == CatComplex {
			return Array{}, errorf("%s: bool and complex tensors are refused", name)
		}
		g := map[string]func(float64) float64{"ceil": math.Ceil, "floor": math.Floor, "round": math.RoundToEven, "trunc": math.Trunc}[name]
		out, f = d, func(v complex128) complex128 { return complex(g(real(v)), 0) }
	case "frac":
		if c != CatFloat {
			return Array{}, errorf("frac: only float tensors are taken")
		}
		out, f = d, func(v complex128) complex128 { return complex(real(v)-math.Trunc(real(v)), 0) }
	case "real":
		out, f = realOf(d), func(v complex128) complex128 { return complex(real(v), 0) }
	case "imag":
		if c != CatComplex {
			return Array{}, errorf("imag: only complex tensors are taken")
		}
		out, f = realOf(d), func(v complex128) complex128 { return complex(imag(v), 0) }
	case "deg2rad", "rad2deg":
		if c == CatComplex {
			return Array{}, errorf("%s: complex tensors are refused", name)
		}
		k := math.Pi / 180
		if name == "rad2deg" {
			k = 180 / math.Pi
		}
		out, f = toFloat, func(v complex128) complex128 { return complex(real(v)*k, 0) }
	case "angle":
		out, f = realOf(toFloat), func(v complex128) complex128 {
			if c == CatComplex {
				return complex(math.Atan2(imag(v), real(v)), 0)
			}
			switch x := real(v); {
			case math.IsNaN(x):
				return v
			case x < 0:
				return math.Pi
			}
			return 0
		}
	case "isnan", "isinf", "isposinf", "isneginf":
		if c == CatComplex && (name == "isposinf" || name == "isneginf") {
			return Array{}, errorf("%s: complex tensors are refused", name)
		}
		out, f = dtype.Bool, func(v complex128) complex128 {
			x, y := real(v), imag(v)
			switch name {
			case "isnan":
				return b2c(math.IsNaN(x) || math.IsNaN(y))
			case "isinf":
				return b2c(math.IsInf(x, 0) || math.IsInf(y, 0))
			case "isposinf":
				return b2c(math.IsInf(x, 1))
			}
			return b2c(math.IsInf(x, -1))
		}
	case "conj_physical":
		out, f = d, cmplx.Conj
	case "nan_to_num":
		out = d
		nan, pos, neg := 0.0, largest(realOf(d)), -largest(realOf(d))
		if args.NaN != nil {
			nan = *args.NaN
		}
		if args.PosInf != nil {
			pos = *args.PosInf
		}
		if args.NegInf != nil {
			neg = *args.NegInf
		}
		part := func(x float64) float64 {
			switch {
			case math.IsNaN(x):
				return nan
			case math.IsInf(x, 1):
				return pos
			case math.IsInf(x, -1):
				return neg
			}
			return x
		}
		f = func(v complex128) complex128 {
			if c <= CatInt {
				return v
			}
			return complex(part(real(v)), part(imag(v)))
		}
	case "clamp":
		return clamp(a, args.Min, args.Max)
	case "pow":
		if args.Exponent == nil {
			return Array{}, errorf("pow: needs an exponent")
		}
		return Binary("pow", a, NumberArray(*args.Exponent), BinaryArgs{})
	default:
		g, ok := floatMath[name]
		if !ok {
			return Array{}, errorf("unary op %q is not modelled", name)
		}
		if c == CatComplex && g.c == nil {
			return Array{}, errorf("%s: complex tensors are refused", name)
		}
		out, f = toFloat, func(v complex128) complex128 {
			if c == CatComplex {
				return g.c(v)
			}
			return complex(g.r(real(v)), 0)
		}
	}
	r := Zeros(out, a.Shape)
	for i, v := range a.V {
		if CategoryOf(out) > c { // compute in the result's dtype (bool -> int64, int -> float32)
			v = Round(out, v)
		}
		r.V[i] = Round(out, f(v))
	}
	return r, nil
}

// The transcendental functions: a real and (where torch has one) a complex form.
var floatMath = map[string]struct {
	r func(float64) float64
	c func(complex128) complex128
}{
	"sqrt": {math.Sqrt, cmplx.Sqrt}, "exp": {math.Exp, cmplx.Exp}, "log": {math.Log, cmplx.Log},
	"expm1": {math.Expm1, func(z complex128) complex128 { return cmplx.Exp(z) - 1 }},
	"log1p": {math.Log1p, func(z complex128) complex128 { return cmplx.Log(1 + z) }},
	"sin":   {math.Sin, cmplx.Sin}, "cos": {math.Cos, cmplx.Cos}, "tan": {math.Tan, cmplx.Tan},
	"asin": {math.Asin, cmplx.Asin}, "acos": {math.Acos, cmplx.Acos}, "atan": {math.Atan, cmplx.Atan},
	"sinh": {math.Sinh, cmplx.Sinh}, "cosh": {math.Cosh, cmplx.Cosh}, "tanh": {math.Tanh, cmplx.Tanh},
	"asinh": {math.Asinh, cmplx.Asinh}, "acosh": {math.Acosh, cmplx.Acosh}, "atanh": {math.Atanh, cmplx.Atanh},
	"sigmoid": {func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }, func(z complex128) complex128 { return 1 / (1 + cmplx.Exp(-z)) }},
	"erf":     {math.Erf, nil}, "erfinv": {math.Erfinv, nil},
	"reciprocal": {func(x float64) float64 { return 1 / x }, func(z complex128) complex128 { return 1 / z }},
}

// largest is the largest finite value of the float dtype d.
func largest(d dtype.DType) float64 {
	if d == dtype.Float32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// clamp is torch.clamp(a, min, max) with number bounds: the dtype is
// result_type(a, min, max); NaN stays NaN; min > max gives max.
func clamp(a Array, lo, hi *Number) (Array, error) {
	if lo == nil && hi == nil {
		return Array{}, errorf("clamp: at least one of min and max must be given")
	}
	ops := []Operand{{DType: a.DType, ZeroD: a.NDim() == 0}}
	for _, b := range []*Number{lo, hi} {
		if b != nil {
			ops = append(ops, Operand{DType: b.Kind, Number: true})
		}
	}
	out := ResultType(ops...)
	if CategoryOf(out) == CatComplex || out == dtype.Bool {
		return Array{}, errorf("clamp: complex and bool results are refused")
	}
	r := Zeros(out, a.Shape)
	for i, v := range a.V {
		x := real(Round(out, v))
		if lo != nil && !math.IsNaN(x) {
			if l := real(Round(out, lo.V)); x < l || math.IsNaN(l) {
				x = l
			}
		}
		if hi != nil && !math.IsNaN(x) {
			if h := real(Round(out, hi.V)); x > h || math.IsNaN(h) {
				x = h
			}
		}
		r.V[i] = Round(out, complex(x, 0))
	}
	return r, nil
}

func b2c(b bool) complex128 {
	if b {
		return 1
	}
	return 0
}

// Error is the oracle's refusal: torch has nothing to compute.
type Error struct{ Msg string }

func (e *Error) Error() string { return "oracle: " + e.Msg }

func errorf(format string, args ...any) error { return &Error{fmt.Sprintf(format, args...)} }
