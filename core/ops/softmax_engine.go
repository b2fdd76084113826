package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"slices"
)

// softmaxNative runs Softmax of a float32 or float64 CSR, CSC or
// coalesced COO tensor without batch or dense dims on the engine: over the
// rows (dim 1) of a CSR or 2-D COO matrix a segment softmax over the row
// pointer (for COO, the runs of equal row indices), parallel over rows;
// over any other dim a scatter into one accumulator pair per group of
// entries that share the other coordinates (engine.SoftmaxScatter). A CSC
// matrix runs as its CSR form (the counting transpose), since the result
// lists the entries in row order. The result is Softmax's: a coalesced COO
// of the same pattern (the COO input's indices shared), fill zero. ok is
// false for the other cases.
func softmaxNative(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	if t.BatchDim() != 0 || t.DenseDim() != 0 || t.Layout() == tensor.Custom || t.PerSlotFill() ||
		(t.DType() != dtype.Float64 && t.DType() != dtype.Float32) {
		return nil, false, nil
	}
	if t.Layout() == tensor.CSC && t.NDim() == 2 {
		opt := tensor.DefaultConvert()
		opt.IndexWidth = t.IndexWidth()
		c, err := convert.ToLayout(t, tensor.CSR, opt)
		if err != nil {
			return nil, true, err
		}
		t = c
	}
	var pos, idx dtype.Array
	switch {
	case t.Layout() == tensor.CSR && t.NDim() == 2:
		lv := t.Levels()[1]
		pos, idx = lv.Pos, rowColIndices(lv.Pos, lv.Crd)
	case t.Layout() == tensor.COO && t.IsCoalesced() && t.NDim() > 0:
		idx = t.Indices()
		if t.NDim() == 2 && dim == 1 {
			pos = rowRuns(idx)
		}
	default:
		return nil, false, nil
	}
	var vals dtype.Array
	var ok bool
	var err error
	if t.NDim() == 2 && dim == 1 {
		vals, ok, err = engine.SoftmaxSegments(pos, t.Values(), log)
	} else {
		vals, ok, err = engine.SoftmaxScatter(idx, slices.Clone(t.Dims()), dim, t.Values(), log)
	}
	if !ok || err != nil {
		return nil, ok, err
	}
	// idx is t's own (or its CSR's rows and columns): valid, so no scan for negatives.
	r, err := tensor.NewCOO(idx, vals, slices.Clone(t.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	return r, true, err
}

// rowColIndices is a CSR's (2, nse) COO index array: each entry's row
// (expanded from pos) and column, in pos's index dtype.
func rowColIndices(pos, crd dtype.Array) dtype.Array {
	n := crd.Numel()
	idx := dtype.UninitArray(pos.DType, []int64{2, n})
	if pos.DType == dtype.Int32 {
		expandRows(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[int32](idx), n)
	} else {
		expandRows(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[int64](idx), n)
	}
	return idx
}

func expandRows[I int32 | int64](pos, crd, idx []I, n int64) {
	rows, cols := idx[:n], idx[n:]
	base := pos[0]
	for r := 0; r+1 < len(pos); r++ {
		for k := pos[r] - base; k < pos[r+1]-base; k++ {
			rows[k] = I(r)
		}
	}
	copy(cols, crd[:n])
}

// rowRuns is the bounds of the runs of equal first indices of a coalesced
// (2, nse) COO index array, as int64 segment bounds.
func rowRuns(idx dtype.Array) dtype.Array {
	var b []int64
	if idx.DType == dtype.Int32 {
		b = kernels.RunStarts(dtype.AsSlice[int32](idx)[:idx.Shape[1]])
	} else {
		b = kernels.RunStarts(dtype.AsSlice[int64](idx)[:idx.Shape[1]])
	}
	return dtype.Array{DType: dtype.Int64, Shape: []int64{int64(len(b))}, Data: dtype.Int64Array(b).Data}
}
