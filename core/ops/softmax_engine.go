package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"slices"
)

// softmaxNative runs Softmax of a float32 or float64 CSR, CSC or COO
// tensor without dense dims on the engine: over the last dim a segment
// softmax over its row pointer (softmaxCompressed, batched or not) or, for
// COO, its runs of equal leading coordinates (softmaxCOO); over any other
// dim a scatter into one accumulator pair per group of entries that share
// the other coordinates (engine.SoftmaxScatter). The result is Softmax's:
// a coalesced COO of the same pattern (a coalesced COO input's indices
// shared), fill zero. ok is false for the other cases.
func softmaxNative(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	if t.DenseDim() != 0 || t.Layout() == tensor.Custom || t.PerSlotFill() ||
		(t.DType() != dtype.Float64 && t.DType() != dtype.Float32) {
		return nil, false, nil
	}
	switch t.Layout() {
	case tensor.CSR, tensor.CSC:
		return softmaxCompressed(t, dim, log)
	case tensor.COO:
		if !t.IsCoalesced() || t.NDim() == 0 {
			return nil, false, nil
		}
	default:
		return nil, false, nil
	}
	idx := t.Indices()
	var pos dtype.Array
	if t.NDim() == 2 && dim == 1 {
		pos = rowRuns(idx)
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
	// idx is t's own: valid, so no scan for negatives.
	r, err := tensor.NewCOO(idx, vals, slices.Clone(t.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	return r, true, err
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
