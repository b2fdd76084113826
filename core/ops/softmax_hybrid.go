package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/kernels/memory"
)

// softmaxEntries is the engine's softmax over dim of an operand's
// entries: vals (nse, *dense) with coordinates idx (sparse dims x nse) in
// a tensor of sparse shape sparse. Over the last sparse dim the segments
// pos bound the entries that share the others
// (engine.SoftmaxSegmentsBlocked: each dense element its own softmax);
// over another the scatter, one dense element at a time
// (softmaxColumns), or a sort of the entries where the scatter's
// accumulators would outnumber them (softmaxSorted); over a dense dim each
// entry's block a dense softmax along that axis (torch's rule:
// engine.SoftmaxAxis). Complex values take the engine's complex kernels
// over the same groups (softmaxEntriesComplex). ok is false for other
// dtypes.
func softmaxEntries(pos, idx dtype.Array, sparse []int64, dim int, vals dtype.Array, log bool) (dtype.Array, bool, error) {
	block := dtype.NumelOf(vals.Shape[1:])
	if vals.DType.IsComplex() {
		return softmaxEntriesComplex(pos, idx, sparse, dim, vals, block, log)
	}
	if dd := dim - len(sparse) + 1; dd > 0 { // vals' axis dd
		return engine.SoftmaxAxis(vals, vals.Shape[dd], dtype.NumelOf(vals.Shape[dd+1:]), log)
	}
	if dim == len(sparse)-1 {
		return engine.SoftmaxSegmentsBlocked(pos, vals, block, log)
	}
	var r dtype.Array
	var ok bool
	var err error
	switch {
	case block == 1:
		r, ok, err = engine.SoftmaxScatter(idx, slices.Clone(sparse), dim, vals, log)
	case vals.DType == dtype.Float32:
		r, ok, err = softmaxColumns[float32](idx, sparse, dim, vals, block, log)
	default:
		r, ok, err = softmaxColumns[float64](idx, sparse, dim, vals, block, log)
	}
	if ok || err != nil {
		return r, ok, err
	}
	return softmaxSorted(idx, dim, vals, log) // more groups than the scatter keeps accumulators for
}

// softmaxEntriesComplex is softmaxEntries of complex values, on the
// engine's complex kernels: the same groups, each dense element of a
// hybrid operand's entries its own (the scatter takes the blocks whole).
func softmaxEntriesComplex(pos, idx dtype.Array, sparse []int64, dim int, vals dtype.Array, block int64, log bool) (dtype.Array, bool, error) {
	if dd := dim - len(sparse) + 1; dd > 0 {
		return engine.SoftmaxComplexAxis(vals, vals.Shape[dd], dtype.NumelOf(vals.Shape[dd+1:]), log, complexMath)
	}
	if dim == len(sparse)-1 {
		return engine.SoftmaxComplexSegments(pos, vals, block, log, complexMath)
	}
	if r, ok, err := engine.SoftmaxComplexScatter(idx, sparse, dim, vals, log, complexMath); ok || err != nil {
		return r, ok, err
	}
	return softmaxSorted(idx, dim, vals, log)
}

// complexMath is the Annex G exp and log the engine's complex softmax
// computes with.
var complexMath = engine.ComplexMath{Exp: cexp, Log: clog}

// softmaxColumns is the scatter softmax of a hybrid operand's values
// (nse, block), one dense element j at a time: its values gathered into a
// column, engine.SoftmaxScatter over it, the result written back to j's
// slots (the column buffer reused, each column's result recycled).
func softmaxColumns[V float32 | float64](idx dtype.Array, sparse []int64, dim int, vals dtype.Array, block int64, log bool) (dtype.Array, bool, error) {
	n := vals.Shape[0]
	v := dtype.AsSlice[V](vals)
	out := dtype.UninitArray(vals.DType, vals.Shape)
	o := dtype.AsSlice[V](out)
	col := dtype.UninitArray(vals.DType, []int64{n})
	c := dtype.AsSlice[V](col)
	for j := range block {
		for k := range n {
			c[k] = v[k*block+j]
		}
		r, ok, err := engine.SoftmaxScatter(idx, slices.Clone(sparse), dim, col, log)
		if !ok || err != nil {
			memory.RecycleBytes(out.Data)
			memory.RecycleBytes(col.Data)
			return dtype.Array{}, ok, err
		}
		for k, x := range dtype.AsSlice[V](r) {
			o[int64(k)*block+j] = x
		}
		memory.RecycleBytes(r.Data)
	}
	memory.RecycleBytes(col.Data)
	return out, true, nil
}
