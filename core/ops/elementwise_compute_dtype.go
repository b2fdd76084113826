package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
)

// inComputeDType is the operand as torch reads it: converted to the dtype
// the op computes in before computing. The element functions widen every
// value to int64, float64 or complex128, which keeps digits a narrower
// compute dtype has not: an int32 tensor beside a float32 one is read as
// float32 (2147483647 as 2147483648, so 2147483647 / 255 rounds as
// x.float() / 255 does), beside a float16 one 70000 is an infinity (times 0:
// NaN), and a float number beside a float32 tensor is rounded to float32
// (t == 0.1 compares with 0.1f). Beside a float16 or bfloat16 tensor a
// number is rounded to float32, the precision torch computes those in, and
// then to the tensor's dtype except for mul and division, which torch
// computes with the float32 number. pow's number exponent is left as it is
// (torch computes some exponents apart: powRealNumber).
func inComputeDType(op string, o Operand, compute dtype.DType) (Operand, error) {
	if o.Tensor != nil {
		if !widensExactly(o.Tensor.DType(), compute) {
			t, err := convert.ToDType(o.Tensor, compute) // a custom format is kept (its values cast, its structure shared)
			if err != nil {
				return Operand{}, err
			}
			o.Tensor = t
		}
		return o, nil
	}
	if op == "pow" {
		return o, nil
	}
	switch compute {
	case dtype.Float32, dtype.Complex64:
		o.Number.Value = roundedTo(compute, o.Number.Value)
	case dtype.Float16, dtype.BFloat16:
		o.Number.Value = roundedTo(dtype.Float32, o.Number.Value)
		if op != "mul" && op != "div" && op != "true_divide" && op != "floor_divide" {
			o.Number.Value = roundedTo(compute, o.Number.Value)
		}
	}
	return o, nil
}

// alphaInComputeDType is add's alpha rounded to a float32, complex64,
// float16 or bfloat16 compute dtype, as torch casts it: float32 a + 0.1*b
// is a + 0.1f*b (rounded once), which the float64 alpha missed in the last
// bit of some 6% of random elements.
func alphaInComputeDType(alpha *dtype.Number, compute dtype.DType) *dtype.Number {
	if alpha == nil {
		return nil
	}
	switch compute {
	case dtype.Float32, dtype.Complex64, dtype.Float16, dtype.BFloat16:
		al := *alpha
		al.Value = roundedTo(compute, al.Value)
		return &al
	}
	return alpha
}

// widensExactly reports whether every value of dtype from is one of dtype
// compute, so that reading it widened equals reading it converted: only an
// integer of more significant bits than a narrow float's (int16 beside
// float16 or bfloat16, int32 and int64 beside float32 or complex64) is not.
// Floats never meet a narrower compute dtype (a 0-d float64 tensor beside a
// float32 one becomes a number first).
func widensExactly(from, compute dtype.DType) bool {
	if !from.IsInteger() && from != dtype.Bool {
		return true
	}
	switch compute {
	case dtype.Float16, dtype.BFloat16:
		return from.Size() == 1
	case dtype.Float32, dtype.Complex64:
		return from.Size() <= 2
	}
	return true
}

// roundedTo is v stored as dtype d and read back.
func roundedTo(d dtype.DType, v dtype.Scalar) dtype.Scalar {
	var b [16]byte
	dtype.StoreScalar(d, b[:], v)
	return dtype.LoadScalar(d, b[:])
}
