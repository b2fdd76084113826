package core

import "github.com/gosparse/gosparse/kernels"

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
func fastConvertible(t *Tensor, spec formatSpec) bool {
	if t.batchDim != 0 || spec.batchDim != 0 || len(t.shape)-t.denseDim != 2 || spec.denseDim != t.denseDim {
		return false
	}
	src := t.layout == COO || t.layout == CSR || t.layout == CSC
	dst := spec.layout == COO || spec.layout == CSR || spec.layout == CSC
	return src && dst
}

// convertFast converts directly among COO, CSR and CSC (see fastConvertible).
func convertFast(t *Tensor, spec formatSpec, width int) (*Tensor, error) {
	if t.width == 32 {
		return convert2D[int32](t, spec, width)
	}
	return convert2D[int64](t, spec, width)
}

func convert2D[I kernels.Index](t *Tensor, spec formatSpec, width int) (*Tensor, error) {
	c, err := canonical2D[I](t)
	if err != nil {
		return nil, err
	}
	axis := 0
	if spec.layout == CSC {
		axis = 1
	}
	if c.axis != axis {
		if c, err = c.transpose(); err != nil {
			return nil, err
		}
	}
	out := &Tensor{layout: spec.layout, dtype: t.dtype, shape: t.Shape(), denseDim: t.denseDim, block: [2]int64{1, 1},
		levels: spec.levels(), fill: t.FillBytes(), coalesced: true}
	vals := Array{DType: t.dtype, Shape: []int64{int64(len(c.vals) / t.dtype.Size())}, Data: c.vals}
	idt := indexDType[I]()
	if spec.layout == COO {
		out.levels[0].Pos = castIndex(Int64Array([]int64{0, int64(len(c.idx))}), idt)
		out.levels[0].Crd = sliceArray(idt, c.outerOfEach())
		out.levels[1].Crd = sliceArray(idt, c.idx)
	} else {
		out.levels[1].Pos = sliceArray(idt, c.ptr)
		out.levels[1].Crd = sliceArray(idt, c.idx)
	}
	if err := out.finish(vals, width); err != nil {
		return nil, err
	}
	return out, nil
}

// canonical2D copies a 2-D COO (coalescing it), CSR or CSC tensor into the canonical form.
func canonical2D[I kernels.Index](t *Tensor) (*compressed2D[I], error) {
	bb := int(numelOf(t.denseShape())) * t.dtype.Size()
	rows, cols := t.shape[0], t.shape[1]
	switch t.layout {
	case CSR, CSC:
		l := &t.levels[1]
		c := &compressed2D[I]{nOuter: rows, nInner: cols, blockBytes: bb,
			ptr: append([]I(nil), AsSlice[I](l.Pos)...), idx: append([]I(nil), AsSlice[I](l.Crd)...),
			vals: append(alignedBytes(0), t.values.Data...)}
		if t.layout == CSC {
			c.axis, c.nOuter, c.nInner = 1, cols, rows
		}
		return c, nil
	}
	r, col := AsSlice[I](t.levels[0].Crd), AsSlice[I](t.levels[1].Crd)
	nse := len(r)
	perm := make([]I, nse)
	for i := range perm {
		perm[i] = I(i)
	}
	if !t.coalesced {
		var err error
		if perm, err = kernels.SortCOO(r, col, rows, cols); err != nil {
			return nil, Errorf(ErrInvalidArgument, "coalesce: %v", err)
		}
	}
	c := &compressed2D[I]{nOuter: rows, nInner: cols, blockBytes: bb, ptr: make([]I, rows+1), idx: make([]I, 0, nse)}
	if err := checkAlloc("values", int64(nse)*int64(bb), 1); err != nil {
		return nil, err
	}
	c.vals = alignedBytes(int64(nse) * int64(bb))
	n := 0
	for k, p := range perm {
		dst := c.vals[n*bb : (n+1)*bb]
		src := t.values.Data[int(p)*bb : int(p+1)*bb]
		if k > 0 && r[p] == r[perm[k-1]] && col[p] == col[perm[k-1]] {
			addBlock(t.dtype, c.vals[(n-1)*bb:n*bb], src) // a duplicate of the previous entry
			continue
		}
		copy(dst, src)
		c.idx = append(c.idx, col[p])
		c.ptr[r[p]+1]++
		n++
	}
	c.vals = c.vals[:n*bb]
	for i := int64(0); i < rows; i++ {
		c.ptr[i+1] += c.ptr[i]
	}
	return c, nil
}

// transpose regroups the entries by the other axis: a stable counting sort by
// inner index keeps the new inner indices sorted.
func (c *compressed2D[I]) transpose() (*compressed2D[I], error) {
	ptr, perm, err := kernels.CountingSortByKey(c.idx, int(c.nInner))
	if err != nil {
		return nil, Errorf(ErrInternal, "transpose: %v", err)
	}
	outer := c.outerOfEach()
	idx := make([]I, len(perm))
	for t, p := range perm {
		idx[t] = outer[p]
	}
	vals := alignedBytes(int64(len(c.vals)))
	if c.blockBytes > 0 && len(perm) > 0 {
		if err := kernels.Gather(vals, c.vals, c.blockBytes, perm); err != nil {
			return nil, Errorf(ErrInternal, "transpose: %v", err)
		}
	}
	return &compressed2D[I]{axis: 1 - c.axis, nOuter: c.nInner, nInner: c.nOuter, ptr: ptr, idx: idx, vals: vals, blockBytes: c.blockBytes}, nil
}

// outerOfEach expands ptr: the outer index of every entry.
func (c *compressed2D[I]) outerOfEach() []I {
	out := make([]I, len(c.idx))
	for i := int64(0); i < c.nOuter; i++ {
		for k := c.ptr[i]; k < c.ptr[i+1]; k++ {
			out[k] = I(i)
		}
	}
	return out
}

func indexDType[I kernels.Index]() DType {
	var z I
	if _, ok := any(z).(int32); ok {
		return Int32
	}
	return Int64
}

// sliceArray wraps a typed index slice as an Array without copying.
func sliceArray[I kernels.Index](d DType, s []I) Array {
	a := NewArray(d, []int64{int64(len(s))})
	copy(AsSlice[I](a), s)
	return a
}
