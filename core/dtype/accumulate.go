package dtype

// AddBlock adds the elements of src into dst (both of dtype d, same length):
// how duplicate entries of an uncoalesced tensor combine. Bool adds as logical or.
func AddBlock(d DType, dst, src []byte) {
	a, b := Array{DType: d, Data: dst}, Array{DType: d, Data: src}
	switch d {
	case Float64:
		addSlices(AsSlice[float64](a), AsSlice[float64](b))
	case Float32:
		addSlices(AsSlice[float32](a), AsSlice[float32](b))
	case Complex128:
		addSlices(AsSlice[complex128](a), AsSlice[complex128](b))
	case Complex64:
		addSlices(AsSlice[complex64](a), AsSlice[complex64](b))
	case Int64:
		addSlices(AsSlice[int64](a), AsSlice[int64](b))
	case Int32:
		addSlices(AsSlice[int32](a), AsSlice[int32](b))
	case Int16:
		addSlices(AsSlice[int16](a), AsSlice[int16](b))
	case Int8:
		addSlices(AsSlice[int8](a), AsSlice[int8](b))
	case UInt8:
		addSlices(dst, src)
	case Bool:
		for i := range dst {
			dst[i] |= src[i]
		}
	case Float16, BFloat16:
		x, y := AsSlice[uint16](a), AsSlice[uint16](b)
		wide, narrow := Float16ToFloat32, Float32ToFloat16
		if d == BFloat16 {
			wide, narrow = BFloat16ToFloat32, Float32ToBFloat16
		}
		for i := range x {
			x[i] = narrow(wide(x[i]) + wide(y[i]))
		}
	}
}

// Addable is the element types that add with +.
type Addable interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~float32 | ~float64 | ~complex64 | ~complex128
}

// addSlices adds src into dst element by element.
func addSlices[T Addable](dst, src []T) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}
