// Shape and indexing on native storage (gather*.go, permute*.go,
// concat*.go): index_select, select and narrow read a compressed level's
// segments (a new pos from the selected segments' lengths, then one copy of
// crd and values per segment) or locate inside sorted segments by binary
// search, and cat offsets and concatenates level arrays. Every result is
// sized by a count pass, checked against the memory limit (core/budget)
// before it is allocated, and assembled directly (tensor.AssembleCompressed,
// tensor.AssembleCOO), so an operator costs its output plus a step per
// selected segment, not its input. Values move as words of the entry's
// size, never through a dtype: the gathers do not look at them.
//
// core/ops keeps the torch facade (argument checks, torch's layout and
// coalesced-flag rules) and calls these for the cases they serve; the
// rest goes its general way.

package engine

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
)

// Compressed is the compressed level of a CSR, CSC, BSR or BSC tensor as
// the gathers read it: Pos (segments + 1 offsets into Crd, global across
// batches), Crd, and the values as bytes, Entry bytes per stored entry
// (a block and its dense dims).
type Compressed struct {
	Pos, Crd dtype.Array
	Vals     []byte
	Entry    int64
}

// CompressedOf returns t's compressed level (t must be CSR, CSC, BSR or BSC).
func CompressedOf(t *tensor.Tensor) Compressed {
	l := t.Levels()[t.CompressedLevel()]
	nse := l.Crd.Numel()
	entry := int64(0)
	if nse > 0 {
		entry = int64(len(t.Values().Data)) / nse
	} else {
		entry = dtype.NumelOf(t.Values().Shape[t.BatchDim()+1:]) * int64(t.DType().Size())
	}
	return Compressed{Pos: l.Pos, Crd: l.Crd, Vals: t.Values().Data, Entry: entry}
}

// Segments is the number of segments of c (pos entries less one).
func (c Compressed) Segments() int64 { return c.Pos.Numel() - 1 }

// Entries is the number of stored entries of c.
func (c Compressed) Entries() int64 { return c.Crd.Numel() }

// GatherSegments returns the segments segs of c, in that order, as a new
// compressed level whose pos starts at 0, in c's index width. It refuses
// (budget.TooLargeError naming what) a result above the memory limit, and
// ok is false when the result's entry count does not fit c's index width
// (the caller widens first). Every segs[k] must be in [0, c.Segments()).
func GatherSegments(what string, c Compressed, segs []int64) (out Compressed, ok bool, err error) {
	if c.Pos.DType == dtype.Int32 {
		return gatherSegments[int32](what, c, segs)
	}
	return gatherSegments[int64](what, c, segs)
}

func gatherSegments[I kernels.Index](what string, c Compressed, segs []int64) (Compressed, bool, error) {
	switch c.Entry {
	case 1:
		return gatherSegmentsAs[I, uint8](what, c, segs)
	case 2:
		return gatherSegmentsAs[I, uint16](what, c, segs)
	case 4:
		return gatherSegmentsAs[I, uint32](what, c, segs)
	case 8:
		return gatherSegmentsAs[I, uint64](what, c, segs)
	case 16:
		return gatherSegmentsAs[I, [2]uint64](what, c, segs)
	}
	return gatherSegmentBlocks[I](what, c, segs)
}

// gatherSegmentsAs is GatherSegments for entries of one word W
// (kernels.GatherSegmentWords: no run bounds, no call per run).
func gatherSegmentsAs[I kernels.Index, W kernels.Word](what string, c Compressed, segs []int64) (Compressed, bool, error) {
	idt := c.Pos.DType
	is := int64(idt.Size())
	if err := budget.Check(what+": the result's pos", int64(len(segs))+1, int(is)); err != nil {
		return Compressed{}, false, err
	}
	sized := func(nse int64) error {
		return budget.CheckBytes(what+": the result's crd and values", budget.Mul(nse, is+c.Entry))
	}
	pos, crd, vals, ok, err := kernels.GatherSegmentWords(dtype.AsSlice[I](c.Pos), dtype.AsSlice[I](c.Crd), words[W](c.Vals), segs, sized)
	if !ok || err != nil {
		return Compressed{}, ok, err
	}
	var vb []byte
	if len(vals) > 0 {
		vb = unsafe.Slice((*byte)(unsafe.Pointer(&vals[0])), int64(len(vals))*c.Entry)
	} else {
		vb = []byte{}
	}
	return Compressed{Pos: indexArrayOf(idt, pos), Crd: indexArrayOf(idt, crd), Vals: vb, Entry: c.Entry}, true, nil
}

// gatherSegmentBlocks is GatherSegments for entries of several words
// (value blocks): run bounds, then one copy per run.
func gatherSegmentBlocks[I kernels.Index](what string, c Compressed, segs []int64) (Compressed, bool, error) {
	pos := dtype.AsSlice[I](c.Pos)
	k := int64(len(segs))
	var z I
	is := int(unsafe.Sizeof(z))
	if err := budget.Check(what+": segment bounds", budget.Mul(3, k+1), is); err != nil {
		return Compressed{}, false, err
	}
	lo, hi := make([]I, k), make([]I, k)
	total := int64(0)
	for i, s := range segs {
		lo[i], hi[i] = pos[s], pos[s+1]
		total += int64(pos[s+1] - pos[s])
	}
	if is == 4 && total > 1<<31-1 {
		return Compressed{}, false, nil
	}
	out, err := allocCompressed[I](what, c.Pos.DType, k, total, c.Entry)
	if err != nil {
		return Compressed{}, false, err
	}
	op := dtype.AsSlice[I](out.Pos)
	kernels.RunPos(op, lo, hi, 0)
	kernels.GatherRuns(dtype.AsSlice[I](out.Crd), dtype.AsSlice[I](c.Crd), 1, lo, hi, op)
	gatherRunBytes(out.Vals, c.Vals, c.Entry, lo, hi, op)
	return out, true, nil
}

// NarrowSegments returns the segments [start, start+length) of c as a new
// compressed level whose pos starts at 0: a rebased pos and one copy of the
// crd and values they hold.
func NarrowSegments(what string, c Compressed, start, length int64) (Compressed, error) {
	if c.Pos.DType == dtype.Int32 {
		return narrowSegments[int32](what, c, start, length)
	}
	return narrowSegments[int64](what, c, start, length)
}

func narrowSegments[I kernels.Index](what string, c Compressed, start, length int64) (Compressed, error) {
	pos := dtype.AsSlice[I](c.Pos)
	a, b := pos[start], pos[start+length]
	out, err := allocCompressed[I](what, c.Pos.DType, length, int64(b-a), c.Entry)
	if err != nil {
		return Compressed{}, err
	}
	kernels.ShiftCopy(dtype.AsSlice[I](out.Pos), pos[start:start+length+1], -a)
	lo, hi, op := []I{a}, []I{b}, []I{0, b - a}
	kernels.GatherRuns(dtype.AsSlice[I](out.Crd), dtype.AsSlice[I](c.Crd), 1, lo, hi, op)
	gatherRunBytes(out.Vals, c.Vals, c.Entry, lo, hi, op)
	return out, nil
}

// allocCompressed sizes and allocates (uninitialised) a compressed level of
// segs segments and nse entries of entry bytes, refusing one above the limit.
func allocCompressed[I kernels.Index](what string, idt dtype.DType, segs, nse, entry int64) (Compressed, error) {
	is := int64(idt.Size())
	bytes := budget.Add(budget.Mul(segs+1, is), budget.Mul(nse, is), budget.Mul(nse, entry))
	if err := budget.CheckBytes(what+": the result's pos, crd and values", bytes); err != nil {
		return Compressed{}, err
	}
	return Compressed{
		Pos:   dtype.UninitArray(idt, []int64{segs + 1}),
		Crd:   dtype.UninitArray(idt, []int64{nse}),
		Vals:  memory.UninitBytes(nse * entry),
		Entry: entry,
	}, nil
}

// gatherRunBytes moves the value runs: as words of the entry's size where
// one exists (a copy per run either way; the word type only keeps the
// parallel split's arithmetic in entries).
func gatherRunBytes[I kernels.Index](dst, src []byte, entry int64, lo, hi, out []I) {
	if entry == 0 {
		return
	}
	kernels.GatherRuns(dst, src, int(entry), lo, hi, out)
}
