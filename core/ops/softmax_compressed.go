package ops

import (
	"math"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// softmaxCompressed is softmaxNative for a CSR or CSC tensor, batched or
// not, hybrid or not. The level model's one row pointer over all batches
// (batch b's row r is segment b*m + r, its offsets past the earlier
// batches' entries) is the segment list of a softmax over the dim the
// segments run along (a CSR's columns, a CSC's rows); over a batch dim,
// the cells across that dim's batches (engine.SoftmaxBatchDim); over a
// dense dim, each entry's block along it: these in the stored order
// (softmaxStoredOrder). Over a sparse dim across the segments, a scatter
// over the entries' coordinates (softmaxEntries). The coordinates are
// expanded from the row pointer in one pass, in storage order, which is
// the sorted order of the coalesced COO result: (batch..., row, column). A
// CSC tensor's results, or for the scatter its values, move to that order
// with its transpose (csrOfCSC). ok is false where the indices cannot keep
// the input's int32 width or the row pointer does not start at 0.
func softmaxCompressed(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	nb := t.BatchDim()
	shape := t.Dims()
	if t.IndexWidth() == 32 && (slices.ContainsFunc(shape, func(n int64) bool { return n > math.MaxInt32 }) ||
		t.NNZ()*t.BatchCount() >= math.MaxInt32) {
		return nil, false, nil // the COO form's rule gives int64 indices
	}
	lv := t.Levels()[t.CompressedLevel()]
	pos, crd := lv.Pos, lv.Crd
	if pos.Index(0) != 0 {
		return nil, false, nil // crd and values read from pos's first offset on: the COO path
	}
	vals := t.Values() // (*batch, nse, *dense) as (batches x nse, *dense)
	dense := vals.Shape[nb+1:]
	vals = dtype.Array{DType: vals.DType, Shape: append([]int64{dtype.NumelOf(vals.Shape[:nb+1])}, dense...), Data: vals.Data}
	csc := t.Layout() == tensor.CSC
	m, n := shape[nb], shape[nb+1] // the segments a matrix and the range of crd
	seg := nb + 1                  // the dim whose groups are the segments
	if csc {
		m, n, seg = n, m, nb
	}
	// Groups that do not depend on the entries' order (a segment, a cell
	// across batches, an entry's block) run in the stored order; a CSC's
	// results then move to row order with its transpose.
	out, done, err := softmaxStoredOrder(pos, crd, vals, shape[:nb], m, n, dim, seg, log)
	if err != nil {
		return nil, true, err
	}
	if done {
		vals = out
	}
	if csc {
		var ok bool
		if pos.DType == dtype.Int32 {
			pos, crd, vals, ok, err = csrOfCSC[int32](pos, crd, vals, t.BatchCount(), shape[nb], shape[nb+1])
		} else {
			pos, crd, vals, ok, err = csrOfCSC[int64](pos, crd, vals, t.BatchCount(), shape[nb], shape[nb+1])
		}
		if !ok || err != nil {
			return nil, ok, err
		}
		if done {
			memory.RecycleBytes(out.Data) // moved to vals
		}
	}
	idx := compressedCoords(pos, crd, shape[:nb], shape[nb])
	if done {
		out = vals
	} else {
		var ok bool
		if out, ok, err = softmaxEntries(pos, idx, shape[:nb+2], dim, vals, log); !ok || err != nil {
			return nil, ok, err
		}
	}
	// idx holds t's own valid coordinates: no scan for negatives.
	r, err := tensor.NewCOO(idx, out, slices.Clone(shape), tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	return r, true, err
}

// softmaxStoredOrder is the softmax over dim of a compressed tensor's
// entries in their stored order, where its groups allow: pos the global
// pointer over m segments a matrix (of the batch dims batch), crd in
// [0, n), vals (entries, *dense); seg the dim the segments run along.
// Over seg the segments (engine.SoftmaxSegmentsBlocked), over a batch dim
// the cells across the batches (engine.SoftmaxBatchDim, each dense element
// its own), over a dense dim each entry's block (engine.SoftmaxAxis). done is false for the other cases (a sparse dim
// across the segments: the scatter over coordinates) and where the engine
// declines.
func softmaxStoredOrder(pos, crd, vals dtype.Array, batch []int64, m, n int64, dim, seg int, log bool) (dtype.Array, bool, error) {
	nb := len(batch)
	var out dtype.Array
	var ok bool
	var err error
	switch {
	case vals.DType.IsComplex() && dim == seg:
		out, ok, err = engine.SoftmaxComplexSegments(pos, vals, dtype.NumelOf(vals.Shape[1:]), log, complexMath)
	case vals.DType.IsComplex() && dim >= nb+2:
		dd := dim - nb - 1
		out, ok, err = engine.SoftmaxComplexAxis(vals, vals.Shape[dd], dtype.NumelOf(vals.Shape[dd+1:]), log, complexMath)
	case vals.DType.IsComplex(): // a batch dim: the scatter over the coordinates
		return dtype.Array{}, false, nil
	case dim == seg:
		out, ok, err = engine.SoftmaxSegmentsBlocked(pos, vals, dtype.NumelOf(vals.Shape[1:]), log)
	case dim < nb:
		out, ok, err = engine.SoftmaxBatchDim(pos, crd, vals, dtype.NumelOf(batch[:dim]), batch[dim],
			dtype.NumelOf(batch[dim+1:]), m, n, log)
	case dim >= nb+2:
		dd := dim - nb - 1 // vals' axis
		out, ok, err = engine.SoftmaxAxis(vals, vals.Shape[dd], dtype.NumelOf(vals.Shape[dd+1:]), log)
	default:
		return dtype.Array{}, false, nil
	}
	return out, ok && err == nil, err
}

// compressedCoords is the (len(batch) + 2, nse) COO index array of a
// compressed tensor's entries, in pos's index dtype: segment s of pos is
// row s % m of the batch s / m (unravelled over the batch sizes), crd the
// entries' columns. The rows are expanded in parallel ranges of rows.
func compressedCoords(pos, crd dtype.Array, batch []int64, m int64) dtype.Array {
	n := crd.Numel()
	if pos.Numel() > 0 {
		n = pos.Index(pos.Numel()-1) - pos.Index(0)
	}
	idx := dtype.UninitArray(pos.DType, []int64{int64(len(batch)) + 2, n})
	if pos.DType == dtype.Int32 {
		expandSegments(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[int32](idx), n, batch, m)
	} else {
		expandSegments(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[int64](idx), n, batch, m)
	}
	return idx
}

// expandSegments writes compressedCoords' rows: for each segment its batch
// coordinates and row over its entries, and the entries' columns.
func expandSegments[I int32 | int64](pos, crd, idx []I, n int64, batch []int64, m int64) {
	nb := len(batch)
	base := pos[0]
	cols := idx[int64(nb+1)*n:]
	parallel.ForRows(pos, int64(len(pos))+n, func(lo, hi int) {
		for s := lo; s < hi; s++ {
			a, e := int64(pos[s]-base), int64(pos[s+1]-base)
			if a == e {
				continue
			}
			q := int64(s)
			for d := nb; d >= 0; d-- { // the row (d = nb), then the batch coordinates from the last
				size := m
				if d < nb {
					size = batch[d]
				}
				c := q
				if d > 0 {
					c, q = q%size, q/size
				}
				fillIndex(idx[int64(d)*n+a:int64(d)*n+e], I(c))
			}
			copy(cols[a:e], crd[int64(base)+a:int64(base)+e])
		}
	})
}

// fillIndex sets every element of s to c.
func fillIndex[I int32 | int64](s []I, c I) {
	for k := range s {
		s[k] = c
	}
}

// csrOfCSC is the row pointer, columns and values of a (batched) CSC
// tensor's entries in row order, batch by batch: its global column pointer
// (batch b's column c is segment b*n + c) over rows shifted to b*m + r is
// one block-diagonal matrix, whose counting transpose
// (kernels.TransposeCompressed) lists batch b's row r as segment b*m + r
// with columns b*n + c, shifted back; a hybrid tensor's blocks move with
// their entries (transposeBlocks). ok is false where b*m + r does not
// fit I.
func csrOfCSC[I int32 | int64](pos, crd, vals dtype.Array, batches, m, n int64) (dtype.Array, dtype.Array, dtype.Array, bool, error) {
	p, c := dtype.AsSlice[I](pos), dtype.AsSlice[I](crd)
	rows := batches * m
	if int64(I(rows)) != rows {
		return dtype.Array{}, dtype.Array{}, dtype.Array{}, false, nil
	}
	shifted := c
	if batches > 1 {
		shifted = memory.UninitSlice[I](len(c))
		base := p[0]
		parallel.ForRows(p, int64(len(p)+len(c)), func(lo, hi int) {
			for s := lo; s < hi; s++ {
				off := I(int64(s) / n * m)
				for k := p[s] - base; k < p[s+1]-base; k++ {
					shifted[k+base] = c[k+base] + off
				}
			}
		})
	}
	var tp, tc []I
	var tv dtype.Array
	var err error
	switch {
	case len(vals.Shape) > 1 || vals.DType.IsComplex(): // a hybrid tensor's blocks, or complex values as blocks of one
		tp, tc, tv, err = transposeBlocks(p, shifted, vals, rows)
	case vals.DType == dtype.Float32:
		tp, tc, tv, err = transposeValues[I, float32](p, shifted, vals, rows)
	default:
		tp, tc, tv, err = transposeValues[I, float64](p, shifted, vals, rows)
	}
	if batches > 1 {
		memory.RecycleSlice(shifted)
	}
	if err != nil {
		return dtype.Array{}, dtype.Array{}, dtype.Array{}, true, errs.Errorf(errs.ErrInternal, "softmax: transpose of the CSC tensor: %v", err)
	}
	if batches > 1 {
		parallel.ForRows(tp, int64(len(tp)+len(tc)), func(lo, hi int) {
			for s := lo; s < hi; s++ {
				off := I(int64(s) / m * n)
				for k := tp[s]; k < tp[s+1]; k++ {
					tc[k] -= off
				}
			}
		})
	}
	return dtype.IndexView(tp), dtype.IndexView(tc), tv, true, nil
}

// transposeValues is kernels.TransposeCompressed of float values as V,
// the values' result viewed as an Array of vals' dtype.
func transposeValues[I int32 | int64, V float32 | float64](p, c []I, vals dtype.Array, nInner int64) ([]I, []I, dtype.Array, error) {
	r, err := kernels.TransposeCompressed(p, c, dtype.AsSlice[V](vals), nInner)
	if err != nil {
		return nil, nil, dtype.Array{}, err
	}
	data := []byte{}
	if len(r.Val) > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(&r.Val[0])), len(r.Val)*int(unsafe.Sizeof(r.Val[0])))
	}
	return r.Ptr, r.Idx, dtype.Array{DType: vals.DType, Shape: []int64{int64(len(r.Val))}, Data: data}, nil
}
