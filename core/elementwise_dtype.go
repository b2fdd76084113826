package core

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// Number is a scalar operand of an element-wise operation. Kind is the dtype
// of the literal it stands for (Bool, Int64, Float64 or Complex128, as a
// Python bool, int, float or complex): like torch's wrapped numbers, it only
// raises the result dtype to a higher category (bool < integer < float < complex).
type Number struct {
	Value dtype.Scalar
	Kind  dtype.DType
}

// BoolNumber is a bool scalar operand.
func BoolNumber(v bool) Number {
	if v {
		return Number{Value: dtype.IntScalar(1), Kind: dtype.Bool}
	}
	return Number{Value: dtype.IntScalar(0), Kind: dtype.Bool}
}

// IntNumber is an integer scalar operand.
func IntNumber(v int64) Number { return Number{Value: dtype.IntScalar(v), Kind: dtype.Int64} }

// FloatNumber is a floating-point scalar operand.
func FloatNumber(v float64) Number { return Number{Value: dtype.Real(v), Kind: dtype.Float64} }

// ComplexNumber is a complex scalar operand.
func ComplexNumber(v complex128) Number {
	return Number{Value: dtype.Complex128Scalar(v), Kind: dtype.Complex128}
}

// checkNumber validates a scalar operand's kind.
func checkNumber(arg string, n Number) error {
	if !n.Kind.Valid() {
		return errs.Errorf(errs.ErrDType, "%s: unknown scalar kind code %d (expected a gs_dtype such as int64, float64, complex128 or bool)", arg, int32(n.Kind))
	}
	return nil
}
