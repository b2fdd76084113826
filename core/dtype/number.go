package dtype

import "github.com/gosparse/gosparse/core/errs"

// Number is a scalar operand of an element-wise operation. Kind is the dtype
// of the literal it stands for (Bool, Int64, Float64 or Complex128, as a
// Python bool, int, float or complex): like torch's wrapped numbers, it only
// raises the result dtype to a higher category (bool < integer < float < complex).
type Number struct {
	Value Scalar
	Kind  DType
}

// BoolNumber is a bool scalar operand.
func BoolNumber(v bool) Number {
	if v {
		return Number{Value: IntScalar(1), Kind: Bool}
	}
	return Number{Value: IntScalar(0), Kind: Bool}
}

// IntNumber is an integer scalar operand.
func IntNumber(v int64) Number { return Number{Value: IntScalar(v), Kind: Int64} }

// FloatNumber is a floating-point scalar operand.
func FloatNumber(v float64) Number { return Number{Value: Real(v), Kind: Float64} }

// ComplexNumber is a complex scalar operand.
func ComplexNumber(v complex128) Number {
	return Number{Value: Complex128Scalar(v), Kind: Complex128}
}

// CheckNumber validates a scalar operand's kind.
func CheckNumber(arg string, n Number) error {
	if !n.Kind.Valid() {
		return errs.Errorf(errs.ErrDType, "%s: unknown scalar kind code %d (expected a gs_dtype such as int64, float64, complex128 or bool)", arg, int32(n.Kind))
	}
	return nil
}
