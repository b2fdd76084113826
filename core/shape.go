package core

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// checkAddDim refuses an operation op that would give an nd-dim tensor one
// more dim than MaxDims allows.
func checkAddDim(op string, nd int) error {
	if nd+1 > MaxDims {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: the result would have %d dimensions, more than the %d a tensor may have", op, nd+1, MaxDims)
	}
	return nil
}

// Transpose swaps dims d0 and d1 (negative dims count from the end). Two
// sparse dims swap coordinates, keeping the stored order (an unbatched CSR
// becomes a CSC of the same arrays, without copying, as torch does); two
// dense dims permute every value block. Swapping two sparse dims of a COO
// tensor clears the coalesced flag unless there are no entries, as torch does.
func Transpose(t *Tensor, d0, d1 int) (*Tensor, error) {
	nd := len(t.shape)
	var err error
	if d0, err = normDim("transpose: dim0", d0, nd); err != nil {
		return nil, err
	}
	if d1, err = normDim("transpose: dim1", d1, nd); err != nil {
		return nil, err
	}
	perm := make([]int, nd)
	for i := range perm {
		perm[i] = i
	}
	perm[d0], perm[d1] = d1, d0
	if (t.layout == CSR || t.layout == CSC) && t.batchDim == 0 && d0 != d1 && d0 < 2 && d1 < 2 {
		return relabelCompressed(t), nil
	}
	r, err := Permute(t, perm)
	if err == nil && t.layout == COO && d0 != d1 && max(d0, d1) < t.SparseDim() {
		r.setCoalesced(t.coalesced && r.NNZ() == 0)
	}
	return r, err
}

// T is torch's t(): the transpose of a matrix (a 1-d tensor comes back as is).
func T(t *Tensor) (*Tensor, error) {
	if len(t.shape)-t.denseDim > 2 || len(t.shape) > 2 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "t: expects a tensor with <= 2 sparse and 0 dense dimensions, but got %d sparse and %d dense dimensions", len(t.shape)-t.denseDim, t.denseDim)
	}
	if len(t.shape) < 2 {
		return Clone(t), nil
	}
	return Transpose(t, 0, 1)
}

// Permute reorders the dims: sparse dims among themselves, dense dims among themselves.
func Permute(t *Tensor, dims []int) (*Tensor, error) {
	nd := len(t.shape)
	if len(dims) != nd {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "permute: dims has %d entries, the tensor has %d dimensions", len(dims), nd)
	}
	seen := make([]bool, nd)
	perm := make([]int, nd)
	for i, d := range dims {
		nd0, err := normDim("permute: dims", d, nd)
		if err != nil {
			return nil, err
		}
		if seen[nd0] {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "permute: dims = %v repeats dim %d", dims, nd0)
		}
		seen[nd0], perm[i] = true, nd0
	}
	if t.layout == Strided {
		return stridedPermute(t, perm)
	}
	c, err := asCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.denseDim
	for i, p := range perm {
		if (i < s) != (p < s) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "permute: dims = %v moves sparse dim and dense dims into each other's place (sparse dims are 0..%d)", dims, s-1)
		}
	}
	shape := make([]int64, nd)
	coords := make([][]int64, s)
	for i, p := range perm {
		shape[i] = c.shape[p]
		if i < s {
			coords[i] = c.coords[p]
		}
	}
	vals := c.vals
	if !slices.IsSorted(perm[s:]) {
		vals = permuteBlocks(c.vals, c.shape[s:], perm[s:], s)
	}
	// torch keeps the flag only while dim 0 stays first; it also keeps it when the
	// other sparse dims move, which unsorts the entries: sorted perms only here.
	keep := perm[0] == 0 && (slices.IsSorted(perm[:s]) || c.nse() < 2)
	out := &cooEntries{shape: shape, denseDim: c.denseDim, coords: coords, vals: vals,
		coalesced: c.coalesced && keep, width: c.width, fill: c.fill, dtype: c.dtype}
	r, err := out.tensor()
	if err != nil {
		return nil, err
	}
	return inLayout(r, transposedLike(t, perm))
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

// Unsqueeze inserts a dim of size 1 at dim (a sparse dim when dim <= sparse_dim).
// A COO result is coalesced when it has fewer than two entries, whatever the
// input's flag (torch's rule for unsqueeze).
func Unsqueeze(t *Tensor, dim int) (*Tensor, error) {
	nd := len(t.shape)
	if err := checkAddDim("unsqueeze", nd); err != nil {
		return nil, err
	}
	dim, err := normDim("unsqueeze: dim", dim, nd+1)
	if err != nil {
		return nil, err
	}
	if t.layout == Strided { // the same data under one more dim of size 1
		r, err := NewStrided(dtype.Array{DType: t.dtype, Shape: slices.Insert(slices.Clone(t.shape), dim, 1), Data: cloneArray(t.values).Data})
		if err != nil {
			return nil, err
		}
		return revalue(r, r.values, t.FillBytes()), nil
	}
	c, err := asCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.denseDim
	shape := slices.Insert(slices.Clone(c.shape), dim, 1)
	coords := c.coords
	vals := c.vals
	if dim <= s {
		coords = slices.Insert(slices.Clone(c.coords), dim, make([]int64, c.nse()))
	} else {
		vals = dtype.Array{DType: vals.DType, Shape: slices.Insert(slices.Clone(vals.Shape), dim-s+1, 1), Data: vals.Data}
	}
	out := &cooEntries{shape: shape, denseDim: len(shape) - len(coords), coords: coords, vals: vals,
		coalesced: c.nse() < 2, width: c.width, fill: c.fill, dtype: c.dtype}
	r, err := out.tensor()
	if err != nil {
		return nil, err
	}
	return inLayout(r, t)
}

// Squeeze removes dim when its size is 1 (dim = nil: every size-1 dim).
func Squeeze(t *Tensor, dim *int) (*Tensor, error) {
	nd := len(t.shape)
	var drop []int
	if dim != nil {
		d, err := normDim("squeeze: dim", *dim, nd)
		if err != nil {
			return nil, err
		}
		if t.shape[d] == 1 {
			drop = []int{d}
		}
	} else {
		for d, n := range t.shape {
			if n == 1 {
				drop = append(drop, d)
			}
		}
	}
	if t.layout == Strided {
		return squeezeDense(t, drop)
	}
	c, err := asCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.denseDim
	out := &cooEntries{denseDim: c.denseDim, coalesced: c.coalesced, width: c.width, fill: c.fill, dtype: c.dtype}
	vshape := []int64{c.nse()}
	for d := 0; d < nd; d++ {
		if slices.Contains(drop, d) {
			if d >= s {
				out.denseDim--
			}
			continue
		}
		out.shape = append(out.shape, c.shape[d])
		if d < s {
			out.coords = append(out.coords, c.coords[d])
		} else {
			vshape = append(vshape, c.shape[d])
		}
	}
	if len(out.coords) == 0 { // every sparse dim was dropped: the result is dense
		d, err := ToDense(t)
		if err != nil {
			return nil, err
		}
		return squeezeDense(d, drop)
	}
	out.vals = dtype.Array{DType: c.vals.DType, Shape: vshape, Data: c.vals.Data}
	r, err := out.tensor()
	if err != nil {
		return nil, err
	}
	return inLayout(r, t)
}

// Cat concatenates tensors of equal shape but for dim: the entries of each
// tensor in turn. Along a sparse dim the coordinates of dim shift; along a
// dense dim every entry keeps its coordinates and its value block is widened,
// zero outside the tensor's own slice (torch's rule: entries that meet sum to
// the concatenated blocks). The result is coalesced when it has fewer than two
// entries (torch's rule for cat).
func Cat(ts []*Tensor, dim int) (*Tensor, error) {
	if len(ts) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "cat: expected a non-empty list of tensors")
	}
	first := ts[0]
	nd := len(first.shape)
	dim, err := normDim("cat: dim", dim, nd)
	if err != nil {
		return nil, err
	}
	denseCat := dim >= nd-first.denseDim
	if denseCat && !allZero(first.FillBytes()) {
		return nil, errs.Errorf(errs.ErrNotImplemented, "cat: along dense dim %d only with fill value 0: the widened value blocks would read 0 where the other tensors' fill value belongs", dim)
	}
	if err := catCheck(ts, dim); err != nil {
		return nil, err
	}
	if err := catCheckSize(ts, dim, false); err != nil {
		return nil, err
	}
	if catAllStrided(ts) {
		return catStrided(ts, dim), nil
	}
	out := &cooEntries{denseDim: first.denseDim, width: first.width, fill: first.FillBytes(), dtype: first.dtype}
	out.shape = first.Shape()
	out.shape[dim] = 0
	out.coords = make([][]int64, nd-first.denseDim)
	var parts []dtype.Array
	for _, x := range ts {
		c, err := asCOO(x)
		if err != nil {
			return nil, err
		}
		for d := range out.coords {
			col := c.coords[d]
			if d == dim && !denseCat {
				col = slices.Clone(col)
				for e := range col {
					col[e] += out.shape[dim]
				}
			}
			out.coords[d] = append(out.coords[d], col...)
		}
		out.shape[dim] += x.shape[dim]
		out.width = max(out.width, c.width)
		parts = append(parts, c.vals)
	}
	if denseCat {
		out.vals = concatBlocks(first.dtype, parts, dim-(nd-first.denseDim), out.shape[nd-first.denseDim:])
	} else {
		out.vals = concatRows(first.dtype, parts, first.shape[nd-first.denseDim:])
	}
	out.coalesced = out.nse() < 2
	r, err := out.tensor()
	if err != nil {
		return nil, err
	}
	return inLayout(r, first)
}

// concatRows stacks (n_i, *dense) arrays along their first dim.
func concatRows(d dtype.DType, parts []dtype.Array, dense []int64) dtype.Array {
	n := int64(0)
	for _, p := range parts {
		n += p.Shape[0]
	}
	out := dtype.NewArray(d, append([]int64{n}, dense...))
	off := 0
	for _, p := range parts {
		off += copy(out.Data[off:], p.Data)
	}
	return out
}

// concatBlocks stacks (n_i, *dense_i) value arrays along their first dim with
// each block widened along dense axis k to dense[k] (the sum of the dense_i[k]):
// part i's block fills its own slice of axis k, after the parts before it, and
// the rest stays zero.
func concatBlocks(d dtype.DType, parts []dtype.Array, k int, dense []int64) dtype.Array {
	n := int64(0)
	for _, p := range parts {
		n += p.Shape[0]
	}
	out := dtype.NewArray(d, append([]int64{n}, dense...))
	outer := dtype.NumelOf(dense[:k])
	inner := dtype.NumelOf(dense[k+1:]) * int64(d.Size())
	total := dense[k] * inner // bytes of one outer row of the result
	row, off := int64(0), int64(0)
	for _, p := range parts {
		w := p.Shape[1+k] * inner // bytes of one outer row of this part
		for e := int64(0); e < p.Shape[0]; e++ {
			for o := int64(0); o < outer; o++ {
				src := (e*outer + o) * w
				dst := ((row+e)*outer+o)*total + off
				copy(out.Data[dst:dst+w], p.Data[src:src+w])
			}
		}
		row += p.Shape[0]
		off += w
	}
	return out
}

// Stack joins tensors of equal shape along a new sparse dim.
func Stack(ts []*Tensor, dim int) (*Tensor, error) {
	if len(ts) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "stack: expected a non-empty list of tensors")
	}
	if err := checkAddDim("stack", len(ts[0].shape)); err != nil {
		return nil, err
	}
	for i, x := range ts {
		if !slices.Equal(x.shape, ts[0].shape) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "stack: expects each tensor to be equal size, but got %v at entry 0 and %v at entry %d", ts[0].shape, x.shape, i)
		}
	}
	// Sized before the inputs are unsqueezed (each a copy).
	if err := catCheckSize(ts, 0, true); err != nil {
		return nil, err
	}
	un := make([]*Tensor, len(ts))
	for i, x := range ts {
		u, err := Unsqueeze(x, dim)
		if err != nil {
			return nil, err
		}
		un[i] = u
	}
	d, _ := normDim("stack: dim", dim, len(ts[0].shape)+1)
	return Cat(un, d)
}

// HStack, VStack and DStack are torch's: cat along dim 1 (dim 0 for 1-d
// tensors), along dim 0 of at-least-2-d tensors, along dim 2 of at-least-3-d tensors.
func HStack(ts []*Tensor) (*Tensor, error) {
	if len(ts) > 0 && len(ts[0].shape) == 1 {
		return Cat(ts, 0)
	}
	return Cat(ts, 1)
}

// VStack concatenates along dim 0 after viewing 1-d tensors as rows.
func VStack(ts []*Tensor) (*Tensor, error) { return catAtLeast(ts, 2, 0) }

// DStack concatenates along dim 2 after viewing tensors as at least 3-d.
func DStack(ts []*Tensor) (*Tensor, error) { return catAtLeast(ts, 3, 2) }

// catAtLeast views each tensor as torch's atleast_2d/atleast_3d do
// ((n) -> (1, n) -> (1, n, 1); (m, n) -> (m, n, 1)), then concatenates.
func catAtLeast(ts []*Tensor, ndim, dim int) (*Tensor, error) {
	up := make([]*Tensor, len(ts))
	for i, x := range ts {
		u := x
		var err error
		for len(u.shape) < ndim && err == nil {
			at := 0 // a new leading dim while below 2-d, a trailing one after
			if len(u.shape) >= 2 {
				at = len(u.shape)
			}
			u, err = Unsqueeze(u, at)
		}
		if err != nil {
			return nil, err
		}
		up[i] = u
	}
	return Cat(up, dim)
}

// Reshape gives a COO tensor a new shape of the same sparse element count
// (dense dims unchanged): coordinates are linearised and unravelled.
func Reshape(t *Tensor, shape []int64) (*Tensor, error) {
	c, err := asCOO(t)
	if err != nil {
		return nil, err
	}
	s := len(c.shape) - c.denseDim
	dense := c.shape[s:]
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
	total := dtype.NumelOf(c.shape[:s])
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
	if dtype.NumelOf(newSparse) != total || len(newSparse) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "reshape: shape %v is invalid for a tensor of sparse size %v", shape, c.shape[:s])
	}
	n := c.nse()
	coords := make([][]int64, len(newSparse))
	for d := range coords {
		coords[d] = make([]int64, n)
	}
	for e := int64(0); e < n; e++ {
		lin := int64(0)
		for d := 0; d < s; d++ {
			lin = lin*c.shape[d] + c.coords[d][e]
		}
		for d := len(newSparse) - 1; d >= 0; d-- {
			coords[d][e] = lin % newSparse[d]
			lin /= newSparse[d]
		}
	}
	out := &cooEntries{shape: append(slices.Clone(newSparse), dense...), denseDim: c.denseDim, coords: coords, vals: c.vals,
		coalesced: c.coalesced, width: 64, fill: c.fill, dtype: c.dtype}
	return out.tensor()
}

// SparseResize is torch's sparse_resize_ as a new tensor: the size may grow
// in every sparse dim, and shrink only where no stored index falls outside;
// sparse_dim and dense_dim must stay those of t.
func SparseResize(t *Tensor, size []int64, sparseDim, denseDim int) (*Tensor, error) {
	c, err := asCOO(t)
	if err != nil {
		return nil, err
	}
	s := len(c.shape) - c.denseDim
	if sparseDim != s || denseDim != c.denseDim || len(size) != s+denseDim {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_resize_: size %v with sparse_dim %d and dense_dim %d must keep the tensor's sparse_dim %d and dense_dim %d (use sparse_resize_and_clear_ to change them)", size, sparseDim, denseDim, s, c.denseDim)
	}
	if !slices.Equal(size[s:], c.shape[s:]) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_resize_: the dense sizes %v cannot change to %v on a non-empty tensor", c.shape[s:], size[s:])
	}
	for d := 0; d < s; d++ {
		for _, v := range c.coords[d] {
			if v >= size[d] {
				return nil, errs.Errorf(errs.ErrIndex, "sparse_resize_: size[%d] = %d is smaller than a stored index %d", d, size[d], v)
			}
		}
	}
	c.shape = slices.Clone(size)
	r, err := c.tensor()
	if err != nil {
		return nil, err
	}
	return inLayout(r, t)
}

// SparseResizeAndClear is torch's sparse_resize_and_clear_: an empty COO
// tensor of the new size, sparse_dim and dense_dim, keeping dtype and fill.
func SparseResizeAndClear(t *Tensor, size []int64, sparseDim, denseDim int) (*Tensor, error) {
	if sparseDim+denseDim != len(size) || sparseDim < 1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "sparse_resize_and_clear_: sparse_dim %d + dense_dim %d must equal len(size) = %d, with sparse_dim >= 1", sparseDim, denseDim, len(size))
	}
	e, err := Empty(COO, t.dtype, size, [2]int64{}, denseDim)
	if err != nil {
		return nil, err
	}
	return revalue(e, e.values, t.FillBytes()), nil
}

// squeezeDense removes the dims in drop (all of size 1) from a strided
// tensor: the same data under a smaller shape.
func squeezeDense(t *Tensor, drop []int) (*Tensor, error) {
	var shape []int64
	for d, n := range t.shape {
		if !slices.Contains(drop, d) {
			shape = append(shape, n)
		}
	}
	r, err := NewStrided(dtype.Array{DType: t.dtype, Shape: shape, Data: cloneArray(t.values).Data})
	if err != nil {
		return nil, err
	}
	return revalue(r, r.values, t.FillBytes()), nil
}
