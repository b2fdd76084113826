package kernels

import (
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"

	"github.com/gosparse/gosparse/kernels/memory"
)

// compressStaged stages the entries in their buckets in the output arrays,
// then sorts the buckets there: each part takes a run of buckets and packs
// them, repeats merged, to the start of the run (see sortBucket). Then the
// runs are moved together and the row of every entry is written where
// wanted.
func compressStaged[I Index, V Word](g *buckets, rows, cols []I, vals []V, start []int, offs [][]int, add func(dst *V, src V), withRows bool) (Compressed[I, V], error) {
	n := len(rows)
	// The scatter writes every staged slot, so those arrays need no
	// clearing (hundreds of MB at 16M entries); the row pointers stay
	// zeroed.
	// The pointers grow with the rows, not the entries (CompressRowsScratch).
	out := Compressed[I, V]{Ptr: make([]I, g.nrows+1), Val: memory.UninitSlice[V](n)}
	var buf []I
	if withRows {
		buf = memory.UninitSlice[I](2 * n)
		out.Idx = buf[n:]
	} else {
		out.Idx = memory.UninitSlice[I](n)
	}
	if err := scatterBuckets(g, rows, cols, vals, offs, out.Idx, out.Val); err != nil {
		return Compressed[I, V]{}, err
	}
	split := parallel.SplitByWeight(start, g.parts)
	kept := make([]int, g.parts) // entries each run kept
	tok := cancel.Current()
	parallel.For(g.parts, func(p int) {
		s := &bucketSorter[I, V]{g: g, out: &out, add: add, tok: tok}
		to := start[split[p]]
		for b := split[p]; b < split[p+1]; b++ {
			tok.Check() // a bucket: at most some 8K entries or 16K rows
			to += s.sortBucket(b, start[b], start[b+1]-start[b], to)
		}
		kept[p] = to - start[split[p]]
	})
	to := make([]int, g.parts+1) // where each run goes
	for p, k := range kept {
		to[p+1] = to[p] + k
	}
	total := to[g.parts]
	idx := out.Idx
	if withRows {
		out.Rows = buf[:total] // with Idx next, in its capacity
		idx = buf[total:]
	}
	// Runs move down, so one goroutine moves them in order (with rows, Idx
	// moves to follow them).
	for p, k := range kept {
		from := start[split[p]]
		if from != to[p] || &idx[0] != &out.Idx[0] {
			copy(idx[to[p]:to[p+1]], out.Idx[from:from+k])
		}
		if from != to[p] {
			copy(out.Val[to[p]:to[p+1]], out.Val[from:from+k])
		}
	}
	out.Idx, out.Val = idx[:total:total], out.Val[:total:total]
	if total < n || withRows {
		parallel.For(g.parts, func(p int) {
			r0 := min(int64(split[p])<<g.shift, g.nrows)
			r1 := min(int64(split[p+1])<<g.shift, g.nrows)
			fixRows(&out, r0, r1, start[split[p]]-to[p], to[p+1], tok)
		})
	}
	out.Ptr[g.nrows] = I(total)
	return out, nil
}

// fixRows lowers the row pointers of the rows [r0, r1) by moved (how far
// their run moved down) and writes the row of each of their entries, which
// end at end, where c wants them.
func fixRows[I Index, V any](c *Compressed[I, V], r0, r1 int64, moved, end int, tok *cancel.Token) {
	ptr := c.Ptr[r0:r1]
	if moved != 0 {
		d := I(moved)
		cancel.InSteps(tok, len(ptr), func(lo, hi int) {
			for r := lo; r < hi; r++ {
				ptr[r] -= d
			}
		})
	}
	if c.Rows == nil {
		return
	}
	cancel.InSteps(tok, len(ptr), func(r0s, r1s int) {
		for r := r0s; r < r1s; r++ {
			lo, hi := ptr[r], I(end)
			if r+1 < len(ptr) {
				hi = ptr[r+1]
			}
			row := I(r0 + int64(r))
			for k := lo; k < hi; k++ {
				c.Rows[k] = row
			}
		}
	})
}
