package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
)

// Gathers along the leading dim of a coalesced COO tensor: its first index
// row is sorted, so the entries of one coordinate are a run found by binary
// search, and a selection moves whole runs.

// COORuns is a gathered selection of a COO tensor's entries: the new
// (sparse_dim, nse) indices, the values' bytes, and the run each entry came
// from (Run[k]..Run[k+1] are the entries of selected coordinate k).
type COORuns struct {
	Indices dtype.Array
	Vals    []byte
	Run     []int64
}

// GatherLeading gathers, for each coordinate v of coords in turn, the
// entries of a COO tensor whose leading coordinate is v; indices is the
// (sparse_dim, nse) array with a sorted first row, vals the values (entry
// bytes each). With span > 0, coords holds one start and the selection is
// the coordinates [start, start+span) as one run (narrow). The first index
// row is copied as stored; the caller relabels it.
func GatherLeading(what string, indices dtype.Array, vals []byte, entry int64, coords []int64, span int64) (COORuns, error) {
	if indices.DType == dtype.Int32 {
		return gatherLeading[int32](what, indices, vals, entry, coords, span)
	}
	return gatherLeading[int64](what, indices, vals, entry, coords, span)
}

func gatherLeading[I kernels.Index](what string, indices dtype.Array, vals []byte, entry int64, coords []int64, span int64) (COORuns, error) {
	s, nse := indices.Shape[0], indices.Shape[1]
	idx := dtype.AsSlice[I](indices)
	row0 := idx[:nse]
	k := int64(len(coords))
	if err := budget.Check(what+": run bounds", budget.Mul(4, k+1), 8); err != nil {
		return COORuns{}, err
	}
	lo, hi := make([]I, k), make([]I, k)
	for i, v := range coords {
		end := v + 1
		if span > 0 {
			end = v + span
		}
		lo[i] = I(kernels.LowerBound(row0, I(v)))
		hi[i] = lo[i] + I(kernels.LowerBound(row0[lo[i]:], I(end)))
	}
	out := make([]I, k+1)
	total := kernels.RunPos(out, lo, hi, 0)
	bytes := budget.Add(budget.Mul(budget.Mul(total, s), int64(indices.DType.Size())), budget.Mul(total, entry))
	if err := budget.CheckBytes(what+": the result's indices and values", bytes); err != nil {
		return COORuns{}, err
	}
	r := COORuns{Indices: dtype.UninitArray(indices.DType, []int64{s, total}), Vals: memory.UninitBytes(total * entry), Run: make([]int64, k+1)}
	ri := dtype.AsSlice[I](r.Indices)
	for d := range s {
		kernels.GatherRuns(ri[d*total:(d+1)*total], idx[d*nse:(d+1)*nse], 1, lo, hi, out)
	}
	gatherRunBytes(r.Vals, vals, entry, lo, hi, out)
	for i, v := range out {
		r.Run[i] = int64(v)
	}
	return r, nil
}

// RelabelRuns writes coordinate k into row (an index row of the gathered
// entries, as GatherLeading's result holds it) over run k: index_select's
// positions.
func RelabelRuns(row dtype.Array, run []int64) {
	if row.DType == dtype.Int32 {
		relabelRuns(dtype.AsSlice[int32](row), run)
		return
	}
	relabelRuns(dtype.AsSlice[int64](row), run)
}

func relabelRuns[I kernels.Index](row []I, run []int64) {
	for k := 0; k+1 < len(run); k++ {
		for e := run[k]; e < run[k+1]; e++ {
			row[e] = I(k)
		}
	}
}

// ShiftRow adds delta to every element of an index row (narrow's rebase).
func ShiftRow(row dtype.Array, delta int64) {
	if row.DType == dtype.Int32 {
		r := dtype.AsSlice[int32](row)
		kernels.ShiftCopy(r, r, int32(delta))
		return
	}
	r := dtype.AsSlice[int64](row)
	kernels.ShiftCopy(r, r, delta)
}
