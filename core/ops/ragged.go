package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// The operators' paths on a ragged batch (tensor.RaggedFormat): its pos
// runs over every batch's rows at once, so an operation per row (a row's
// reduction, a softmax along the last dim) is the CSR kernel over all
// batches' rows in one call, and an element-wise map keeps the structure.
// Other cases take the custom format's general paths.

// keepRagged is inFormat for a ragged operand x whose element-wise result
// res kept x's pattern (a coalesced COO tensor whose entries are x's, in
// x's order, which one pass over both checks): the ragged batch of x's
// structure with res's values, with no re-encoding.
func keepRagged(res, x *tensor.Tensor) (*tensor.Tensor, bool) {
	r, ok := tensor.RaggedOf(x)
	if !ok || res.Layout() != tensor.COO || !res.IsCoalesced() || res.PerSlotFill() || res.UndefinedFill() || res.DenseDim() != 0 ||
		res.Values().Numel() != r.Values.Numel() || !raggedPattern(res.Indices(), res.Dims(), r) {
		return nil, false
	}
	return tensor.RaggedWithValues(x, res.DType(), res.Values(), res.FillElem()), true
}

// raggedPattern reports whether the (nd, nnz) COO indices idx of a tensor
// of size dims list r's entries in r's order: entry e in row q (of all
// batches' rows, row-major over the leading dims) at column crd[e].
func raggedPattern(idx dtype.Array, dims []int64, r tensor.Ragged) bool {
	nd, nnz := int64(len(dims)), idx.Shape[1]
	if nnz != r.Crd.Numel() {
		return false
	}
	for q := range r.Batches * r.Rows {
		for e := r.Pos.Index(q); e < r.Pos.Index(q+1); e++ {
			rest := q // q's coordinates over the leading dims, the last first
			for d := nd - 2; d >= 0; d-- {
				if idx.Index(d*nnz+e) != rest%dims[d] {
					return false
				}
				rest /= dims[d]
			}
			if idx.Index((nd-1)*nnz+e) != r.Crd.Index(e) {
				return false
			}
		}
	}
	return true
}

// reduceRagged is Reduce on a ragged batch over every dim (its values and
// the unspecified count) or over the last dim alone (each row of every
// batch a segment of the global pos); ok is false for the other dim sets.
// The results are reduceViaCOO's: strided for every dim, else a coalesced
// COO over the kept dims in the storage's index width.
func reduceRagged(t *tensor.Tensor, red []bool, dims []int, op string, out dtype.DType) (*tensor.Tensor, bool, error) {
	r, ok := tensor.RaggedOf(t)
	eop, eok := engine.ReduceOpOf(op)
	if !ok || !eok {
		return nil, false, nil
	}
	nd := len(red)
	all, last := true, red[nd-1]
	for d := range nd - 1 {
		all = all && red[d]
		last = last && !red[d]
	}
	size := t.Dims()
	switch {
	case all && red[nd-1]:
		numel := dtype.NumelOf(size)
		if numel == 0 && (eop == engine.Amax || eop == engine.Amin) {
			return nil, true, emptyReductionError(op, t, dims)
		}
		b, err := engine.ReduceAll(eop, r.Values, numel, t.FillElem(), out)
		if err != nil {
			return nil, true, err
		}
		return tensor.NewStridedOwned(out, nil, b), true, nil
	case last:
		if size[nd-1] == 0 && (eop == engine.Amax || eop == engine.Amin) {
			return nil, true, emptyReductionError(op, t, dims)
		}
		g, err := engine.ReduceSegments(eop, r.Pos, r.Values, size[nd-1], t.FillElem(), out)
		if err != nil {
			return nil, true, err
		}
		kept := slices.Clone(size[:nd-1])
		idx := rowCoords(g.Keys, kept)
		c, err := tensor.NewCOO(idx, g.Values, kept, tensor.BuildOptions{NoCheck: true, Coalesced: true})
		if err != nil {
			return nil, true, err
		}
		return tensor.Revalue(c, c.Values(), g.Fill), true, nil
	}
	return nil, false, nil
}

// softmaxRagged is Softmax along the last dim of a ragged batch: each row
// of every batch a segment of the global pos; the result is the ragged
// batch of the same structure (fill zero, as Softmax's COO results).
// Float32 and float64 values run engine.SoftmaxSegments, complex ones
// engine.SoftmaxComplexSegments (half ones arrive as float32: softmaxHalf).
func softmaxRagged(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	r, ok := tensor.RaggedOf(t)
	if !ok || dim != t.NDim()-1 {
		return nil, false, nil
	}
	segments := engine.SoftmaxSegments
	if t.DType().IsComplex() {
		segments = func(pos, vals dtype.Array, log bool) (dtype.Array, bool, error) {
			return engine.SoftmaxComplexSegments(pos, vals, 1, log, complexMath)
		}
	}
	vals, ok, err := segments(r.Pos, r.Values, log)
	if !ok || err != nil {
		return nil, ok, err
	}
	return tensor.RaggedWithValues(t, t.DType(), vals, make([]byte, t.DType().Size())), true, nil
}

// selectRagged is Select(t, 0, k) of a 3-D ragged batch: batch k as a CSR
// matrix (its pos rebased to 0, its crd and values copied out of the
// batch's storage, t's fill).
func selectRagged(t *tensor.Tensor, dim int, k int64) (*tensor.Tensor, bool, error) {
	r, ok := tensor.RaggedOf(t)
	if !ok || dim != 0 || t.NDim() != 3 {
		return nil, false, nil
	}
	bp := r.BatchPos(k)
	lo, hi := bp.Index(0), bp.Index(r.Rows)
	pos := dtype.NewArray(bp.DType, []int64{r.Rows + 1})
	for i := range r.Rows + 1 {
		tensor.SetIndex(pos, i, bp.Index(i)-lo)
	}
	crd := dtype.NewArray(r.Crd.DType, []int64{hi - lo})
	ie := int64(r.Crd.DType.Size())
	copy(crd.Data, r.Crd.Data[lo*ie:hi*ie])
	vals := dtype.NewArray(t.DType(), []int64{hi - lo})
	ve := int64(t.DType().Size())
	copy(vals.Data, r.Values.Data[lo*ve:hi*ve])
	c, err := tensor.NewCompressed(tensor.CSR, pos, crd, vals, []int64{r.Rows, r.Cols}, tensor.BuildOptions{NoCheck: true})
	if err != nil {
		return nil, true, err
	}
	return tensor.Revalue(c, vals, t.FillElem()), true, nil
}

// rowCoords turns the ascending global row numbers of a ragged batch's
// reduced rows (int32 or int64) into the (len(kept), n) COO index array of
// their coordinates over kept, in the same dtype: one typed pass (the
// per-element accessors cost more than the reduction itself).
func rowCoords(keys dtype.Array, kept []int64) dtype.Array {
	idx := dtype.UninitArray(keys.DType, []int64{int64(len(kept)), keys.Numel()})
	if keys.DType == dtype.Int32 {
		unravel(dtype.AsSlice[int32](keys), kept, dtype.AsSlice[int32](idx))
	} else {
		unravel(dtype.AsSlice[int64](keys), kept, dtype.AsSlice[int64](idx))
	}
	return idx
}

func unravel[I int32 | int64](keys []I, sizes []int64, out []I) {
	n := len(keys)
	if len(sizes) == 2 { // (batch, row): the keys ascend, so the batch only steps up
		rows, b, base := I(sizes[1]), I(0), I(0)
		bs, rs := out[:n], out[n:]
		for e, key := range keys {
			for key-base >= rows {
				b, base = b+1, base+rows
			}
			bs[e], rs[e] = b, key-base
		}
		return
	}
	for e, key := range keys {
		for d := len(sizes) - 1; d > 0; d-- {
			out[d*n+e] = key % I(sizes[d])
			key /= I(sizes[d])
		}
		out[e] = key
	}
}
