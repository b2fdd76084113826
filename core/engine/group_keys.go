package engine

import (
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
