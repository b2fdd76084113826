package convert

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// coalescedCOOToLevels makes the DCSR or CSF tensor of a coalesced COO
// tensor without a level conversion: the COO's entries are already in the
// levels' order, so level l's nodes are the runs of equal (i0, ..., il)
// prefixes. One pass counts each level's nodes (the storage is sized and
// checked against the memory limit before it is allocated), a second fills
// pos and crd; the values are the source's own (tensors are immutable).
// ok is false where the route does not apply (a source that is not a
// coalesced COO of sparse dims only with a scalar fill, or a layout other
// than DCSR and CSF; an empty source, which the general route takes).
func coalescedCOOToLevels(t *tensor.Tensor, layout tensor.Layout) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.COO || !t.IsCoalesced() || t.BatchDim() != 0 || t.DenseDim() != 0 ||
		t.UndefinedFill() || t.PerSlotFill() || t.Values().Numel() == 0 || (layout != tensor.CSF && !(layout == tensor.DCSR && len(t.Dims()) == 2)) {
		return nil, false, nil
	}
	idx := t.Indices()
	switch idx.DType {
	case dtype.Int32:
		return levelsOfSorted(t, layout, unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(idx.Data))), len(idx.Data)/4))
	case dtype.Int64:
		return levelsOfSorted(t, layout, unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(idx.Data))), len(idx.Data)/8))
	}
	return nil, false, nil
}

// sortedChunk is the entries a chunk of the level build reads: its range,
// and how many of its entries open their first node on each level.
const sortedChunk = 1 << 18

// levelsOfSorted builds the levels from idx, the (ndim, nse) indices in
// lexicographic order without repeats, over fixed chunks of entries (the
// arrays are the same whatever runs them): a pass marks each entry's first
// new level and counts them per chunk, a prefix over the chunks places
// each chunk's nodes, and a second pass writes them.
func levelsOfSorted[I kernels.Index](t *tensor.Tensor, layout tensor.Layout, idx []I) (*tensor.Tensor, bool, error) {
	nd, nse := len(t.Dims()), t.Values().Numel()
	chunks := int((nse + sortedChunk - 1) / sortedChunk)
	first := memory.UninitSlice[uint8](int(nse))
	opened := make([]int64, chunks*nd) // opened[c*nd+f]: chunk c's entries whose first new level is f
	workers := parallel.Parts(nse)
	parallel.RunChunks(workers, chunks, func(_, c int) {
		lo, hi := int64(c)*sortedChunk, min(int64(c+1)*sortedChunk, nse)
		markFirstNewLevels(idx, nd, nse, first, lo, hi)
		countLevels(first[lo:hi], opened[c*nd:(c+1)*nd])
	})
	// below[c*nd+l]: the entries of the chunks before c opening a node on
	// level l or above (level l's nodes before the chunk).
	below := make([]int64, (chunks+1)*nd)
	for c := range chunks {
		var run int64
		for l := range nd {
			run += opened[c*nd+l]
			below[(c+1)*nd+l] = below[c*nd+l] + run
		}
	}
	nodes := below[chunks*nd:]
	narrow := tensor.FitsInt32(t.Dims(), nse)
	ib := int64(8)
	if narrow {
		ib = 4
	}
	var count int64
	for l := range nd {
		count = budget.Add(count, budget.Add(nodes[l], 2)) // crd, plus the pos above it
	}
	if err := budget.CheckBytes(layout.String()+" levels", budget.Mul(count, ib)); err != nil {
		return nil, true, err
	}
	spec := tensor.FormatSpec{Layout: layout, Shape: t.Dims(), Block: [2]int64{1, 1}}
	p := tensor.Parts{Spec: spec, Levels: spec.Levels(), Values: t.Values(), Fill: t.FillPattern(), UndefinedFill: t.UndefinedFill(),
		Coalesced: true, Width: 64}
	if narrow {
		p.Width = 32
		fillSortedLevels[I, int32](p.Levels, idx, first, below, workers)
	} else {
		fillSortedLevels[I, int64](p.Levels, idx, first, below, workers)
	}
	out, err := tensor.Assemble(p)
	return out, true, err
}

// markFirstNewLevels writes, for each entry k in [lo, hi), the first level
// whose coordinate differs from entry k-1's (0 for the first entry): entry
// k opens a node on that level and on every level below it. One pass a
// level, last to first, so each pass streams one row of idx.
func markFirstNewLevels[I kernels.Index](idx []I, nd int, nse int64, first []uint8, lo, hi int64) {
	for k := lo; k < hi; k++ {
		first[k] = uint8(nd - 1) // a coalesced COO repeats no entry: the last level differs at least
	}
	start := max(lo, 1)
	for l := nd - 2; l >= 0; l-- {
		row := idx[int64(l)*nse : int64(l+1)*nse]
		for k := start; k < hi; k++ {
			if row[k] != row[k-1] {
				first[k] = uint8(l)
			}
		}
	}
	if lo == 0 && hi > 0 {
		first[0] = 0
	}
}

// countLevels adds to opened[f] the entries of first equal to f. Four
// histograms take alternate entries: one histogram's increments of a
// repeated level (most entries open only the last) would each wait for the
// previous one's store.
func countLevels(first []uint8, opened []int64) {
	var h [4][256]int64
	k := 0
	for ; k+4 <= len(first); k += 4 {
		h[0][first[k]]++
		h[1][first[k+1]]++
		h[2][first[k+2]]++
		h[3][first[k+3]]++
	}
	for ; k < len(first); k++ {
		h[0][first[k]]++
	}
	for f := range opened {
		opened[f] += h[0][f] + h[1][f] + h[2][f] + h[3][f]
	}
}

// fillSortedLevels writes each level's pos (nodes of the level above + 1
// entries; [0, nodes[0]] on the first) and crd of width O, chunk by chunk
// at the offsets below gives: level l's nodes are the entries opening a
// node on level l or above, its pos breaks where one opens above l (the
// first entry's nodes excepted: pos starts at 0). Every slot is written,
// so the arrays start uninitialised.
func fillSortedLevels[I, O kernels.Index](levels []tensor.Level, idx []I, first []uint8, below []int64, workers int) {
	nse := int64(len(first))
	nd := len(levels)
	chunks := len(below)/nd - 1
	nodes := below[chunks*nd:]
	pos, crd := make([][]O, nd), make([][]O, nd)
	for l := range nd {
		above := int64(1)
		if l > 0 {
			above = nodes[l-1]
		}
		pos[l], crd[l] = memory.UninitSlice[O](int(above+1)), memory.UninitSlice[O](int(nodes[l]))
		pos[l][0], pos[l][above] = 0, O(nodes[l])
	}
	parallel.RunChunks(workers, chunks, func(_, c int) {
		lo, hi := int64(c)*sortedChunk, min(int64(c+1)*sortedChunk, nse)
		for l := range nd {
			row := idx[int64(l)*nse : int64(l+1)*nse]
			n := below[c*nd+l] // level l's nodes before the chunk
			// The next break's slot: 1 + the breaks before the chunk, which
			// are the entries opening a node above l there, less the first
			// entry (its node starts at pos[0]).
			p := int64(1)
			if l > 0 {
				p = max(below[c*nd+l-1], 1)
			}
			if l == nd-1 {
				lastLevelChunk(pos[l], crd[l], row, first, lo, hi, uint8(l), p)
			} else {
				upperLevelChunk(pos[l], crd[l], row, first, lo, hi, uint8(l), n, p)
			}
		}
	})
	for l := range nd {
		levels[l].Pos, levels[l].Crd = dtype.IndexView(pos[l]), dtype.IndexView(crd[l])
	}
}

// lastLevelChunk fills the last level, lv, over entries [lo, hi): crd is
// the row, pos breaks wherever an entry opens a node above lv; p is the
// next break's slot.
func lastLevelChunk[I, O kernels.Index](pos, crd []O, row []I, first []uint8, lo, hi int64, lv uint8, p int64) {
	for k := lo; k < hi; k++ {
		crd[k] = O(row[k])
	}
	for k := max(lo, 1); k < hi; k++ {
		if first[k] < lv {
			pos[p] = O(k)
			p++
		}
	}
}

// upperLevelChunk fills level lv above the last over entries [lo, hi): an
// entry opening a node on lv or above adds its coordinate at slot c, one
// opening above lv also closes the previous node's children at pos slot p.
func upperLevelChunk[I, O kernels.Index](pos, crd []O, row []I, first []uint8, lo, hi int64, lv uint8, c, p int64) {
	for k := lo; k < hi; k++ {
		if f := first[k]; f <= lv {
			if f < lv && k > 0 {
				pos[p] = O(c)
				p++
			}
			crd[c] = O(row[k])
			c++
		}
	}
}
