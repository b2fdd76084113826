package core

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
func ComplexNumber(v complex128) Number { return Number{Value: Complex128Scalar(v), Kind: Complex128} }

// category orders dtypes as torch's type promotion does.
type category int8

const (
	catBool category = iota
	catInt
	catFloat
	catComplex
)

func categoryOf(d DType) category {
	switch {
	case d == Bool:
		return catBool
	case d.IsInteger():
		return catInt
	case d.IsFloat():
		return catFloat
	}
	return catComplex
}

// PromoteTypes returns the dtype two tensors of dtypes a and b combine to,
// as torch.promote_types: the smallest dtype of the higher category that
// holds both (uint8 with int8 gives int16, float16 with bfloat16 float32,
// complex64 with float64 complex128).
func PromoteTypes(a, b DType) DType {
	switch {
	case a == b:
		return a
	case a == Bool:
		return b
	case b == Bool:
		return a
	}
	ca, cb := categoryOf(a), categoryOf(b)
	switch {
	case ca == catComplex || cb == catComplex:
		if PromoteTypes(realOf(a), realOf(b)) == Float64 {
			return Complex128
		}
		return Complex64
	case ca == catFloat && cb == catFloat:
		if a.Size() == 2 && b.Size() == 2 { // float16 with bfloat16
			return Float32
		}
		if a.Size() >= b.Size() {
			return a
		}
		return b
	case ca == catFloat:
		return a
	case cb == catFloat:
		return b
	}
	// Two integer dtypes.
	if a == UInt8 || b == UInt8 {
		other := a
		if a == UInt8 {
			other = b
		}
		if other == Int8 {
			return Int16
		}
		return other
	}
	if a.Size() >= b.Size() {
		return a
	}
	return b
}

// promoteNumber is the dtype of a tensor of dtype t combined with a scalar
// of kind n (torch.result_type(tensor, number)): the tensor's dtype unless
// the scalar's category is higher, then that category's default dtype.
func promoteNumber(t, n DType) DType {
	ct, cn := categoryOf(t), categoryOf(n)
	if cn <= ct {
		return t
	}
	switch cn {
	case catInt:
		return Int64
	case catFloat:
		return Float32
	}
	if t == Float64 {
		return Complex128
	}
	return Complex64
}

// realOf is the real dtype of a complex dtype's parts (d itself otherwise).
func realOf(d DType) DType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	}
	return d
}

// checkNumber validates a scalar operand's kind.
func checkNumber(arg string, n Number) error {
	if !n.Kind.Valid() {
		return errs.Errorf(errs.ErrDType, "%s: unknown scalar kind code %d (expected a gs_dtype such as int64, float64, complex128 or bool)", arg, int32(n.Kind))
	}
	return nil
}
