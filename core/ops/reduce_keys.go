package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// reduceByKeys folds vals (one element per entry) into the groups their
// linear keys (an int64 array) over the kept dims name (keptGroups: groups keys, each group
// holding group elements, the missing ones equal to fill): a scatter into a
// groups-long accumulator where that fits the entries (scatterFits), else a
// stable sort of the keys and a fold of its segments, whose memory follows
// the entries, not the key space. Either folds each group in storage order,
// so the result does not depend on the thread count. The result's keys are
// the distinct keys, ascending.
func reduceByKeys(eop engine.ReduceOp, keys dtype.Array, vals dtype.Array, groups, group int64, fill []byte, out dtype.DType) (engine.Reduced, error) {
	if scatterFits(groups, keys.Numel()) {
		return engine.ReduceScatter(eop, keys, groups, vals, group, fill, out)
	}
	return reduceSortedKeys(eop, dtype.AsSlice[int64](keys), vals, group, fill, out)
}

// keyedResult is Reduce's result over the kept dims of size (those red does
// not mark) from r, keyed as reduceByKeys keys: a coalesced COO of index
// dtype idt, its fill r's.
func keyedResult(r engine.Reduced, size []int64, red []bool, idt dtype.DType) (*tensor.Tensor, error) {
	var kept []int64
	for d, sz := range size {
		if !red[d] {
			kept = append(kept, sz)
		}
	}
	if len(kept) == 1 && idt == dtype.Int64 { // the keys are the coordinates: no copy
		return reducedVector(r, kept[0])
	}
	c, err := tensor.NewCOO(keyIndices(dtype.AsSlice[int64](r.Keys), kept, idt), r.Values, kept, tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(c, c.Values(), r.Fill), nil
}

// reduceSortedKeys is ReduceScatter for a key space much larger than the
// entries (a batched format summed over its batch: the kept (i, j) of a
// matrix): the entries sorted by key (stably, so each group folds in
// storage order) form the segments of engine.ReduceSegments, whose row
// numbers map back to the distinct keys.
func reduceSortedKeys(eop engine.ReduceOp, keys []int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (engine.Reduced, error) {
	n := int64(len(keys))
	if err := errs.CheckAlloc("reduction by sorted keys", n, 24+vals.DType.Size()); err != nil {
		return engine.Reduced{}, err
	}
	sorted := make([]uint64, n)
	perm := make([]int64, n)
	for k, key := range keys {
		sorted[k], perm[k] = uint64(key), int64(k)
	}
	if err := kernels.SortKeys(sorted, perm); err != nil {
		return engine.Reduced{}, err
	}
	es := int64(vals.DType.Size())
	moved := dtype.UninitArray(vals.DType, []int64{n})
	for k, from := range perm {
		copy(moved.Data[int64(k)*es:], vals.Data[from*es:(from+1)*es])
	}
	pos := kernels.RunStarts(sorted)
	r, err := engine.ReduceSegments(eop, dtype.Int64Array(pos), moved, group, fill, out)
	if err != nil {
		return engine.Reduced{}, err
	}
	rows := dtype.AsSlice[int64](r.Keys) // every segment holds an entry: rows 0, 1, ...
	for i, row := range rows {
		rows[i] = int64(sorted[pos[row]])
	}
	return r, nil
}
