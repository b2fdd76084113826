package oracle

import (
	"fmt"
	"math"

	"github.com/gosparse/gosparse/core/dtype"
)

// Array is a dense, row-major N-d array of one dtype. Element i is V[i]:
// real dtypes keep a zero imaginary part, bool is 0 or 1, integers are
// whole numbers within their dtype's range.
type Array struct {
	DType dtype.DType
	Shape []int64
	V     []complex128
	// Wrapped marks a number operand (a Python literal): a 0-d array that
	// promotes as a number does, below tensors of every rank.
	Wrapped bool
}

// NumberArray is the number n as a wrapped 0-d operand of kind n.Kind.
func NumberArray(n Number) Array {
	return Array{DType: n.Kind, V: []complex128{Round(n.Kind, n.V)}, Wrapped: true}
}

// operand is a's part in type promotion.
func (a Array) operand() Operand {
	return Operand{DType: a.DType, ZeroD: len(a.Shape) == 0, Number: a.Wrapped}
}

// Numel is the number of elements of shape (1 for 0-d).
func Numel(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// Zeros is an array of the dtype and shape holding zeros.
func Zeros(d dtype.DType, shape []int64) Array {
	return Array{DType: d, Shape: append([]int64{}, shape...), V: make([]complex128, Numel(shape))}
}

// Full is an array of the dtype and shape holding v (rounded to the dtype).
func Full(d dtype.DType, shape []int64, v complex128) Array {
	a := Zeros(d, shape)
	for i := range a.V {
		a.V[i] = Round(d, v)
	}
	return a
}

// Scalar is a 0-d array holding v (rounded to the dtype).
func Scalar(d dtype.DType, v complex128) Array { return Full(d, nil, v) }

// Clone is a deep copy of a.
func (a Array) Clone() Array {
	return Array{DType: a.DType, Shape: append([]int64{}, a.Shape...), V: append([]complex128{}, a.V...)}
}

// NDim is the number of dimensions.
func (a Array) NDim() int { return len(a.Shape) }

// Strides are the row-major element strides of shape.
func Strides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		st[d] = s
		s *= shape[d]
	}
	return st
}

// Unravel writes the multi-index of flat position i in shape into idx.
func Unravel(i int64, shape []int64, idx []int64) {
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = i % shape[d]
			i /= shape[d]
		}
	}
}

// Ravel is the flat position of idx in shape.
func Ravel(idx, shape []int64) int64 {
	p := int64(0)
	for d := range shape {
		p = p*shape[d] + idx[d]
	}
	return p
}

// String prints the dtype, shape and values.
func (a Array) String() string {
	return fmt.Sprintf("%s%v%v", a.DType, a.Shape, fmtValues(a))
}

func fmtValues(a Array) string {
	s := "["
	for i, v := range a.V {
		if i > 0 {
			s += " "
		}
		if i == 24 {
			return s + fmt.Sprintf("... (%d)]", len(a.V))
		}
		switch {
		case a.DType.IsComplex():
			s += fmt.Sprint(v)
		case a.DType == dtype.Bool || isInt(a.DType):
			s += fmt.Sprint(int64(real(v)))
		default:
			s += fmt.Sprint(real(v))
		}
	}
	return s + "]"
}

// Round is v as an element of dtype d: float32 parts round to the nearest
// float32, integers truncate and wrap to their width (NaN and infinities,
// which have no integer value, give 0), bool is v != 0 (NaN is true).
func Round(d dtype.DType, v complex128) complex128 {
	switch d {
	case dtype.Bool:
		if v != 0 {
			return 1
		}
		return 0
	case dtype.Float32:
		return complex(float64(float32(real(v))), 0)
	case dtype.Float64:
		return complex(real(v), 0)
	case dtype.Complex64:
		return complex(float64(float32(real(v))), float64(float32(imag(v))))
	case dtype.Complex128:
		return v
	}
	if isInt(d) {
		return complex(float64(Wrap(d, toInt(real(v)))), 0)
	}
	panic(fmt.Sprintf("oracle: dtype %s is not modelled", d))
}

// toInt truncates x toward zero; NaN and infinities give 0.
func toInt(x float64) int64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1<<63 {
		return 0
	}
	return int64(x)
}

// Wrap is x wrapped to the integer dtype d's width (two's complement).
func Wrap(d dtype.DType, x int64) int64 {
	switch d {
	case dtype.Int8:
		return int64(int8(x))
	case dtype.Int16:
		return int64(int16(x))
	case dtype.Int32:
		return int64(int32(x))
	case dtype.UInt8:
		return int64(uint8(x))
	}
	return x
}

// Cast is a converted to dtype d, element by element (torch's .to(dtype):
// a complex value cast to a real dtype keeps its real part; to bool it is
// true when either part is non-zero).
func Cast(a Array, d dtype.DType) Array {
	r := Zeros(d, a.Shape)
	for i, v := range a.V {
		if !d.IsComplex() && d != dtype.Bool {
			v = complex(real(v), 0)
		}
		r.V[i] = Round(d, v)
	}
	return r
}
