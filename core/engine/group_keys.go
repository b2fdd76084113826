package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// GroupKeys returns each entry's linear key (an int64 array) over the kept dims of a COO
// index array (ndim x nse, int32 or int64): the sum of its coordinates
// times strides (0 for a reduced dim), the keys ReduceGroups computes a
// chunk at a time, for callers that sort them (a key space too large to
// scatter into).
func GroupKeys(indices dtype.Array, strides []int64) (dtype.Array, error) {
	nse := indices.Shape[1]
	if err := errs.CheckAlloc("reduction keys", nse, 8); err != nil {
		return dtype.Array{}, err
	}
	a := dtype.NewArray(dtype.Int64, []int64{nse})
	keys := dtype.AsSlice[int64](a)
	if indices.DType == dtype.Int32 {
		groupKeys(dtype.AsSlice[int32](indices), strides, int(nse), 0, keys)
	} else {
		groupKeys(dtype.AsSlice[int64](indices), strides, int(nse), 0, keys)
	}
	return a, nil
}

// ReduceKeyRuns is ReduceScatter with the keys from runs instead of one
// array: runs calls yield, in storage order, with the group keys (in
// [0, n)) of the stored elements vals[lo:hi], covering every element to
// reduce (slots it skips, a format's padding, are not reduced). A walk of a
// format's fibers feeds it a chunk at a time, so no per-element key array
// is built. Elements fold into a group in storage order.
func ReduceKeyRuns(op ReduceOp, runs func(yield func(keys []int64, lo, hi int)), n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return Reduced{}, err
	}
	if err := budget.Check("reduction accumulator", n, 16); err != nil {
		return Reduced{}, err
	}
	if vals.Numel() < 1<<32 {
		return scatterCounted[int64, int64, uint32](op, runs, n, vals, group, fill, out)
	}
	return scatterCounted[int64, int64, int64](op, runs, n, vals, group, fill, out)
}
