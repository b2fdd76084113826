package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// reshapeStrided is torch's reshape of a strided tensor: a strided tensor
// of the new shape (one size may be -1) holding the same elements in the
// same row-major order, sharing t's storage.
func reshapeStrided(t *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	v, err := tensor.Component(t, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	shape = slices.Clone(shape)
	total, infer, rest := v.Numel(), -1, int64(1)
	for i, n := range shape {
		switch {
		case n == -1 && infer < 0:
			infer = i
		case n < 0:
			return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape = %v: sizes must be non-negative (one may be -1)", shape)
		default:
			rest *= n
		}
	}
	if infer >= 0 {
		if rest == 0 || total%rest != 0 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape %v is invalid for input of size %d", shape, total)
		}
		shape[infer] = total / rest
	}
	if dtype.NumelOf(shape) != total {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape %v is invalid for input of size %d", shape, total)
	}
	return tensor.NewStrided(dtype.Array{DType: v.DType, Shape: shape, Data: v.Data})
}
