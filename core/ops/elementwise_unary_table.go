package ops

import (
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// mathOps are the table's ops whose real function is the math package's
// (exp's is kernels.ExpFloat64, within 1 ulp; sigmoid's 1 / (1 +
// kernels.ExpFloat64(-x))), which the engine's Map runs as a typed loop
// (engine.MathOp) on float32 and float64 values: the same function, without
// a call through a pointer per element.
var mathOps = map[string]engine.MathOp{"exp": engine.MathExp, "log": engine.MathLog, "sqrt": engine.MathSqrt,
	"sin": engine.MathSin, "cos": engine.MathCos, "tanh": engine.MathTanh, "abs": engine.MathAbs,
	"sigmoid": engine.MathSigmoid}

// The unary op table: torch's name -> dtype rule and element functions.
var unaryOps = map[string]*unaryDef{
	"abs": {dtype: complexToReal(noBool(`"abs_cpu" not implemented for 'Bool'`)), funcs: fixed(elemFuncs{real: math.Abs, integ: absInt,
		cplx: func(z complex128) complex128 { return complex(cmplx.Abs(z), 0) }})},
	"neg": {linear: true, dtype: sameDType(noBool("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."), nil),
		funcs: fixed(elemFuncs{real: func(x float64) float64 { return -x }, integ: func(x int64) int64 { return -x },
			cplx: func(z complex128) complex128 { return -z }})},
	"sign": {dtype: sameDType(nil, noComplex("Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.")),
		funcs: fixed(elemFuncs{real: sign[float64], integ: sign[int64]})},
	"sgn":        {dtype: sameDType(nil, nil), funcs: fixed(elemFuncs{real: sign[float64], integ: sign[int64], cplx: sgnComplex})},
	"signbit":    {dtype: toBool(noComplex("signbit is not implemented for complex tensors.")), funcs: fixed(elemFuncs{real: func(x float64) float64 { return b2f(math.Signbit(x)) }, integ: func(x int64) int64 { return b2i(x < 0) }})},
	"sqrt":       floatMath(math.Sqrt, csqrt),
	"reciprocal": floatMath(func(x float64) float64 { return 1 / x }, func(z complex128) complex128 { return 1 / z }),
	"square": {dtype: boolToLong, funcs: fixed(elemFuncs{real: func(x float64) float64 { return x * x },
		integ: func(x int64) int64 { return x * x }, cplx: func(z complex128) complex128 { return z * z }})},
	"exp":     floatMath(kernels.ExpFloat64, cexp),
	"expm1":   floatMath(math.Expm1, expm1Complex),
	"log":     floatMath(math.Log, clog),
	"log1p":   floatMath(math.Log1p, log1pComplex),
	"sin":     floatMath(math.Sin, csin),
	"cos":     floatMath(math.Cos, ccos),
	"tan":     floatMath(math.Tan, ctan),
	"asin":    floatMath(math.Asin, casin),
	"acos":    floatMath(math.Acos, cacos),
	"atan":    floatMath(math.Atan, catan),
	"sinh":    floatMath(math.Sinh, csinh),
	"cosh":    floatMath(math.Cosh, ccosh),
	"tanh":    floatMath(math.Tanh, ctanh),
	"asinh":   floatMath(math.Asinh, casinh),
	"atanh":   floatMath(math.Atanh, catanh),
	"acosh":   floatMath(math.Acosh, cacosh),
	"sigmoid": floatMath(sigmoidReal, sigmoidComplex),
	"erf":     floatMath(math.Erf, nil),
	"erfinv":  floatMath(erfinv, nil),
	"relu": {dtype: sameDType(noBool("relu is not supported for bool tensors"), noComplex("relu is not supported for complex tensors")),
		funcs: fixed(elemFuncs{real: func(x float64) float64 {
			if x < 0 {
				return 0
			}
			return x // NaN stays
		}, integ: func(x int64) int64 { return max(x, 0) }})},
	"ceil":  rounding("ceil", math.Ceil),
	"floor": rounding("floor", math.Floor),
	"round": rounding("round", math.RoundToEven),
	"trunc": rounding("trunc", math.Trunc),
	"frac": {dtype: sameDType(onlyFloat(`"frac_cpu" is implemented for floating dtypes only`)),
		funcs: fixed(elemFuncs{real: func(x float64) float64 { return x - math.Trunc(x) }})},
	// real and imag are R-linear maps of the values (duplicates may stay);
	// real of a real tensor is the identity, imag of one is refused (torch).
	"real": {linear: true, dtype: complexToReal(), funcs: fixed(elemFuncs{real: func(x float64) float64 { return x },
		integ: func(x int64) int64 { return x }, cplx: func(z complex128) complex128 { return complex(real(z), 0) }})},
	"imag": {linear: true, dtype: complexToReal(onlyComplex("imag is not implemented for tensors with non-complex dtypes.")),
		funcs: fixed(elemFuncs{cplx: func(z complex128) complex128 { return complex(imag(z), 0) }})},
	"deg2rad":  linearFloat(math.Pi / 180),
	"rad2deg":  linearFloat(180 / math.Pi),
	"angle":    {dtype: angleDType, funcs: fixed(elemFuncs{real: angleReal, cplx: func(z complex128) complex128 { return complex(atan2(imag(z), real(z)), 0) }})},
	"isnan":    predicate(math.IsNaN, func(z complex128) bool { return isNaN(real(z)) || isNaN(imag(z)) }, nil), // cmplx.IsNaN is false beside an inf
	"isinf":    predicate(func(x float64) bool { return math.IsInf(x, 0) }, func(z complex128) bool { return math.IsInf(real(z), 0) || math.IsInf(imag(z), 0) }, nil),
	"isposinf": predicate(func(x float64) bool { return math.IsInf(x, 1) }, nil, noComplex("isposinf does not support complex inputs.")),
	"isneginf": predicate(func(x float64) bool { return math.IsInf(x, -1) }, nil, noComplex("isneginf does not support complex inputs.")),
	"conj_physical": {linear: true, dtype: sameDType(nil, nil), funcs: fixed(elemFuncs{real: func(x float64) float64 { return x },
		integ: func(x int64) int64 { return x }, cplx: cmplx.Conj})},
	"nan_to_num": {dtype: sameDType(nil, nil), funcs: nanToNumFuncs, params: "nan posinf neginf"},
	"clamp":      {dtype: clampDType, funcs: clampFuncs, params: "min max"},
}

func fixed(ef elemFuncs) func(*UnaryArgs, dtype.DType) (elemFuncs, error) {
	return func(*UnaryArgs, dtype.DType) (elemFuncs, error) { return ef, nil }
}

func absInt(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// refusal returns the error for an input dtype an op does not take ("" to take it).
type refusal func(d dtype.DType) string

func noBool(msg string) refusal {
	return func(d dtype.DType) string {
		if d == dtype.Bool {
			return msg
		}
		return ""
	}
}

func noComplex(msg string) refusal {
	return func(d dtype.DType) string {
		if d.IsComplex() {
			return msg
		}
		return ""
	}
}

// onlyFloat refuses every dtype but the real floating ones.
func onlyFloat(msg string) refusal {
	return func(d dtype.DType) string {
		if !d.IsFloat() {
			return msg
		}
		return ""
	}
}

// onlyComplex refuses every dtype but the complex ones.
func onlyComplex(msg string) refusal {
	return func(d dtype.DType) string {
		if !d.IsComplex() {
			return msg
		}
		return ""
	}
}

func refuse(op string, in dtype.DType, rs ...refusal) error {
	for _, r := range rs {
		if r == nil {
			continue
		}
		if msg := r(in); msg != "" {
			return errs.Errorf(errs.ErrDType, "%s: input dtype %s: %s", op, in, msg)
		}
	}
	return nil
}

// sameDType keeps the input dtype.
func sameDType(rs ...refusal) func(string, dtype.DType, *UnaryArgs) (dtype.DType, error) {
	return func(op string, in dtype.DType, _ *UnaryArgs) (dtype.DType, error) { return in, refuse(op, in, rs...) }
}

// toBool gives a bool result (the predicates).
func toBool(rs ...refusal) func(string, dtype.DType, *UnaryArgs) (dtype.DType, error) {
	return func(op string, in dtype.DType, _ *UnaryArgs) (dtype.DType, error) {
		return dtype.Bool, refuse(op, in, rs...)
	}
}

// complexToReal keeps real dtypes and maps complex to its real part's dtype (abs).
func complexToReal(rs ...refusal) func(string, dtype.DType, *UnaryArgs) (dtype.DType, error) {
	return func(op string, in dtype.DType, _ *UnaryArgs) (dtype.DType, error) {
		return dtype.RealOf(in), refuse(op, in, rs...)
	}
}

// boolToLong maps bool to int64 and keeps the rest (square, as pow(x, 2)).
func boolToLong(_ string, in dtype.DType, _ *UnaryArgs) (dtype.DType, error) {
	if in == dtype.Bool {
		return dtype.Int64, nil
	}
	return in, nil
}

// intToFloat maps bool and integers to the default float dtype (float32).
func intToFloat(in dtype.DType) dtype.DType {
	if dtype.CategoryOf(in) <= dtype.CatInt {
		return dtype.Float32
	}
	return in
}

func angleDType(_ string, in dtype.DType, _ *UnaryArgs) (dtype.DType, error) {
	return dtype.RealOf(intToFloat(in)), nil
}

// floatMath is a transcendental function: integers and bool give float32;
// complex inputs need a complex function.
func floatMath(real func(float64) float64, cplx func(complex128) complex128) *unaryDef {
	return &unaryDef{
		dtype: func(op string, in dtype.DType, _ *UnaryArgs) (dtype.DType, error) {
			if cplx == nil && in.IsComplex() {
				return 0, errs.Errorf(errs.ErrDType, "%s: input dtype %s: not implemented for complex tensors", op, in)
			}
			return intToFloat(in), nil
		},
		funcs: fixed(elemFuncs{real: real, cplx: cplx}),
	}
}

// linearFloat is multiplication by a constant with int-to-float promotion
// (deg2rad, rad2deg): linear, run per duplicate where no term overflows.
func linearFloat(k float64) *unaryDef {
	d := floatMath(func(x float64) float64 { return x * k }, nil)
	d.linear, d.scale = true, k
	return d
}

// rounding is ceil/floor/round/trunc: the identity on integers, refused on
// bool and complex as torch does.
func rounding(op string, f func(float64) float64) *unaryDef {
	return &unaryDef{
		dtype: sameDType(noBool(op+" is not implemented for bool tensors"), noComplex(op+" is not supported for complex inputs")),
		funcs: fixed(elemFuncs{real: f, integ: func(x int64) int64 { return x }}),
	}
}

// predicate is a bool-valued test; integers and bools are always finite.
func predicate(real func(float64) bool, cplx func(complex128) bool, r refusal) *unaryDef {
	ef := elemFuncs{real: func(x float64) float64 { return b2f(real(x)) }, integ: func(int64) int64 { return 0 }}
	if cplx != nil {
		ef.cplx = func(z complex128) complex128 { return b2c(cplx(z)) }
	}
	return &unaryDef{dtype: toBool(r), funcs: fixed(ef)}
}

// nanToNumFuncs replaces NaN and infinities (of each part of a complex
// number); integers and bools pass unchanged.
func nanToNumFuncs(a *UnaryArgs, out dtype.DType) (elemFuncs, error) {
	nan, pos, neg := 0.0, finiteRange(out), -finiteRange(out)
	if a.NaN != nil {
		nan = *a.NaN
	}
	if a.PosInf != nil {
		pos = *a.PosInf
	}
	if a.NegInf != nil {
		neg = *a.NegInf
	}
	f := func(x float64) float64 { return nanToNum(x, nan, pos, neg) }
	return elemFuncs{real: f, integ: func(x int64) int64 { return x },
		cplx: func(z complex128) complex128 { return complex(f(real(z)), f(imag(z))) }}, nil
}

// clampDType promotes the input with the bounds given (torch.result_type).
func clampDType(op string, in dtype.DType, a *UnaryArgs) (dtype.DType, error) {
	if a.Min == nil && a.Max == nil {
		return 0, errs.Errorf(errs.ErrInvalidArgument, "clamp: at least one of 'min' or 'max' must not be None")
	}
	ops := []dtype.Operand{dtype.TensorOperand(in, 1)}
	for _, b := range []*dtype.Number{a.Min, a.Max} {
		if b != nil {
			ops = append(ops, dtype.NumberOperand(b.Kind))
		}
	}
	out := dtype.ResultType(ops...)
	if out.IsComplex() {
		return 0, errs.Errorf(errs.ErrDType, "clamp: clamp is not supported for complex types (input %s)", in)
	}
	if out == dtype.Bool { // torch: "clamp_min_scalar_cpu" not implemented for 'Bool'
		return 0, errs.Errorf(errs.ErrDType, "clamp: not implemented for a bool result (input bool, bounds bool); give integer bounds for an int64 result")
	}
	if err := clampBoundsFit(out, a); err != nil {
		return 0, err
	}
	return out, nil
}

// clampBoundsFit refuses, as torch does, an integer min above the largest value
// of a narrower integer result or a max below its smallest: every element would
// be that bound, which the dtype cannot hold (it would wrap: uint8 clamp(min=300)
// gave 44). A min below the range or a max above it limits nothing and is fine.
func clampBoundsFit(out dtype.DType, a *UnaryArgs) error {
	if !out.IsInteger() || out == dtype.Int64 {
		return nil
	}
	bits := 8 * out.Size()
	lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
	if out == dtype.UInt8 {
		lo, hi = 0, 1<<bits-1
	}
	if a.Min != nil && a.Min.Kind.IsInteger() && a.Min.Value.Int() > hi {
		return errs.Errorf(errs.ErrInvalidArgument, "clamp: min = %d cannot be converted to %s without overflow (largest %d)", a.Min.Value.Int(), out, hi)
	}
	if a.Max != nil && a.Max.Kind.IsInteger() && a.Max.Value.Int() < lo {
		return errs.Errorf(errs.ErrInvalidArgument, "clamp: max = %d cannot be converted to %s without overflow (smallest %d)", a.Max.Value.Int(), out, lo)
	}
	return nil
}

func clampFuncs(a *UnaryArgs, _ dtype.DType) (elemFuncs, error) {
	var lo, hi *float64
	var ilo, ihi *int64
	if a.Min != nil {
		f, i := a.Min.Value.Re(), a.Min.Value.Int()
		lo, ilo = &f, &i
	}
	if a.Max != nil {
		f, i := a.Max.Value.Re(), a.Max.Value.Int()
		hi, ihi = &f, &i
	}
	return elemFuncs{real: func(x float64) float64 { return clampReal(x, lo, hi) },
		integ: func(x int64) int64 { return clampInt(x, ilo, ihi) }}, nil
}
