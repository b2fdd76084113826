package kernels

import "unsafe"

// TransposeBytes writes the (c x r) transpose of the row-major (r x c)
// matrix src into dst, whose elements are size bytes each (1, 2, 4, 8 or
// 16: any value dtype), moving them as words of that size (see Transpose).
// dst and src must be 8-byte aligned, as value arrays are.
func TransposeBytes(dst, src []byte, size, r, c int) error {
	switch size {
	case 1:
		return Transpose(dst, src, r, c)
	case 2:
		return Transpose(bytesAs[uint16](dst), bytesAs[uint16](src), r, c)
	case 4:
		return Transpose(bytesAs[uint32](dst), bytesAs[uint32](src), r, c)
	case 8:
		return Transpose(bytesAs[uint64](dst), bytesAs[uint64](src), r, c)
	case 16:
		return Transpose(bytesAs[[2]uint64](dst), bytesAs[[2]uint64](src), r, c)
	}
	return argErr("TransposeBytes", "size", "%d must be 1, 2, 4, 8 or 16 bytes", size)
}

// bytesAs views b as elements of T (a whole number of them; a trailing
// part element is left out).
func bytesAs[T Word](b []byte) []T {
	var z T
	n := len(b) / int(unsafe.Sizeof(z))
	if n == 0 {
		return []T{}
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), n)
}
