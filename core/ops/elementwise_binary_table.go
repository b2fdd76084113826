package ops

import (
	"cmp"
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// The binary op table: torch's name -> dtype rule and element functions.
var binaryOps = map[string]*binaryDef{
	"add":          {dtype: addDType, funcs: addFuncs(1), params: "alpha"},
	"sub":          {dtype: addDType, funcs: addFuncs(-1), params: "alpha"},
	"mul":          {multiplicative: true, linear: [2]bool{true, true}, dtype: sameCommon(), funcs: mulFuncs},
	"div":          {linear: [2]bool{true, false}, dtype: divDType, funcs: divFuncs, params: "rounding_mode"},
	"true_divide":  {linear: [2]bool{true, false}, dtype: divDType, funcs: divFuncs},
	"floor_divide": {dtype: sameCommon(noComplex("floor_divide is not supported for complex numbers"), noBool(`"div_floor_cpu" not implemented for 'Bool'`)), funcs: floorDivFuncs},
	"maximum": {dtype: sameCommon(noComplex("maximum is not implemented for complex tensors.")),
		funcs: constFuncs(binFuncs{real: maxReal, integ: func(x, y int64) int64 { return max(x, y) }})},
	"minimum": {dtype: sameCommon(noComplex("minimum is not implemented for complex tensors.")),
		funcs: constFuncs(binFuncs{real: minReal, integ: func(x, y int64) int64 { return min(x, y) }})},
	"eq":  comparison(nil, func(c int, eq bool) bool { return eq }),
	"ne":  comparison(nil, func(c int, eq bool) bool { return !eq }),
	"lt":  comparison(noComplex("lt is not supported for complex tensors"), func(c int, _ bool) bool { return c < 0 }),
	"le":  comparison(noComplex("le is not supported for complex tensors"), func(c int, eq bool) bool { return c < 0 || eq }),
	"gt":  comparison(noComplex("gt is not supported for complex tensors"), func(c int, _ bool) bool { return c > 0 }),
	"ge":  comparison(noComplex("ge is not supported for complex tensors"), func(c int, eq bool) bool { return c > 0 || eq }),
	"pow": {dtype: sameCommon(), funcs: constFuncs(binFuncs{real: powReal, integ: powInt, cplx: powComplex, realNumberExp: powRealNumber, cplxNumberExp: powComplexNumber})},
	"remainder": {dtype: sameCommon(noComplex("remainder is not supported for complex tensors"), noBool(`"remainder_cpu" not implemented for 'Bool'`)),
		funcs: constFuncs(binFuncs{real: remainderReal, integ: remainderInt, divides: true})},
	"fmod": {dtype: sameCommon(noComplex("fmod is not supported for complex tensors"), noBool(`"fmod_cpu" not implemented for 'Bool'`)),
		funcs: constFuncs(binFuncs{real: math.Mod, integ: fmodInt, divides: true})},
	"atan2": {dtype: atan2DType, funcs: constFuncs(binFuncs{real: math.Atan2})},
}

func constFuncs(bf binFuncs) func(BinaryArgs, dtype.DType) binFuncs {
	return func(BinaryArgs, dtype.DType) binFuncs { return bf }
}

// sameCommon computes in, and returns, the promoted dtype.
func sameCommon(rs ...refusal) func(string, dtype.DType, dtype.DType, dtype.DType, BinaryArgs) (dtype.DType, dtype.DType, error) {
	return func(op string, _, _, common dtype.DType, _ BinaryArgs) (dtype.DType, dtype.DType, error) {
		return common, common, refuse(op, common, rs...)
	}
}

// addDType checks sub's bool operands and alpha against the promoted dtype, as torch.
func addDType(op string, a, b, common dtype.DType, args BinaryArgs) (dtype.DType, dtype.DType, error) {
	if op == "sub" && (a == dtype.Bool || b == dtype.Bool) {
		return 0, 0, errs.Errorf(errs.ErrDType, "sub: Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
	}
	if args.Alpha != nil {
		ak, cc := dtype.CategoryOf(args.Alpha.Kind), dtype.CategoryOf(common)
		switch {
		case ak == dtype.CatBool && cc != dtype.CatBool:
			return 0, 0, errs.Errorf(errs.ErrDType, "%s: Boolean alpha only supported for Boolean results.", op)
		case (cc == dtype.CatInt || cc == dtype.CatBool) && ak >= dtype.CatFloat:
			return 0, 0, errs.Errorf(errs.ErrDType, "%s: For integral input tensors, argument alpha must not be a floating point number.", op)
		case cc == dtype.CatFloat && ak == dtype.CatComplex:
			return 0, 0, errs.Errorf(errs.ErrDType, "%s: For non-complex input tensors, argument alpha must not be a complex number.", op)
		}
	}
	return common, common, nil
}

// alphaScalar is add's alpha (1 by default), negated for sub.
func alphaScalar(op string, args *BinaryArgs) dtype.Scalar {
	al := dtype.IntScalar(1)
	if args.Alpha != nil {
		al = args.Alpha.Value
	}
	if op == "sub" {
		if al.IsExact() {
			return dtype.IntScalar(-al.ExactInt())
		}
		return dtype.Complex128Scalar(complex(-al.Re(), -al.Im()))
	}
	return al
}

// alphaValue is alphaScalar in a compute domain.
func alphaValue(op string, args *BinaryArgs, dom domain) vec {
	return scalarVec(dom, alphaScalar(op, args))
}

// addFuncs is x + alpha*y (sign -1: sub).
func addFuncs(sign int) func(BinaryArgs, dtype.DType) binFuncs {
	op := "add"
	if sign < 0 {
		op = "sub"
	}
	withAlpha := func(al dtype.Scalar) binFuncs {
		ai, af, ac := al.Int(), al.Re(), complex(al.Re(), al.Im())
		return binFuncs{
			real:  addReal(af),
			integ: func(x, y int64) int64 { return x + ai*y },
			cplx:  func(x, y complex128) complex128 { return x + ac*y },
		}
	}
	plain := withAlpha(alphaScalar(op, &BinaryArgs{})) // made once: three closures a call were most of a small add's allocations
	return func(args BinaryArgs, _ dtype.DType) binFuncs {
		if args.Alpha == nil {
			return plain
		}
		return withAlpha(alphaScalar(op, &args))
	}
}

// addReal is the real domain's x + alpha*y: one rounding (fma, as torch
// and the engine's merges) unless alpha is 1 or -1, whose product is exact.
func addReal(alpha float64) func(x, y float64) float64 {
	if alpha == 1 || alpha == -1 {
		return func(x, y float64) float64 { return x + alpha*y }
	}
	return func(x, y float64) float64 { return math.FMA(alpha, y, x) }
}

// addTwoRoundings is bf with add and sub's real x + alpha*y rounded twice
// (alpha*y, then the sum) for a strided and a sparse (or custom) operand:
// torch's add of a dense and a COO, CSR or CSC tensor scales the sparse
// values by alpha, then adds them into the dense ones (0 of 600 elements
// differ from x + round(alpha*y), 54 from the fused sum), where two
// tensors of one kind round once (addReal).
func addTwoRoundings(op string, bf binFuncs, args *BinaryArgs) binFuncs {
	if (op == "add" || op == "sub") && args.Alpha != nil {
		af := alphaScalar(op, args).Re()
		bf.real = func(x, y float64) float64 { return x + float64(af*y) } // the conversion rounds the product where Go would fuse (arm64)
	}
	return bf
}

func mulFuncs(BinaryArgs, dtype.DType) binFuncs {
	return binFuncs{
		real:  func(x, y float64) float64 { return x * y },
		integ: func(x, y int64) int64 { return x * y },
		cplx:  func(x, y complex128) complex128 { return x * y },
	}
}

// divDType: true division gives float32 for integer operands; trunc and
// floor keep the promoted dtype and refuse complex.
func divDType(op string, _, _, common dtype.DType, args BinaryArgs) (dtype.DType, dtype.DType, error) {
	switch args.RoundingMode {
	case "":
		if dtype.CategoryOf(common) <= dtype.CatInt {
			return dtype.Float32, dtype.Float32, nil
		}
		return common, common, nil
	case "trunc", "floor":
		if common.IsComplex() {
			return 0, 0, errs.Errorf(errs.ErrDType, "%s: rounding_mode '%s' is not supported for complex inputs (%s)", op, args.RoundingMode, common)
		}
		if common == dtype.Bool {
			return 0, 0, errs.Errorf(errs.ErrDType, "%s: \"div_%s_cpu\" not implemented for 'Bool'", op, args.RoundingMode)
		}
		return common, common, nil
	}
	return 0, 0, errs.Errorf(errs.ErrInvalidArgument, "%s: expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%s'", op, args.RoundingMode)
}

func divFuncs(args BinaryArgs, _ dtype.DType) binFuncs {
	switch args.RoundingMode {
	case "trunc":
		return binFuncs{real: func(x, y float64) float64 { return math.Trunc(x / y) },
			integ: truncDivInt, divides: true}
	case "floor":
		return floorDivFuncs(args, 0)
	}
	return binFuncs{real: func(x, y float64) float64 { return x / y },
		cplx: func(x, y complex128) complex128 { return x / y }}
}

// atan2DType: bool and integer operands compute in and give float32, as
// torch's other floating ops; complex is refused.
func atan2DType(op string, _, _, common dtype.DType, _ BinaryArgs) (dtype.DType, dtype.DType, error) {
	if err := refuse(op, common, noComplex(`"atan2_cpu" not implemented for 'Complex'`)); err != nil {
		return 0, 0, err
	}
	f := intToFloat(common)
	return f, f, nil
}

func floorDivFuncs(BinaryArgs, dtype.DType) binFuncs {
	return binFuncs{real: floorDivReal, integ: floorDivInt, divides: true}
}

// comparison is a bool-valued comparison computed in the promoted dtype;
// pick reads the order c (-1, 0, 1; 0 also for NaN) and equality.
func comparison(r refusal, pick func(c int, eq bool) bool) *binaryDef {
	return &binaryDef{
		dtype: func(op string, _, _, common dtype.DType, _ BinaryArgs) (dtype.DType, dtype.DType, error) {
			return common, dtype.Bool, refuse(op, common, r)
		},
		funcs: constFuncs(binFuncs{
			real: func(x, y float64) float64 {
				return b2f(pick(cmpFloat(x, y), x == y))
			},
			integ: func(x, y int64) int64 { return b2i(pick(cmp.Compare(x, y), x == y)) },
			cplx:  func(x, y complex128) complex128 { return b2c(pick(0, x == y)) },
		}),
	}
}

// cmpFloat orders two floats; NaN compares as neither less nor greater.
func cmpFloat(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
