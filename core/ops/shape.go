package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// checkAddDim refuses an operation op that would give an nd-dim tensor one
// more dim than MaxDims allows.
func checkAddDim(op string, nd int) error {
	if nd+1 > tensor.MaxDims {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: the result would have %d dimensions, more than the %d a tensor may have", op, nd+1, tensor.MaxDims)
	}
	return nil
}

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
	if r, ok, err := permuteCustom(t, perm); ok || err != nil {
		return r, err
	}
	if relabelsCompressed(t, d0, d1) {
		return tensor.RelabelCompressed(t), nil
	}
	if r, ok, err := transposeBlocked(t, d0, d1); ok || err != nil {
		return r, err
	}
	r, err := Permute(t, perm)
	if err == nil && t.StorageLayout() == tensor.COO && d0 != d1 && max(d0, d1) < t.SparseDim() {
		r = r.WithCoalesced(t.CoalescedFlag() && r.NNZ() == 0)
	}
	return r, err
}

// relabelsCompressed reports whether Transpose swaps a (batched) CSR's or
// a DCSR's two sparse dims for a CSC's (DCSC's) of the same arrays, and
// back: no data moves.
func relabelsCompressed(t *tensor.Tensor, d0, d1 int) bool {
	bd := t.BatchDim()
	switch t.StorageLayout() {
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
	if t.StorageLayout() == tensor.Strided {
		return stridedPermute(t, perm)
	}
	if r, ok, err := permuteCustom(t, perm); ok || err != nil {
		return r, err
	}
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
	c, err := tensor.AsCOO(t)
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
	out := &tensor.CooEntries{Shape: shape, DenseDim: c.DenseDim, Coords: coords, Vals: vals,
		Coalesced: c.Coalesced && keep, Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return tensor.InLayout(r, tensor.TransposedLike(t, perm))
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
func Unsqueeze(t *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if t.UndefinedFill() {
		return keepUndefined("unsqueeze", t, func(s *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(s, dim) })
	}
	nd := len(t.Dims())
	if err := checkAddDim("unsqueeze", nd); err != nil {
		return nil, err
	}
	dim, err := tensor.NormDim("unsqueeze: dim", dim, nd+1)
	if err != nil {
		return nil, err
	}
	if t.StorageLayout() == tensor.Strided { // the same data under one more dim of size 1
		r, err := tensor.NewStrided(dtype.Array{DType: t.DType(), Shape: slices.Insert(slices.Clone(t.Dims()), dim, 1), Data: tensor.CloneArray(t.ValueArray()).Data})
		if err != nil {
			return nil, err
		}
		return tensor.Revalue(r, r.ValueArray(), t.FillBytes()), nil
	}
	if plainCOO(t) {
		return unsqueezeCOO(t, dim)
	}
	return unsqueezeViaCOO(t, dim)
}

// unsqueezeViaCOO is Unsqueeze through t's COO entries (the path before
// the relabel; custom formats and per-slot fills take it).
func unsqueezeViaCOO(t *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	nd := t.NDim()
	c, err := tensor.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	shape := slices.Insert(slices.Clone(c.Shape), dim, 1)
	coords := c.Coords
	vals := c.Vals
	if dim <= s {
		coords = slices.Insert(slices.Clone(c.Coords), dim, make([]int64, c.Nse()))
	} else {
		vals = dtype.Array{DType: vals.DType, Shape: slices.Insert(slices.Clone(vals.Shape), dim-s+1, 1), Data: vals.Data}
	}
	out := &tensor.CooEntries{Shape: shape, DenseDim: len(shape) - len(coords), Coords: coords, Vals: vals,
		Coalesced: c.Nse() < 2, Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return tensor.InLayout(r, t)
}

// Squeeze removes dim when its size is 1 (dim = nil: every size-1 dim).
func Squeeze(t *tensor.Tensor, dim *int) (*tensor.Tensor, error) {
	if t.UndefinedFill() {
		return keepUndefined("squeeze", t, func(s *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(s, dim) })
	}
	nd := len(t.Dims())
	var drop []int
	if dim != nil {
		d, err := tensor.NormDim("squeeze: dim", *dim, nd)
		if err != nil {
			return nil, err
		}
		if nd > 0 && t.Dims()[d] == 1 { // a 0-d tensor has nothing to drop
			drop = []int{d}
		}
	} else {
		for d, n := range t.Dims() {
			if n == 1 {
				drop = append(drop, d)
			}
		}
	}
	if t.StorageLayout() == tensor.Strided {
		return squeezeDense(t, drop)
	}
	if plainCOO(t) {
		if r, ok, err := squeezeCOO(t, drop); ok || err != nil {
			return r, err
		}
	}
	return squeezeViaCOO(t, drop)
}

// squeezeViaCOO is Squeeze through t's COO entries (the path before the
// relabel).
func squeezeViaCOO(t *tensor.Tensor, drop []int) (*tensor.Tensor, error) {
	nd := t.NDim()
	c, err := tensor.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	out := &tensor.CooEntries{DenseDim: c.DenseDim, Coalesced: c.Coalesced, Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
	vshape := []int64{c.Nse()}
	for d := 0; d < nd; d++ {
		if slices.Contains(drop, d) {
			if d >= s {
				out.DenseDim--
			}
			continue
		}
		out.Shape = append(out.Shape, c.Shape[d])
		if d < s {
			out.Coords = append(out.Coords, c.Coords[d])
		} else {
			vshape = append(vshape, c.Shape[d])
		}
	}
	if len(out.Coords) == 0 { // every sparse dim was dropped: the result is dense
		d, err := tensor.ToDense(t)
		if err != nil {
			return nil, err
		}
		return squeezeDense(d, drop)
	}
	out.Vals = dtype.Array{DType: c.Vals.DType, Shape: vshape, Data: c.Vals.Data}
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return tensor.InLayout(r, t)
}

// Cat concatenates tensors of equal shape but for dim: the entries of each
// tensor in turn. Along a sparse dim the coordinates of dim shift; along a
// dense dim every entry keeps its coordinates and its value block is widened,
// zero outside the tensor's own slice (torch's rule: entries that meet sum to
// the concatenated blocks). The result is coalesced when it has fewer than two
// entries (torch's rule for cat).
func Cat(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if len(ts) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "cat: expected a non-empty list of tensors")
	}
	ts, err := promoteAll(ts)
	if err != nil {
		return nil, err
	}
	first := ts[0]
	nd := len(first.Dims())
	for i, x := range ts {
		if len(x.Dims()) == 0 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "cat: tensors[%d] is zero-dimensional and cannot be concatenated (torch's rule; hstack, vstack and stack take 0-d tensors)", i)
		}
	}
	dim, err = tensor.NormDim("cat: dim", dim, nd)
	if err != nil {
		return nil, err
	}
	denseCat := dim >= nd-first.DenseDim()
	if denseCat && !tensor.AllZero(first.FillBytes()) {
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
	if r, ok, err := catNative(ts, dim); ok || err != nil {
		return r, err
	}
	return catEntries(ts, dim)
}

// catEntries is Cat's general path through the COO entries (the native
// path's reference in the tests); the tensors are checked.
func catEntries(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	first := ts[0]
	nd := len(first.Dims())
	denseCat := dim >= nd-first.DenseDim()
	out := &tensor.CooEntries{DenseDim: first.DenseDim(), Width: first.IndexWidth(), Fill: first.FillBytes(), Dtype: first.DType()}
	out.Shape = first.Shape()
	out.Shape[dim] = 0
	out.Coords = make([][]int64, nd-first.DenseDim())
	var parts []dtype.Array
	for _, x := range ts {
		c, err := tensor.AsCOO(x)
		if err != nil {
			return nil, err
		}
		for d := range out.Coords {
			col := c.Coords[d]
			if d == dim && !denseCat {
				col = slices.Clone(col)
				for e := range col {
					col[e] += out.Shape[dim]
				}
			}
			out.Coords[d] = append(out.Coords[d], col...)
		}
		out.Shape[dim] += x.Dims()[dim]
		out.Width = max(out.Width, c.Width)
		parts = append(parts, c.Vals)
	}
	if denseCat {
		out.Vals = concatBlocks(first.DType(), parts, dim-(nd-first.DenseDim()), out.Shape[nd-first.DenseDim():])
	} else {
		out.Vals = concatRows(first.DType(), parts, first.Dims()[nd-first.DenseDim():])
	}
	out.Coalesced = out.Nse() < 2
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return tensor.InLayout(r, first)
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

// promoteAll casts tensors of mixed dtypes to the dtype they promote to
// (torch's cat and stack: promote_types over the list), fill values with them;
// a list of one dtype comes back as it is.
func promoteAll(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
	out := ts[0].DType()
	for _, x := range ts[1:] {
		out = dtype.PromoteTypes(out, x.DType())
	}
	var cast []*tensor.Tensor // a copy: the caller's slice stays as it is
	for i, x := range ts {
		if x.DType() == out {
			continue
		}
		if cast == nil {
			cast = slices.Clone(ts)
		}
		c, err := tensor.ToDType(x, out)
		if err != nil {
			return nil, err
		}
		cast[i] = c
	}
	if cast == nil {
		return ts, nil
	}
	return cast, nil
}

// Stack joins tensors of equal shape along a new sparse dim.
func Stack(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if len(ts) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "stack: expected a non-empty list of tensors")
	}
	if err := checkAddDim("stack", len(ts[0].Dims())); err != nil {
		return nil, err
	}
	for i, x := range ts {
		if !slices.Equal(x.Dims(), ts[0].Dims()) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "stack: expects each tensor to be equal size, but got %v at entry 0 and %v at entry %d", ts[0].Dims(), x.Dims(), i)
		}
	}
	ts, err := promoteAll(ts)
	if err != nil {
		return nil, err
	}
	if r, ok, err := stackRagged(ts, dim); ok || err != nil {
		return r, err
	}
	// Sized before the inputs are unsqueezed (each a copy).
	if err := catCheckSize(ts, 0, true); err != nil {
		return nil, err
	}
	un := make([]*tensor.Tensor, len(ts))
	for i, x := range ts {
		u, err := Unsqueeze(x, dim)
		if err != nil {
			return nil, err
		}
		un[i] = u
	}
	d, _ := tensor.NormDim("stack: dim", dim, len(ts[0].Dims())+1)
	return Cat(un, d)
}

// HStack, VStack and DStack are torch's: cat along dim 1 (dim 0 for 1-d
// tensors), along dim 0 of at-least-2-d tensors, along dim 2 of at-least-3-d tensors.
func HStack(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	if len(ts) > 0 && len(ts[0].Dims()) <= 1 {
		return catAtLeast(ts, 1, 0) // torch's atleast_1d: a 0-d tensor is (1)
	}
	return Cat(ts, 1)
}

// VStack concatenates along dim 0 after viewing 1-d tensors as rows.
func VStack(ts []*tensor.Tensor) (*tensor.Tensor, error) { return catAtLeast(ts, 2, 0) }

// DStack concatenates along dim 2 after viewing tensors as at least 3-d.
func DStack(ts []*tensor.Tensor) (*tensor.Tensor, error) { return catAtLeast(ts, 3, 2) }

// catAtLeast views each tensor as torch's atleast_2d/atleast_3d do
// ((n) -> (1, n) -> (1, n, 1); (m, n) -> (m, n, 1)), then concatenates.
func catAtLeast(ts []*tensor.Tensor, ndim, dim int) (*tensor.Tensor, error) {
	up := make([]*tensor.Tensor, len(ts))
	for i, x := range ts {
		u := x
		var err error
		for len(u.Dims()) < ndim && err == nil {
			at := 0 // a new leading dim while below 2-d, a trailing one after
			if len(u.Dims()) >= 2 {
				at = len(u.Dims())
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
// (dense dims unchanged): coordinates are linearised and unravelled. A
// strided tensor stays strided (torch's reshape).
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
	if plainCOO(t) { // the entries' order is their linear order: no sort
		return reshapeCOO(t, newSparse)
	}
	return reshapeViaCOO(t, newSparse)
}

// reshapeViaCOO is Reshape to sparse sizes newSparse through t's COO
// entries (the path before the relabel).
func reshapeViaCOO(t *tensor.Tensor, newSparse []int64) (*tensor.Tensor, error) {
	c, err := tensor.AsCOO(t)
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
	out := &tensor.CooEntries{Shape: append(slices.Clone(newSparse), dense...), DenseDim: c.DenseDim, Coords: coords, Vals: c.Vals,
		Coalesced: c.Coalesced, Width: 64, Fill: c.Fill, Dtype: c.Dtype}
	return out.Tensor()
}

// SparseResize is torch's sparse_resize_ as a new tensor: the size may grow
// in every sparse dim, and shrink only where no stored index falls outside;
// sparse_dim and dense_dim must stay those of t.
func SparseResize(t *tensor.Tensor, size []int64, sparseDim, denseDim int) (*tensor.Tensor, error) {
	c, err := tensor.AsCOO(t)
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
	return tensor.InLayout(r, t)
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
	return tensor.Revalue(e, e.ValueArray(), t.FillBytes()), nil
}

// squeezeDense removes the dims in drop (all of size 1) from a strided
// tensor: the same data under a smaller shape.
func squeezeDense(t *tensor.Tensor, drop []int) (*tensor.Tensor, error) {
	var shape []int64
	for d, n := range t.Dims() {
		if !slices.Contains(drop, d) {
			shape = append(shape, n)
		}
	}
	r, err := tensor.NewStrided(dtype.Array{DType: t.DType(), Shape: shape, Data: tensor.CloneArray(t.ValueArray()).Data})
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(r, r.ValueArray(), t.FillBytes()), nil
}
