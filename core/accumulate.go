package core

import "github.com/gosparse/gosparse/core/dtype"

// addBlock adds the elements of src into dst (both of dtype d, same length):
// how duplicate entries of an uncoalesced tensor combine. Bool adds as logical or.
func addBlock(d dtype.DType, dst, src []byte) {
	a, b := Array{DType: d, Data: dst}, Array{DType: d, Data: src}
	switch d {
	case dtype.Float64:
		addSlices(AsSlice[float64](a), AsSlice[float64](b))
	case dtype.Float32:
		addSlices(AsSlice[float32](a), AsSlice[float32](b))
	case dtype.Complex128:
		addSlices(AsSlice[complex128](a), AsSlice[complex128](b))
	case dtype.Complex64:
		addSlices(AsSlice[complex64](a), AsSlice[complex64](b))
	case dtype.Int64:
		addSlices(AsSlice[int64](a), AsSlice[int64](b))
	case dtype.Int32:
		addSlices(AsSlice[int32](a), AsSlice[int32](b))
	case dtype.Int16:
		addSlices(AsSlice[int16](a), AsSlice[int16](b))
	case dtype.Int8:
		addSlices(AsSlice[int8](a), AsSlice[int8](b))
	case dtype.UInt8:
		addSlices(dst, src)
	case dtype.Bool:
		for i := range dst {
			dst[i] |= src[i]
		}
	case dtype.Float16, dtype.BFloat16:
		x, y := AsSlice[uint16](a), AsSlice[uint16](b)
		wide, narrow := dtype.Float16ToFloat32, dtype.Float32ToFloat16
		if d == dtype.BFloat16 {
			wide, narrow = dtype.BFloat16ToFloat32, dtype.Float32ToBFloat16
		}
		for i := range x {
			x[i] = narrow(wide(x[i]) + wide(y[i]))
		}
	}
}

type addable interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~float32 | ~float64 | ~complex64 | ~complex128
}

func addSlices[T addable](dst, src []T) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}
