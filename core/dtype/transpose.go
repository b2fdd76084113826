package dtype

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// Transpose writes the (c x r) transpose of the row-major (r x c)
// array src into dst, moving the elements as bytes of their size (any
// dtype), in parallel.
func Transpose(dst, src Array, r, c int64) error {
	switch src.DType.Size() {
	case 1:
		return kernels.Transpose(AsSlice[uint8](dst), AsSlice[uint8](src), int(r), int(c))
	case 2:
		return kernels.Transpose(AsSlice[uint16](dst), AsSlice[uint16](src), int(r), int(c))
	case 4:
		return kernels.Transpose(AsSlice[uint32](dst), AsSlice[uint32](src), int(r), int(c))
	case 8:
		return kernels.Transpose(AsSlice[uint64](dst), AsSlice[uint64](src), int(r), int(c))
	case 16:
		return kernels.Transpose(AsSlice[[2]uint64](dst), AsSlice[[2]uint64](src), int(r), int(c))
	}
	return errs.Errorf(errs.ErrInternal, "transpose: no element type of %d bytes", src.DType.Size())
}
