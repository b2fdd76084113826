package convert

import (
	"bytes"
	"cmp"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// The direct conversions among the 2-D (unbatched, any dense dims) COO, CSR
// and CSC formats. Every one goes through one canonical form: entries grouped
// by an outer axis (rows or columns) with sorted, unique inner indices.

// compressed2D is a matrix compressed along axis (0: rows, as CSR; 1: columns,
// as CSC), with value blocks of blockBytes bytes.
type compressed2D[I kernels.Index] struct {
	axis       int
	nOuter     int64
	nInner     int64
	ptr, idx   []I
	vals       []byte
	blockBytes int
}

// fastConvertible reports whether ToLayout may take a direct path.
func fastConvertible(t *tensor.Tensor, spec tensor.FormatSpec) bool {
	if t.BatchDim() != 0 || spec.BatchDim != 0 || len(t.Dims())-t.DenseDim() != 2 || spec.DenseDim != t.DenseDim() {
		return false
	}
	src := tensor.NamedLayout(t) == tensor.COO || tensor.NamedLayout(t) == tensor.CSR || tensor.NamedLayout(t) == tensor.CSC
	dst := spec.Layout == tensor.COO || spec.Layout == tensor.CSR || spec.Layout == tensor.CSC
	return src && dst
}

// convertFast converts directly among COO, CSR and CSC (see fastConvertible).
// direct false keeps CSR <-> CSC on the general transpose (the tests' reference).
func convertFast(t *tensor.Tensor, spec tensor.FormatSpec, width int, direct bool) (*tensor.Tensor, error) {
	if t.IndexWidth() == 32 {
		return convert2D[int32](t, spec, width, direct)
	}
	return convert2D[int64](t, spec, width, direct)
}

func convert2D[I kernels.Index](t *tensor.Tensor, spec tensor.FormatSpec, width int, direct bool) (*tensor.Tensor, error) {
	if direct {
		if out, ok, err := flipCompressed[I](t, spec, width); ok {
			return out, err
		}
	}
	if tensor.NamedLayout(t) == tensor.COO && spec.Layout == tensor.COO {
		if out, ok, err := coalesce2D[I](t, spec, width); ok {
			return out, err
		}
	}
	axis := 0
	if spec.Layout == tensor.CSC {
		axis = 1
	}
	c, err := canonical2D[I](t, axis)
	if err != nil {
		return nil, err
	}
	if c.axis != axis {
		if c, err = c.transpose(); err != nil {
			return nil, err
		}
	}
	p := tensor.Parts{Spec: tensor.FormatSpec{Layout: spec.Layout, Shape: slices.Clone(t.Dims()), DenseDim: t.DenseDim()}, Levels: spec.Levels(),
		Values: dtype.Array{DType: t.DType(), Shape: []int64{int64(len(c.vals) / t.DType().Size())}, Data: c.vals},
		Fill:   bytes.Clone(t.FillPattern()), UndefinedFill: t.UndefinedFill(), Coalesced: true, Width: width}
	if spec.Layout == tensor.COO {
		p.Levels[0].Pos = tensor.CastIndex(dtype.Int64Array([]int64{0, int64(len(c.idx))}), dtype.IndexDType[I]())
		p.Levels[0].Crd = dtype.IndexView(c.outerOfEach())
		p.Levels[1].Crd = dtype.IndexView(c.idx)
	} else {
		p.Levels[1].Pos = dtype.IndexView(c.ptr)
		p.Levels[1].Crd = dtype.IndexView(c.idx)
	}
	return tensor.Assemble(p)
}

// canonical2D copies a 2-D COO (coalescing it), CSR or CSC tensor into the
// canonical form: a CSR or CSC source along its own axis, a COO source along
// axis (grouped by column at once for CSC, one pass as for CSR).
func canonical2D[I kernels.Index](t *tensor.Tensor, axis int) (*compressed2D[I], error) {
	bb := int(dtype.NumelOf(t.DenseShape())) * t.DType().Size()
	rows, cols := t.Dims()[0], t.Dims()[1]
	switch tensor.NamedLayout(t) {
	case tensor.CSR, tensor.CSC:
		l := &t.Levels()[1]
		c := &compressed2D[I]{nOuter: rows, nInner: cols, blockBytes: bb,
			ptr: append([]I(nil), dtype.AsSlice[I](l.Pos)...), idx: append([]I(nil), dtype.AsSlice[I](l.Crd)...),
			vals: append(dtype.AlignedBytes(0), t.Values().Data...)}
		if tensor.NamedLayout(t) == tensor.CSC {
			c.axis, c.nOuter, c.nInner = 1, cols, rows
		}
		return c, nil
	}
	r, col := dtype.AsSlice[I](t.Levels()[0].Crd), dtype.AsSlice[I](t.Levels()[1].Crd)
	nse := len(r)
	if err := errs.CheckAlloc("values", int64(nse)*int64(bb), 1); err != nil {
		return nil, err
	}
	if axis == 0 && t.IsCoalesced() {
		if c, ok := sortedCOORows(r, col, t.Values().Data, rows, cols, bb); ok {
			return c, nil
		}
	}
	if c, _, ok, err := compressCOO[I](t, axis, false); ok {
		return c, err
	}
	// Value blocks (hybrid tensors): group by the outer index with one
	// stable counting sort (as SciPy's tocsr does), gather, then order each
	// group's inner indices and merge repeats.
	if axis == 1 {
		r, col, rows, cols = col, r, cols, rows
	}
	ptr, perm, err := kernels.CountingSortByKey(r, int(rows)) // sized by FastPathFits
	if err != nil {
		return nil, errs.Errorf(errs.ErrIndex, "indices: %v", err)
	}
	idx := make([]I, nse)
	for k, p := range perm {
		pollAt(k)
		idx[k] = col[p]
	}
	vals := dtype.AlignedBytes(int64(nse) * int64(bb))
	if bb > 0 && nse > 0 {
		if err := kernels.Gather(vals, t.Values().Data, bb, perm); err != nil {
			return nil, errs.Errorf(errs.ErrInternal, "coalesce: %v", err)
		}
	}
	c := &compressed2D[I]{axis: axis, nOuter: rows, nInner: cols, blockBytes: bb, ptr: ptr, idx: idx, vals: vals}
	if !t.IsCoalesced() { // a stable sort of a coalesced COO leaves every group sorted and unique
		c.sortAndMergeRows(t.DType())
	}
	return c, nil
}

// rowSorter orders the entries of one outer slice by inner index, stably,
// reusing its buffers across slices.
type rowSorter[I kernels.Index] struct {
	count []int32 // per inner index (counting sort of long slices)
	order []int32 // order[k]: which entry of the slice goes to place k
	idx   []I
	vals  []byte
}

// sortSlice sorts idx (and the value blocks of bb bytes) of one slice stably
// by inner index: insertion sort for short slices, a counting sort over the
// inner range when it is not much larger than the slice, else a merge sort.
// A long slice polls the cancel token every 64K entries of each pass.
func (rs *rowSorter[I]) sortSlice(idx []I, vals []byte, bb int, nInner int64) {
	n := len(idx)
	rs.order = rs.order[:0]
	for k := 0; k < n; k++ {
		pollAt(k + 1)
		rs.order = append(rs.order, int32(k))
	}
	switch {
	case n <= 32:
		for k := 1; k < n; k++ {
			o := rs.order[k]
			j := k
			for ; j > 0 && idx[rs.order[j-1]] > idx[o]; j-- {
				rs.order[j] = rs.order[j-1]
			}
			rs.order[j] = o
		}
	case nInner <= 8*int64(n):
		if int64(len(rs.count)) < nInner+1 {
			rs.count = make([]int32, nInner+1) // nInner <= 8n: bounded by the slice
		}
		cnt := rs.count[:nInner+1]
		clear(cnt)
		for k, v := range idx {
			pollAt(k + 1)
			cnt[v+1]++
		}
		for v := int64(0); v < nInner; v++ {
			pollAt(v + 1)
			cnt[v+1] += cnt[v]
		}
		for k, v := range idx {
			pollAt(k + 1)
			rs.order[cnt[v]] = int32(k)
			cnt[v]++
		}
	default:
		calls := 0 // the comparisons, to poll every 64K of them
		slices.SortStableFunc(rs.order, func(a, b int32) int {
			calls++
			pollAt(calls)
			return cmp.Compare(int64(idx[a]), int64(idx[b]))
		})
	}
	rs.idx = append(rs.idx[:0], idx...)
	rs.vals = append(rs.vals[:0], vals...)
	for k, o := range rs.order {
		pollAt(k + 1)
		idx[k] = rs.idx[o]
		copy(vals[k*bb:(k+1)*bb], rs.vals[int(o)*bb:(int(o)+1)*bb])
	}
}

// sortAndMergeRows orders the inner indices of every outer slice (stably)
// and sums repeated ones, compacting idx, vals and ptr in place.
func (c *compressed2D[I]) sortAndMergeRows(d dtype.DType) {
	bb := c.blockBytes
	var rs rowSorter[I]
	w := 0
	lo := int(c.ptr[0])
	for i := int64(0); i < c.nOuter; i++ {
		pollAt(i) // every 64K rows; a long row polls in its sort below
		hi := int(c.ptr[i+1])
		seg := c.idx[lo:hi]
		for k := 1; k < len(seg); k++ {
			if seg[k-1] > seg[k] {
				rs.sortSlice(seg, c.vals[lo*bb:hi*bb], bb, c.nInner)
				break
			}
		}
		start := w
		for k := lo; k < hi; k++ {
			pollAt(k + 1) // +1: not again at row 0's first entry
			if w > start && c.idx[w-1] == c.idx[k] {
				dtype.AddBlock(d, c.vals[(w-1)*bb:w*bb], c.vals[k*bb:(k+1)*bb])
				continue
			}
			if w != k {
				c.idx[w] = c.idx[k]
				copy(c.vals[w*bb:(w+1)*bb], c.vals[k*bb:(k+1)*bb])
			}
			w++
		}
		c.ptr[i] = I(start)
		lo = hi
	}
	c.ptr[c.nOuter] = I(w)
	c.idx = c.idx[:w]
	c.vals = c.vals[:w*bb]
}

// transpose regroups the entries by the other axis: a stable counting sort by
// inner index keeps the new inner indices sorted.
func (c *compressed2D[I]) transpose() (*compressed2D[I], error) {
	switch c.blockBytes { // one value a word: the counting transpose, which polls
	case 1:
		return transposeWords[I, uint8](c)
	case 2:
		return transposeWords[I, uint16](c)
	case 4:
		return transposeWords[I, uint32](c)
	case 8:
		return transposeWords[I, uint64](c)
	case 16:
		return transposeWords[I, [2]uint64](c)
	}
	ptr, perm, err := kernels.CountingSortByKey(c.idx, int(c.nInner)) // sized by FastPathFits
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "transpose: %v", err)
	}
	outer := c.outerOfEach()
	idx := make([]I, len(perm))
	for t, p := range perm {
		pollAt(t)
		idx[t] = outer[p]
	}
	vals := dtype.AlignedBytes(int64(len(c.vals)))
	if c.blockBytes > 0 && len(perm) > 0 {
		if err := kernels.Gather(vals, c.vals, c.blockBytes, perm); err != nil {
			return nil, errs.Errorf(errs.ErrInternal, "transpose: %v", err)
		}
	}
	return &compressed2D[I]{axis: 1 - c.axis, nOuter: c.nInner, nInner: c.nOuter, ptr: ptr, idx: idx, vals: vals, blockBytes: c.blockBytes}, nil
}

// transposeWords is transpose for values of one V each (blockBytes ==
// sizeof(V)): kernels.TransposeCompressed's counting transpose over c's own
// arrays, with no permutation and no expanded outer indices.
func transposeWords[I kernels.Index, V kernels.Word](c *compressed2D[I]) (*compressed2D[I], error) {
	var vals []V
	if len(c.vals) > 0 {
		vals = unsafe.Slice((*V)(unsafe.Pointer(&c.vals[0])), len(c.vals)/c.blockBytes)
	}
	r, err := kernels.TransposeCompressed(c.ptr, c.idx, vals, c.nInner)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "transpose: %v", err)
	}
	out := dtype.AlignedBytes(0)
	if len(r.Val) > 0 {
		out = unsafe.Slice((*byte)(unsafe.Pointer(&r.Val[0])), len(r.Val)*c.blockBytes)
	}
	return &compressed2D[I]{axis: 1 - c.axis, nOuter: c.nInner, nInner: c.nOuter, ptr: r.Ptr, idx: r.Idx, vals: out, blockBytes: c.blockBytes}, nil
}

// outerOfEach expands ptr: the outer index of every entry.
func (c *compressed2D[I]) outerOfEach() []I {
	out := make([]I, len(c.idx))
	for i := int64(0); i < c.nOuter; i++ {
		pollAt(i)
		for k := c.ptr[i]; k < c.ptr[i+1]; k++ {
			pollAt(k + 1)
			out[k] = I(i)
		}
	}
	return out
}
