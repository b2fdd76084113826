package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"slices"
)

// softmaxCOO is softmaxNative for a COO tensor, hybrid or not: an
// uncoalesced one is coalesced first (one sort, duplicates summed, as the
// COO path reads it) unless its indices are sorted and unique already
// (one pass: a tensor built from sorted indices without the flag). Over
// the last sparse dim the runs of equal leading coordinates, consecutive
// in the coalesced order, are the segments; over any other dim the
// scatter (softmaxEntries). The result shares the coalesced indices.
func softmaxCOO(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, bool, error) {
	if !t.IsCoalesced() && !sortedUnique(t.Indices()) {
		c, err := convert.CoalescedCOO(t, -1)
		if err != nil {
			return nil, true, err
		}
		t = c
	}
	idx := t.Indices()
	sparse := t.Dims()[:idx.Shape[0]]
	var pos dtype.Array
	if dim == len(sparse)-1 {
		pos = leadRuns(idx)
	}
	vals, ok, err := softmaxEntries(pos, idx, sparse, dim, t.Values(), log)
	if !ok || err != nil {
		return nil, ok, err
	}
	// idx is t's own: valid, so no scan for negatives.
	r, err := tensor.NewCOO(idx, vals, slices.Clone(t.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	return r, true, err
}

// leadRuns is the bounds of the runs of entries of a coalesced (nd, nse)
// COO index array that share every coordinate but the last, as int64
// segment bounds (one run of all entries for nd = 1).
func leadRuns(idx dtype.Array) dtype.Array {
	if idx.DType == dtype.Int32 {
		return dtype.IndexView(runBounds(dtype.AsSlice[int32](idx), idx.Shape[0], idx.Shape[1]))
	}
	return dtype.IndexView(runBounds(dtype.AsSlice[int64](idx), idx.Shape[0], idx.Shape[1]))
}

// runBounds is leadRuns over idx's rows, in parts of the entries (fixed
// bounds, parallel.SplitEven): each part counts the run starts in its
// entries, the counts' prefix sum places each part's starts, and each
// part writes them.
func runBounds[I int32 | int64](idx []I, nd, n int64) []int64 {
	lead := make([][]I, nd-1)
	for d := range lead {
		lead[d] = idx[int64(d)*n : int64(d+1)*n]
	}
	parts := parallel.Parts(n * (nd - 1))
	split := parallel.SplitEven(int(n), parts)
	counts := make([]int64, parts+1)
	parallel.For(parts, func(p int) {
		counts[p+1] = runStarts(lead, int64(split[p]), int64(split[p+1]), nil)
	})
	for p := range parts {
		counts[p+1] += counts[p]
	}
	b := make([]int64, counts[parts]+1)
	parallel.For(parts, func(p int) {
		runStarts(lead, int64(split[p]), int64(split[p+1]), b[counts[p]:counts[p+1]])
	})
	b[len(b)-1] = n
	return b
}

// runStarts counts the entries in [lo, hi) that start a run (entry 0, or
// one whose leading coordinates differ from the entry before) and, where
// out is not nil, writes them to it in order.
func runStarts[I int32 | int64](lead [][]I, lo, hi int64, out []int64) int64 {
	k := int64(0)
	if lo == 0 && hi > 0 {
		if out != nil {
			out[0] = 0
		}
		k, lo = 1, 1
	}
	if lo >= hi {
		return k
	}
	if len(lead) == 1 { // a 2-D tensor's rows: the common case, one compare
		r := lead[0][lo-1 : hi]
		for e := 1; e < len(r); e++ {
			if r[e] != r[e-1] {
				if out != nil {
					out[k] = lo - 1 + int64(e)
				}
				k++
			}
		}
		return k
	}
	for e := lo; e < hi; e++ {
		for _, r := range lead {
			if r[e] != r[e-1] {
				if out != nil {
					out[k] = e
				}
				k++
				break
			}
		}
	}
	return k
}

// sortedUnique reports whether the entries of an (nd, nse) COO index
// array are in strictly increasing lexicographic order, checked in
// parts of the entries (fixed bounds), each stopping at its first miss.
func sortedUnique(idx dtype.Array) bool {
	nd, n := idx.Shape[0], idx.Shape[1]
	parts := parallel.Parts(n * nd)
	split := parallel.SplitEven(int(n), parts)
	ok := make([]bool, parts)
	parallel.For(parts, func(p int) {
		lo, hi := max(int64(split[p]), 1), int64(split[p+1])
		if idx.DType == dtype.Int32 {
			ok[p] = increasing(dtype.AsSlice[int32](idx), nd, n, lo, hi)
		} else {
			ok[p] = increasing(dtype.AsSlice[int64](idx), nd, n, lo, hi)
		}
	})
	return !slices.Contains(ok, false)
}

// increasing reports whether each entry e in [lo, hi) of idx's rows is
// lexicographically greater than entry e - 1.
func increasing[I int32 | int64](idx []I, nd, n, lo, hi int64) bool {
	for e := lo; e < hi; e++ {
		d := int64(0)
		for d < nd && idx[d*n+e] == idx[d*n+e-1] {
			d++
		}
		if d == nd || idx[d*n+e] < idx[d*n+e-1] {
			return false
		}
	}
	return true
}
