package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// softmaxSorted is softmaxEntries over a sparse dim across the segments
// where the scatter's accumulators would dwarf the entries (the other
// dims' sizes multiply past them: a 3-d COO tensor, or a matrix of far
// more columns than entries): the entries, in coalesced order (idx:
// sparse dims x entries), are sorted by every coordinate but dim's, a
// stable sort, so that within a group they stay in dim's order; the
// groups are then runs, their values (blocks whole) gathered into that
// order, and the engine's segment softmax (real or complex) runs over
// them, its results moved back to the entries' slots. The same bits as
// the scatter's (each group's sum in dim's order). It holds the order,
// the bounds and two copies of the values besides the result.
func softmaxSorted(idx dtype.Array, dim int, vals dtype.Array, log bool) (dtype.Array, bool, error) {
	n := vals.Shape[0]
	bs := int64(vals.DType.Size()) * dtype.NumelOf(vals.Shape[1:]) // bytes a block
	held := budget.Add(budget.Mul(n, 16), budget.Mul(budget.Mul(n, bs), 3))
	if err := budget.CheckBytes("softmax of sorted groups", held); err != nil {
		return dtype.Array{}, true, err
	}
	var order, bounds []int64
	if idx.DType == dtype.Int32 {
		order, bounds = groupOrder(dtype.AsSlice[int32](idx), idx.Shape[0], n, dim)
	} else {
		order, bounds = groupOrder(dtype.AsSlice[int64](idx), idx.Shape[0], n, dim)
	}
	moved := dtype.UninitArray(vals.DType, vals.Shape)
	parallel.ForEven(int(n), 1, n*max(bs/8, 1), func(lo, hi int) {
		for q := lo; q < hi; q++ {
			e := order[q]
			copy(moved.Data[int64(q)*bs:int64(q+1)*bs], vals.Data[e*bs:(e+1)*bs])
		}
	})
	pos := dtype.IndexView(bounds)
	block := dtype.NumelOf(vals.Shape[1:])
	var r dtype.Array
	var ok bool
	var err error
	if vals.DType.IsComplex() {
		r, ok, err = engine.SoftmaxComplexSegments(pos, moved, block, log, complexMath)
	} else {
		r, ok, err = engine.SoftmaxSegmentsBlocked(pos, moved, block, log)
	}
	memory.RecycleBytes(moved.Data)
	if !ok || err != nil {
		return dtype.Array{}, ok, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	parallel.ForEven(int(n), 1, n*max(bs/8, 1), func(lo, hi int) {
		for q := lo; q < hi; q++ {
			e := order[q]
			copy(out.Data[e*bs:(e+1)*bs], r.Data[int64(q)*bs:int64(q+1)*bs])
		}
	})
	memory.RecycleBytes(r.Data)
	return out, true, nil
}

// groupOrder is the entries of idx (nd rows of n coordinates) stably
// sorted by every coordinate but dim's, and the bounds of the runs of
// equal such coordinates in that order (int64, from 0 to n).
func groupOrder[I int32 | int64](idx []I, nd, n int64, dim int) (order, bounds []int64) {
	rows := make([][]I, 0, nd-1)
	for d := range nd {
		if int(d) != dim {
			rows = append(rows, idx[d*n:(d+1)*n])
		}
	}
	cmpKeys := func(a, b int64) int {
		for _, r := range rows {
			if r[a] != r[b] {
				if r[a] < r[b] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	order = make([]int64, n)
	for i := range order {
		order[i] = int64(i)
	}
	slices.SortStableFunc(order, cmpKeys)
	bounds = append(make([]int64, 0, 16), 0)
	for q := int64(1); q < n; q++ {
		if cmpKeys(order[q-1], order[q]) != 0 {
			bounds = append(bounds, q)
		}
	}
	if n > 0 {
		bounds = append(bounds, n)
	}
	return order, bounds
}
