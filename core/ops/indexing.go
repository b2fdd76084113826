package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Select is torch's select(dim, index): the slice at index of dim, that dim
// removed. On a sparse dim it keeps the matching entries in stored order
// (duplicates stay separate entries, as in torch); when no sparse dim would
// remain, the result is the dense slice (duplicates summed). On a dense dim it
// slices every value block. A COO result from a COO input is coalesced when
// it has fewer than two entries, whatever the input's flag; from any other
// format it is coalesced: torch's rules for select.
func Select(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, error) {
	return selectWidth(t, dim, index, 0)
}

// SelectIndexWidth is Select whose COO result has w-bit indices (32 or 64;
// 0 keeps Select's): torch's select of a compressed tensor gives a COO
// result with int64 indices, which a binding gets from this one call
// instead of a second conversion. Other results ignore w.
func SelectIndexWidth(t *tensor.Tensor, dim int, index int64, w int) (*tensor.Tensor, error) {
	if w != 0 && w != 32 && w != 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "select: index_width = %d must be 0 (select's), 32 or 64", w)
	}
	r, err := selectWidth(t, dim, index, w)
	if err != nil || w == 0 || r.Layout() != tensor.COO || r.IndexWidth() == w {
		return r, err
	}
	return convert.ToIndexWidth(r, w) // a path that did not make the width itself
}

// selectWidth is Select; the native path of a compressed tensor makes a
// COO result's indices w bits wide (0: its own width) as it copies them.
func selectWidth(t *tensor.Tensor, dim int, index int64, w int) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	dim, err := tensor.NormDim("select: dim", dim, nd)
	if err != nil {
		return nil, err
	}
	if nd == 0 {
		return nil, errs.Errorf(errs.ErrIndex, "select: cannot be applied to a 0-dim tensor (torch's rule)")
	}
	n := t.Dims()[dim]
	if index < -n || index >= n {
		return nil, errs.Errorf(errs.ErrIndex, "select: index %d out of range for tensor of size %v at dimension %d", index, t.Dims(), dim)
	}
	if index < 0 {
		index += n
	}
	if t.Layout() == tensor.Strided {
		return selectDense(t, dim, index)
	}
	if r, ok, err := selectRagged(t, dim, index); ok || err != nil {
		return r, err
	}
	if r, ok, err := selectCustom(t, dim, index); ok || err != nil {
		return r, err
	}
	if r, ok, err := selectFibers(t, dim, index); ok || err != nil {
		return r, err
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	if r, ok, err := selectNative(t, dim, index, w); ok || err != nil {
		return r, err
	}
	if r, ok, err := selectLeaf(t, dim, index); ok || err != nil {
		return r, err
	}
	return selectEntries(t, dim, index)
}

// selectEntries is Select's general path, through the COO entries (the
// native paths' reference in the tests).
func selectEntries(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	if dim >= s {
		out := takeDenseDim(c, dim, []int64{index}, true)
		out.Coalesced = out.Nse() < 2
		return out.TensorLike(t)
	}
	if s == 1 { // the result has no sparse dim: a dense tensor of the dense shape
		d, err := convert.ToDense(t)
		if err != nil {
			return nil, err
		}
		return selectDense(d, dim, index)
	}
	var keep []int64
	for e, v := range c.Coords[dim] {
		if v == index {
			keep = append(keep, int64(e))
		}
	}
	coords := make([][]int64, 0, s-1)
	for d := 0; d < s; d++ {
		if d != dim {
			coords = append(coords, pick(c.Coords[d], keep))
		}
	}
	shape := slices.Delete(slices.Clone(c.Shape), dim, dim+1)
	out := c.Gather(keep, coords, shape)
	// A compressed input's entries come sorted and unique, and stay so with one
	// dim fixed: torch marks that result coalesced, a COO input's only below two.
	out.Coalesced = len(keep) < 2 || (t.Layout() != tensor.COO && c.Coalesced)
	return out.TensorLike(t)
}

// pick returns col[keep[0]], col[keep[1]], ...
func pick(col, keep []int64) []int64 {
	out := make([]int64, len(keep))
	for i, e := range keep {
		out[i] = col[e]
	}
	return out
}

// selectDense selects from a strided tensor.
func selectDense(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, error) {
	outer := dtype.NumelOf(t.Dims()[:dim])
	inner := dtype.NumelOf(t.Dims()[dim+1:]) * int64(t.DType().Size())
	n := t.Dims()[dim]
	shape := slices.Delete(slices.Clone(t.Dims()), dim, dim+1)
	out := dtype.NewArray(t.DType(), shape)
	for o := int64(0); o < outer; o++ {
		copy(out.Data[o*inner:(o+1)*inner], t.Values().Data[(o*n+index)*inner:(o*n+index+1)*inner])
	}
	r, err := tensor.NewStrided(out)
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(r, r.Values(), slices.Clone(t.FillElem())), nil
}

// takeDenseDim keeps, in every value block, the positions pos of dense dim
// dim in that order (dropping the dim when drop, as select does); the
// coordinates are shared with c. The caller sets the coalesced flag.
func takeDenseDim(c *convert.CooEntries, dim int, pos []int64, drop bool) *convert.CooEntries {
	s := len(c.Shape) - c.DenseDim
	dd := dim - s
	dshape := c.Shape[s:]
	outer := dtype.NumelOf(dshape[:dd])
	inner := dtype.NumelOf(dshape[dd+1:]) * int64(c.Dtype.Size())
	n, m := dshape[dd], int64(len(pos))
	nse := c.Nse()
	newDense := slices.Clone(dshape)
	newDense[dd] = m
	out := dtype.NewArray(c.Dtype, append([]int64{nse}, newDense...))
	blk, newBlk := dtype.NumelOf(dshape)*int64(c.Dtype.Size()), dtype.NumelOf(newDense)*int64(c.Dtype.Size())
	for e := int64(0); e < nse; e++ {
		for o := int64(0); o < outer; o++ {
			src := c.Vals.Data[e*blk+o*n*inner:]
			dst := out.Data[e*newBlk+o*m*inner:]
			for i, p := range pos {
				copy(dst[int64(i)*inner:int64(i+1)*inner], src[p*inner:(p+1)*inner])
			}
		}
	}
	shape := slices.Clone(c.Shape)
	shape[dim] = m
	denseDim := c.DenseDim
	if drop {
		shape = slices.Delete(shape, dim, dim+1)
		out.Shape = slices.Delete(out.Shape, dd+1, dd+2)
		denseDim--
	}
	return &convert.CooEntries{Shape: shape, DenseDim: denseDim, Coords: c.Coords, Vals: out, Coalesced: c.Coalesced,
		Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
}

// iotaFrom returns start, start+1, ..., start+n-1.
func iotaFrom(start, n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = start + int64(i)
	}
	return out
}

// byEntry appends, for each entry e in stored order (coordinate col[e]), every
// position of idx equal to it, ascending: keep gets e, newCoord the position.
func byEntry(col, idx []int64, n int64, keep, newCoord []int64) ([]int64, []int64) {
	positions := tensor.GroupByCoord(idx, n) // the positions holding each value, ascending
	for e, v := range col {
		for _, p := range positions.Of(v) {
			keep = append(keep, int64(e))
			newCoord = append(newCoord, p)
		}
	}
	return keep, newCoord
}

// Index applies integer indices to the leading dims, as s[i, j, ...] does;
// indexing every dim gives a 0-d strided tensor.
func Index(t *tensor.Tensor, indices []int64) (*tensor.Tensor, error) {
	if len(indices) > len(t.Dims()) {
		return nil, errs.Errorf(errs.ErrIndex, "index: too many indices (%d) for a tensor of dimension %d", len(indices), len(t.Dims()))
	}
	r := t
	for _, i := range indices {
		var err error
		if r, err = Select(r, 0, i); err != nil {
			return nil, err
		}
	}
	if r == t {
		return tensor.Clone(t), nil
	}
	return r, nil
}

// NarrowCopy keeps [start, start+length) of dim: on a sparse dim the entries
// inside, in stored order, shifted to start at 0. The result keeps the
// input's coalesced flag, even when it has fewer than two entries (torch's rule
// for narrow_copy).
func NarrowCopy(t *tensor.Tensor, dim int, start, length int64) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	dim, err := tensor.NormDim("narrow_copy: dim", dim, nd)
	if err != nil {
		return nil, err
	}
	if nd == 0 {
		return nil, errs.Errorf(errs.ErrIndex, "narrow_copy: cannot be applied to a 0-dim tensor (torch's rule)")
	}
	n := t.Dims()[dim]
	if start < 0 {
		start += n
	}
	if start < 0 || start > n || length < 0 || length > n-start { // no start+length: it may overflow
		return nil, errs.Errorf(errs.ErrIndex, "narrow_copy: start (%d) + length (%d) exceeds dimension size (%d)", start, length, n)
	}
	if r, ok, err := narrowCustom(t, dim, start, length); ok || err != nil {
		return r, err
	}
	if r, ok, err := narrowFibers(t, dim, start, length); ok || err != nil {
		return r, err
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	if r, ok, err := narrowNative(t, dim, start, length); ok || err != nil {
		return r, err
	}
	return narrowEntries(t, dim, start, length)
}

// narrowEntries is NarrowCopy's general path, through the COO entries (the
// native paths' reference in the tests).
func narrowEntries(t *tensor.Tensor, dim int, start, length int64) (*tensor.Tensor, error) {
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := len(t.Dims()) - c.DenseDim
	if dim >= s {
		return takeDenseDim(c, dim, iotaFrom(start, length), false).TensorLike(t)
	}
	var keep []int64
	for e, v := range c.Coords[dim] {
		if v >= start && v < start+length {
			keep = append(keep, int64(e))
		}
	}
	coords := make([][]int64, s)
	for d := range coords {
		coords[d] = pick(c.Coords[d], keep)
		if d == dim {
			for i := range coords[d] {
				coords[d][i] -= start
			}
		}
	}
	shape := slices.Clone(c.Shape)
	shape[dim] = length
	out := c.Gather(keep, coords, shape)
	out.Coalesced = c.Coalesced
	return out.TensorLike(t)
}

// IndexSelect is torch's index_select(dim, index). On a sparse dim: each
// entry whose coordinate is in index, once per position holding it, relabelled
// to that position (duplicates kept apart as torch keeps them), in torch's
// order: per position of index, its entries in stored order; or, when index is
// longer than the entries (torch searches the other way then), per entry in
// stored order, its positions ascending. Entries and positions are grouped by
// coordinate (groupByCoord): linear in nnz plus len(index) where the dimension
// is not much longer than them. On a dense
// dim: every entry, its value block taken at the positions of index. A COO
// result is coalesced when it has fewer than two entries, whatever the input's
// flag: torch's rule for index_select. Negative indices follow torch: a sparse
// tensor's count from the end (torch's sparse COO index_select wraps them), a
// strided tensor's are out of range (torch's dense index_select refuses them).
func IndexSelect(t *tensor.Tensor, dim int, index dtype.Array) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	dim, err := tensor.NormDim("index_select: dim", dim, nd)
	if err != nil {
		return nil, err
	}
	if err := tensor.CheckIndexArray("index", index, -1); err != nil {
		return nil, err
	}
	if len(index.Shape) > 1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_select: index must be 0-d or 1-d, got shape %v", index.Shape)
	}
	if nd == 0 { // torch reads a 0-d tensor as (1) and the result as 0-d
		if index.Numel() != 1 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "index_select: index to a 0-d tensor can have only 1 value, got %d value(s)", index.Numel())
		}
		u, err := Unsqueeze(t, 0)
		if err != nil {
			return nil, err
		}
		if u, err = IndexSelect(u, 0, index); err != nil {
			return nil, err
		}
		return Squeeze(u, &dim)
	}
	n := t.Dims()[dim]
	m := index.Numel()
	idx := make([]int64, m)
	for i := range idx {
		v := index.Index(int64(i))
		if t.Layout() == tensor.Strided && v < 0 {
			return nil, errs.Errorf(errs.ErrIndex, "index_select: index[%d] = %d is out of range for dimension %d of size %d: a strided tensor takes indices in [0, %d), as torch's (index out of range in self); sparse tensors count negative indices from the end",
				i, v, dim, n, n)
		}
		if v < -n || v >= n {
			return nil, errs.Errorf(errs.ErrIndex, "index_select: index[%d] = %d is out of range for dimension %d of size %d", i, v, dim, n)
		}
		if v < 0 {
			v += n
		}
		idx[i] = v
	}
	if r, ok, err := indexSelectCustom(t, dim, idx); ok || err != nil {
		return r, err
	}
	if r, ok, err := indexSelectFibers(t, dim, idx); ok || err != nil {
		return r, err
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	if r, ok, err := indexSelectNative(t, dim, idx); ok || err != nil {
		return r, err
	}
	return indexSelectEntries(t, dim, idx)
}

// indexSelectEntries is IndexSelect's general path (idx checked and
// wrapped), through the COO entries (the native paths' reference in the
// tests).
func indexSelectEntries(t *tensor.Tensor, dim int, idx []int64) (*tensor.Tensor, error) {
	n, m := t.Dims()[dim], int64(len(idx))
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := len(t.Dims()) - c.DenseDim
	if dim >= s {
		// len(index) positions in place of n: an index of many repeats can outgrow the input.
		count, ok := errs.MulChecked(c.Vals.Numel()/max(n, 1), m)
		if err := errs.CheckAlloc("index_select", count, c.Dtype.Size()); err != nil || !ok {
			return nil, errs.Errorf(errs.ErrTooLarge, "index_select: %d value blocks with dim %d of size %d exceed the memory limit of %d bytes", c.Nse(), dim, m, tensor.MemoryLimit())
		}
		out := takeDenseDim(c, dim, idx, false)
		out.Coalesced = out.Nse() < 2
		return out.TensorLike(t)
	}
	runs := tensor.GroupByCoord(c.Coords[dim], n) // the entries with each coordinate, in stored order
	total := int64(0)
	for _, v := range idx {
		total += int64(len(runs.Of(v)))
	}
	if err := errs.CheckAlloc("index_select", budget.Mul(total, int64(s+1)), 8); err != nil {
		return nil, err
	}
	keep := make([]int64, 0, total)
	newCoord := make([]int64, 0, total)
	if c.Nse() < m { // torch's order when index is the longer: per entry, its positions ascending
		keep, newCoord = byEntry(c.Coords[dim], idx, n, keep, newCoord)
	} else { // per position, its entries in stored order
		for pos, v := range idx {
			for _, e := range runs.Of(v) {
				keep = append(keep, e)
				newCoord = append(newCoord, int64(pos))
			}
		}
	}
	coords := make([][]int64, s)
	for d := range coords {
		if d == dim {
			coords[d] = newCoord
		} else {
			coords[d] = pick(c.Coords[d], keep)
		}
	}
	shape := slices.Clone(c.Shape)
	shape[dim] = m
	out := c.Gather(keep, coords, shape)
	// A compressed input's entries come sorted and unique, and stay so with one
	// dim fixed: torch marks that result coalesced, a COO input's only below two.
	out.Coalesced = len(keep) < 2 || (t.Layout() != tensor.COO && c.Coalesced)
	return out.TensorLike(t)
}
