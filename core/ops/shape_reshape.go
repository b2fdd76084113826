package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Reshape gives a COO tensor a new shape of the same sparse element count
// (dense dims unchanged): coordinates are linearised and unravelled. A
// strided tensor stays strided (torch's reshape). A custom-format tensor
// gives COO read off its levels in one walk (reshapeCustom).
func Reshape(t *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	if t.Layout() == tensor.Strided {
		return reshapeStrided(t, shape)
	}
	size := t.Dims()
	s := len(size) - t.DenseDim()
	dense := size[s:]
	shape = slices.Clone(shape)
	infer := -1
	for i, n := range shape {
		if n == -1 && infer < 0 {
			infer = i
		} else if n < 0 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape = %v: sizes must be non-negative (one may be -1)", shape)
		}
	}
	if len(shape) < len(dense) || !slices.Equal(shape[len(shape)-len(dense):], dense) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape %v must end with the dense dims %v", shape, dense)
	}
	newSparse := shape[:len(shape)-len(dense)]
	total := dtype.NumelOf(size[:s])
	if infer >= 0 {
		rest := int64(1)
		for i, n := range newSparse {
			if i != infer {
				rest *= n
			}
		}
		if rest == 0 || total%rest != 0 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape %v is invalid for %d sparse elements", shape, total)
		}
		newSparse[infer] = total / rest
	}
	if dtype.NumelOf(newSparse) != total { // no sparse dim left (a 0-d result) is a COO of sparse_dim 0
		return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape %v is invalid for a tensor of sparse size %v", shape, size[:s])
	}
	if r, ok, err := reshapeCustom(t, newSparse, 64); ok || err != nil {
		return r, err
	}
	t, err := tensor.Named(t) // a custom format reshapeCustom does not serve: its elements, for this call
	if err != nil {
		return nil, err
	}
	if plainCOO(t) { // the entries' order is their linear order: no sort
		return reshapeCOO(t, newSparse)
	}
	return reshapeViaCOO(t, newSparse)
}

// reshapeViaCOO is Reshape to sparse sizes newSparse through t's COO
// entries (the path before the relabel).
func reshapeViaCOO(t *tensor.Tensor, newSparse []int64) (*tensor.Tensor, error) {
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := len(c.Shape) - c.DenseDim
	dense := c.Shape[s:]
	n := c.Nse()
	coords := make([][]int64, len(newSparse))
	for d := range coords {
		coords[d] = make([]int64, n)
	}
	for e := int64(0); e < n; e++ {
		lin := int64(0)
		for d := 0; d < s; d++ {
			lin = lin*c.Shape[d] + c.Coords[d][e]
		}
		for d := len(newSparse) - 1; d >= 0; d-- {
			coords[d][e] = lin % newSparse[d]
			lin /= newSparse[d]
		}
	}
	out := &convert.CooEntries{Shape: append(slices.Clone(newSparse), dense...), DenseDim: c.DenseDim, Coords: coords, Vals: c.Vals,
		Coalesced: c.Coalesced, Width: 64, Fill: c.Fill, Dtype: c.Dtype}
	return out.Tensor()
}
