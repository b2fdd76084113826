package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// SparseResize is torch's sparse_resize_ as a new tensor: the size may grow
// in every sparse dim, and shrink only where no stored index falls outside;
// sparse_dim and dense_dim must stay those of t.
func SparseResize(t *tensor.Tensor, size []int64, sparseDim, denseDim int) (*tensor.Tensor, error) {
	n, err := tensor.SortedNamed(t) // a custom format's elements (Named's tensor, by a counting sort), read below as COO entries
	if err != nil {
		return nil, err
	}
	c, err := convert.AsCOO(n)
	if err != nil {
		return nil, err
	}
	s := len(c.Shape) - c.DenseDim
	if sparseDim != s || denseDim != c.DenseDim || len(size) != s+denseDim {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_resize_: size %v with sparse_dim %d and dense_dim %d must keep the tensor's sparse_dim %d and dense_dim %d (use sparse_resize_and_clear_ to change them)", size, sparseDim, denseDim, s, c.DenseDim)
	}
	if !slices.Equal(size[s:], c.Shape[s:]) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_resize_: the dense sizes %v cannot change to %v on a non-empty tensor", c.Shape[s:], size[s:])
	}
	for d := 0; d < s; d++ {
		for _, v := range c.Coords[d] {
			if v >= size[d] {
				return nil, errs.Errorf(errs.ErrIndex, "sparse_resize_: size[%d] = %d is smaller than a stored index %d", d, size[d], v)
			}
		}
	}
	c.Shape = slices.Clone(size)
	r, err := c.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(r, t)
}

// SparseResizeAndClear is torch's sparse_resize_and_clear_: an empty COO
// tensor of the new size, sparse_dim and dense_dim, keeping dtype and fill.
func SparseResizeAndClear(t *tensor.Tensor, size []int64, sparseDim, denseDim int) (*tensor.Tensor, error) {
	if sparseDim+denseDim != len(size) || sparseDim < 1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_resize_and_clear_: sparse_dim %d + dense_dim %d must equal len(size) = %d, with sparse_dim >= 1", sparseDim, denseDim, len(size))
	}
	e, err := tensor.Empty(tensor.COO, t.DType(), size, [2]int64{}, denseDim)
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(e, e.Values(), slices.Clone(t.FillElem())), nil
}
