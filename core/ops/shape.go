package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Transpose swaps dims d0 and d1 (negative dims count from the end). Two
// sparse dims swap coordinates, keeping the stored order (a CSR, batched or
// not, becomes a CSC of the same arrays, without copying, as torch does); two
// dense dims permute every value block. Swapping two sparse dims of a COO
// tensor clears the coalesced flag unless there are no entries, as torch does.
func Transpose(t *tensor.Tensor, d0, d1 int) (*tensor.Tensor, error) {
	if t.UndefinedFill() {
		return keepUndefined("transpose", t, func(s *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(s, d0, d1) })
	}
	nd := len(t.Dims())
	var err error
	if d0, err = tensor.NormDim("transpose: dim0", d0, nd); err != nil {
		return nil, err
	}
	if d1, err = tensor.NormDim("transpose: dim1", d1, nd); err != nil {
		return nil, err
	}
	if nd == 0 { // swapping a 0-d tensor's dim 0 with itself
		return tensor.Clone(t), nil
	}
	perm := make([]int, nd)
	for i := range perm {
		perm[i] = i
	}
	perm[d0], perm[d1] = d1, d0
	r, nt, err := permuteOrName(t, perm)
	if r != nil || err != nil {
		return r, err
	}
	t = nt
	if relabelsCompressed(t, d0, d1) {
		return tensor.RelabelCompressed(t), nil
	}
	if r, ok, err := transposeBlocked(t, d0, d1); ok || err != nil {
		return r, err
	}
	r, err = Permute(t, perm)
	if err == nil && t.Layout() == tensor.COO && d0 != d1 && max(d0, d1) < t.SparseDim() {
		r = r.WithCoalesced(t.IsCoalesced() && r.NNZ() == 0)
	}
	return r, err
}

// relabelsCompressed reports whether Transpose swaps a (batched) CSR's or
// a DCSR's two sparse dims for a CSC's (DCSC's) of the same arrays, and
// back: no data moves.
func relabelsCompressed(t *tensor.Tensor, d0, d1 int) bool {
	bd := t.BatchDim()
	switch t.Layout() {
	case tensor.CSR, tensor.CSC, tensor.DCSR, tensor.DCSC:
		return d0 != d1 && min(d0, d1) == bd && max(d0, d1) == bd+1
	}
	return false
}

// T is torch's t(): the transpose of a matrix (a 1-d tensor comes back as is).
func T(t *tensor.Tensor) (*tensor.Tensor, error) {
	if len(t.Dims())-t.DenseDim() > 2 || len(t.Dims()) > 2 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "t: expects a tensor with <= 2 sparse and 0 dense dimensions, but got %d sparse and %d dense dimensions", len(t.Dims())-t.DenseDim(), t.DenseDim())
	}
	if len(t.Dims()) < 2 {
		return tensor.Clone(t), nil
	}
	return Transpose(t, 0, 1)
}

// Permute reorders the dims: sparse dims among themselves, dense dims among themselves.
func Permute(t *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	if t.UndefinedFill() {
		return keepUndefined("permute", t, func(s *tensor.Tensor) (*tensor.Tensor, error) { return Permute(s, dims) })
	}
	nd := len(t.Dims())
	if len(dims) != nd {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "permute: dims has %d entries, the tensor has %d dimensions", len(dims), nd)
	}
	seen := make([]bool, nd)
	perm := make([]int, nd)
	for i, d := range dims {
		nd0, err := tensor.NormDim("permute: dims", d, nd)
		if err != nil {
			return nil, err
		}
		if seen[nd0] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "permute: dims = %v repeats dim %d", dims, nd0)
		}
		seen[nd0], perm[i] = true, nd0
	}
	if t.Layout() == tensor.Strided {
		return stridedPermute(t, perm)
	}
	r, nt, err := permuteOrName(t, perm)
	if r != nil || err != nil {
		return r, err
	}
	t = nt
	if r, ok, err := permuteNative(t, perm); ok || err != nil {
		return r, err
	}
	return permuteEntries(t, perm, dims)
}

// permuteEntries is Permute's general path through the COO entries (the
// native path's reference in the tests); perm is checked, dims is the
// caller's spelling of it for messages.
func permuteEntries(t *tensor.Tensor, perm, dims []int) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	for i, p := range perm {
		if (i < s) != (p < s) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "permute: dims = %v moves sparse dim and dense dims into each other's place (sparse dims are 0..%d)", dims, s-1)
		}
	}
	shape := make([]int64, nd)
	coords := make([][]int64, s)
	for i, p := range perm {
		shape[i] = c.Shape[p]
		if i < s {
			coords[i] = c.Coords[p]
		}
	}
	vals := c.Vals
	if !slices.IsSorted(perm[s:]) {
		vals = permuteBlocks(c.Vals, c.Shape[s:], perm[s:], s)
	}
	// torch keeps the flag only while dim 0 stays first; it also keeps it when the
	// other sparse dims move, which unsorts the entries: sorted perms only here.
	keep := nd == 0 || perm[0] == 0 && (slices.IsSorted(perm[:s]) || c.Nse() < 2) // a 0-d tensor has no dim to move
	out := &convert.CooEntries{Shape: shape, DenseDim: c.DenseDim, Coords: coords, Vals: vals,
		Coalesced: c.Coalesced && keep, Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(r, tensor.TransposedLike(t, perm))
}

// permuteBlocks permutes the dense dims inside every value block; perm lists
// the source dense dims (offset by s) of each result dense dim.
func permuteBlocks(vals dtype.Array, dshape []int64, perm []int, s int) dtype.Array {
	nd := len(dshape)
	block := dtype.NumelOf(dshape)
	nse := vals.Shape[0]
	newShape := make([]int64, nd)
	for i, p := range perm {
		newShape[i] = dshape[p-s]
	}
	srcStride := make([]int64, nd)
	st := int64(1)
	for d := nd - 1; d >= 0; d-- {
		srcStride[d] = st
		st *= dshape[d]
	}
	out := dtype.NewArray(vals.DType, append([]int64{nse}, newShape...))
	es := int64(vals.DType.Size())
	idx := make([]int64, nd)
	for j := int64(0); j < block; j++ {
		r := j
		for d := nd - 1; d >= 0; d-- {
			idx[d] = r % newShape[d]
			r /= newShape[d]
		}
		src := int64(0)
		for i, p := range perm {
			src += idx[i] * srcStride[p-s]
		}
		for e := int64(0); e < nse; e++ {
			copy(out.Data[(e*block+j)*es:(e*block+j+1)*es], vals.Data[(e*block+src)*es:(e*block+src+1)*es])
		}
	}
	return out
}
