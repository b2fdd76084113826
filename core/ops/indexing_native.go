package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// The native paths of select, index_select and narrow_copy (core/engine's
// gathers): CSR and CSC along their compressed dim, their plain dim and
// their leading batch dim; a coalesced COO along its leading dim. Each
// returns ok = false for a case it does not serve (hybrid dims sliced,
// ragged batches, uncoalesced COO, ...), which then takes the general path
// through the COO entries (selectEntries, indexSelectEntries,
// narrowEntries), the reference the tests hold these to.

// compressedNative reports whether t is a CSR or CSC tensor the gathers
// read: a named layout with a scalar fill.
func compressedNative(t *tensor.Tensor) bool {
	l := t.Layout()
	return (l == tensor.CSR || l == tensor.CSC) && !t.PerSlotFill()
}

// compressedDims returns the compressed and the plain dim of a CSR or CSC tensor.
func compressedDims(t *tensor.Tensor) (cdim, pdim int) {
	b := t.BatchDim()
	if t.Layout().RowMajor() {
		return b, b + 1
	}
	return b + 1, b
}

// cooNative reports whether t is a coalesced COO tensor with a scalar fill
// and at least one sparse dim: its first index row is sorted.
func cooNative(t *tensor.Tensor) bool {
	return t.Layout() == tensor.COO && t.IsCoalesced() && !t.PerSlotFill() && t.SparseDim() > 0
}

// assembleBatches builds the CSR/CSC result of a gather over every batch of
// t (out's segments batch-major, segs per batch), with shape; ok is false
// when the batches hold different entry counts, which torch's batched
// compressed layouts cannot store.
func assembleBatches(t *tensor.Tensor, out engine.Compressed, shape []int64, batch int, batches, segs int64) (*tensor.Tensor, bool) {
	total := out.Entries()
	per := total
	if batches > 0 {
		per = total / max(batches, 1)
		for bi := range batches {
			if out.Pos.Index((bi+1)*segs)-out.Pos.Index(bi*segs) != per {
				return nil, false
			}
		}
	}
	entryShape := t.Values().Shape[t.BatchDim()+1:]
	vshape := append(append(slices.Clone(shape[:batch]), per), entryShape...)
	vals := dtype.Array{DType: t.DType(), Shape: vshape, Data: out.Vals}
	return tensor.AssembleCompressed(t, t.Layout(), shape, batch, out.Pos, out.Crd, vals), true
}

// indexSelectNative is index_select along the compressed dim of a CSR or
// CSC tensor (a segment gather), or the leading dim of a coalesced COO
// tensor (a run gather).
func indexSelectNative(t *tensor.Tensor, dim int, idx []int64) (*tensor.Tensor, bool, error) {
	shape := slices.Clone(t.Dims())
	shape[dim] = int64(len(idx))
	if compressedNative(t) {
		if cdim, _ := compressedDims(t); dim != cdim {
			return nil, false, nil
		}
		n, nb, k := t.Dims()[dim], t.BatchCount(), int64(len(idx))
		if err := budget.Check("index_select: the selected segments", budget.Mul(nb, k), 8); err != nil {
			return nil, false, err
		}
		segs := idx // one batch: the segments are the index itself (read only)
		if nb != 1 {
			segs = make([]int64, nb*k)
			for bi := range nb {
				for i, v := range idx {
					segs[bi*k+int64(i)] = bi*n + v
				}
			}
		}
		out, ok, err := engine.GatherSegments("index_select", engine.CompressedOf(t), segs)
		if err != nil || !ok {
			return nil, false, err
		}
		r, ok := assembleBatches(t, out, shape, t.BatchDim(), nb, k)
		return r, ok, nil
	}
	// torch orders a COO result per entry when the index is the longer;
	// the runs give per position: only the shorter index here.
	if !cooNative(t) || dim != 0 || int64(len(idx)) > t.NNZ() {
		return nil, false, nil
	}
	r, err := engine.GatherLeading("index_select", t.Indices(), t.Values().Data, cooEntryBytes(t), idx, 0)
	if err != nil {
		return nil, false, err
	}
	engine.RelabelRuns(cooRow(r.Indices, 0), r.Run)
	return cooResult(t, shape, r, r.Indices.Shape[1] < 2), true, nil
}

// narrowNative is narrow_copy along the compressed, plain or first batch
// dim of a CSR or CSC tensor, or the leading dim of a coalesced COO tensor.
func narrowNative(t *tensor.Tensor, dim int, start, length int64) (*tensor.Tensor, bool, error) {
	shape := slices.Clone(t.Dims())
	shape[dim] = length
	if cooNative(t) && dim == 0 {
		if length == 0 {
			return narrowEntriesEmpty(t, shape), true, nil
		}
		r, err := engine.GatherLeading("narrow_copy", t.Indices(), t.Values().Data, cooEntryBytes(t), []int64{start}, length)
		if err != nil {
			return nil, false, err
		}
		engine.ShiftRow(cooRow(r.Indices, 0), -start)
		return cooResult(t, shape, r, t.IsCoalesced()), true, nil
	}
	if !compressedNative(t) {
		return nil, false, nil
	}
	c := engine.CompressedOf(t)
	cdim, pdim := compressedDims(t)
	b, nb, n := t.BatchDim(), t.BatchCount(), t.Dims()[cdim]
	switch {
	case dim == 0 && b > 0: // whole batches: one contiguous range of segments
		inner := dtype.NumelOf(t.Dims()[1:b])
		out, err := engine.NarrowSegments("narrow_copy", c, start*inner*n, length*inner*n)
		if err != nil {
			return nil, false, err
		}
		r, ok := assembleBatches(t, out, shape, b, length*inner, n)
		return r, ok, nil
	case dim == cdim && b == 0:
		out, err := engine.NarrowSegments("narrow_copy", c, start, length)
		if err != nil {
			return nil, false, err
		}
		r, ok := assembleBatches(t, out, shape, 0, 1, length)
		return r, ok, nil
	case dim == cdim:
		if err := budget.Check("narrow_copy: the selected segments", budget.Mul(nb, length), 8); err != nil {
			return nil, false, err
		}
		segs := make([]int64, 0, nb*length)
		for bi := range nb {
			for i := range length {
				segs = append(segs, bi*n+start+i)
			}
		}
		out, ok, err := engine.GatherSegments("narrow_copy", c, segs)
		if err != nil || !ok {
			return nil, false, err
		}
		r, ok := assembleBatches(t, out, shape, b, nb, length)
		return r, ok, nil
	case dim == pdim:
		out, err := engine.NarrowPlain("narrow_copy", c, start, length)
		if err != nil {
			return nil, false, err
		}
		r, ok := assembleBatches(t, out, shape, b, nb, n)
		return r, ok, nil
	}
	return nil, false, nil
}

// selectNative is select on an unbatched CSR or CSC tensor (a segment, or
// a locate in every segment: a COO result of one sparse dim, coalesced as
// torch marks a compressed input's), on the first batch dim of a batched
// one (that batch's CSR or CSC), or on the leading dim of a coalesced COO
// tensor with more sparse dims (a run). w = 64 gives the COO result of a
// compressed tensor int64 indices (SelectIndexWidth); other paths ignore it.
func selectNative(t *tensor.Tensor, dim int, index int64, w int) (*tensor.Tensor, bool, error) {
	shape := slices.Delete(slices.Clone(t.Dims()), dim, dim+1)
	if cooNative(t) && dim == 0 && t.SparseDim() > 1 {
		r, err := engine.GatherLeading("select", t.Indices(), t.Values().Data, cooEntryBytes(t), []int64{index}, 0)
		if err != nil {
			return nil, false, err
		}
		s, k := r.Indices.Shape[0], r.Indices.Shape[1]
		es := int64(r.Indices.DType.Size())
		rest := dtype.Array{DType: r.Indices.DType, Shape: []int64{s - 1, k}, Data: r.Indices.Data[k*es:]}
		r.Indices = rest
		return cooResult(t, shape, r, k < 2), true, nil
	}
	if !compressedNative(t) {
		return nil, false, nil
	}
	c := engine.CompressedOf(t)
	cdim, pdim := compressedDims(t)
	b := t.BatchDim()
	if b > 0 {
		if dim != 0 {
			return nil, false, nil
		}
		segs := t.BatchCount() / t.Dims()[0] * t.Dims()[cdim]
		out, err := engine.NarrowSegments("select", c, index*segs, segs)
		if err != nil {
			return nil, false, err
		}
		r, ok := assembleBatches(t, out, shape, b-1, t.BatchCount()/t.Dims()[0], t.Dims()[cdim])
		return r, ok, nil
	}
	var rows dtype.Array // the result's one index row
	var vals []byte
	switch dim {
	case cdim:
		out, err := engine.NarrowSegments("select", c, index, 1)
		if err != nil {
			return nil, false, err
		}
		rows, vals = out.Crd, out.Vals
	case pdim:
		segs, at, err := engine.LocatePlain("select", c, index)
		if err != nil {
			return nil, false, err
		}
		if vals, err = engine.GatherEntries("select", c.Vals, c.Entry, at); err != nil {
			return nil, false, err
		}
		if rows = dtype.Int64Array(segs); w != 64 {
			rows = tensor.CastIndex(rows, c.Pos.DType)
		}
	default: // a dense dim
		return nil, false, nil
	}
	if w == 64 { // the caller's width (torch's int64), copied once here
		rows = tensor.CastIndex(rows, dtype.Int64)
	}
	k := rows.Numel()
	indices := dtype.Array{DType: rows.DType, Shape: []int64{1, k}, Data: rows.Data}
	vshape := append([]int64{k}, t.DenseShape()...)
	r := tensor.AssembleCOO(t, shape, indices, dtype.Array{DType: t.DType(), Shape: vshape, Data: vals}, true)
	return r, true, nil
}

// cooEntryBytes is the byte size of one COO entry's value block.
func cooEntryBytes(t *tensor.Tensor) int64 {
	return dtype.NumelOf(t.DenseShape()) * int64(t.DType().Size())
}

// cooRow is index row d of a (sparse_dim, nse) indices array, sharing it.
func cooRow(indices dtype.Array, d int64) dtype.Array {
	nse := indices.Shape[1]
	es := int64(indices.DType.Size())
	return dtype.Array{DType: indices.DType, Shape: []int64{nse}, Data: indices.Data[d*nse*es : (d+1)*nse*es]}
}

// cooResult assembles a gathered COO selection of t with shape and the
// coalesced flag torch's rule for the operator gives.
func cooResult(t *tensor.Tensor, shape []int64, r engine.COORuns, coalesced bool) *tensor.Tensor {
	k := r.Indices.Shape[1]
	vshape := append([]int64{k}, t.DenseShape()...)
	return tensor.AssembleCOO(t, shape, r.Indices, dtype.Array{DType: t.DType(), Shape: vshape, Data: r.Vals}, coalesced)
}

// narrowEntriesEmpty is narrow_copy's empty COO result (length 0): no
// entry, the input's flag kept.
func narrowEntriesEmpty(t *tensor.Tensor, shape []int64) *tensor.Tensor {
	idx := dtype.NewArray(t.Indices().DType, []int64{int64(t.SparseDim()), 0})
	vals := dtype.NewArray(t.DType(), append([]int64{0}, t.DenseShape()...))
	return tensor.AssembleCOO(t, shape, idx, vals, t.IsCoalesced())
}

// selectLeaf is select on the one sparse dim of a COO tensor (the last step
// of t[i, j] after a row's select): the value block at index, the entries
// holding it summed, else the fill. A coalesced tensor finds its entry by
// binary search, another by a scan of its index row; neither densifies the
// dim (the general path does, and refuses a long one as too large).
func selectLeaf(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.COO || t.PerSlotFill() || t.SparseDim() != 1 || dim != 0 {
		return nil, false, nil
	}
	var r engine.COORuns
	if t.IsCoalesced() {
		var err error
		if r, err = engine.GatherLeading("select", t.Indices(), t.Values().Data, cooEntryBytes(t), []int64{index}, 0); err != nil {
			return nil, false, err
		}
	} else {
		row := t.Indices()
		var at []int64
		for e := range row.Shape[1] {
			if row.Index(e) == index {
				at = append(at, e)
			}
		}
		vals, err := engine.GatherEntries("select", t.Values().Data, cooEntryBytes(t), at)
		if err != nil {
			return nil, false, err
		}
		r = engine.COORuns{Indices: dtype.NewArray(row.DType, []int64{1, int64(len(at))}), Vals: vals}
	}
	k := r.Indices.Shape[1]
	r.Indices = dtype.NewArray(r.Indices.DType, []int64{1, k}) // every entry at coordinate 0 of a size-1 dim
	shape := slices.Clone(t.Dims())
	shape[0] = 1
	sub := cooResult(t, shape, r, k < 2)
	d, err := convert.ToDense(sub)
	if err != nil {
		return nil, false, err
	}
	out, err := selectDense(d, 0, 0)
	return out, true, err
}
