package engine

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
)

// Gathers along the plain (uncompressed) dim of a compressed level: the
// segments are sorted and unique (torch's invariant for CSR and CSC), so
// each locates its range or its coordinate by binary search.

// NarrowPlain keeps, in every segment of c, the entries whose coordinate is
// in [start, start+length), shifted to start at 0: one binary search pair
// per segment to count, then one copy per segment.
func NarrowPlain(what string, c Compressed, start, length int64) (Compressed, error) {
	if c.Pos.DType == dtype.Int32 {
		return narrowPlain[int32](what, c, start, length)
	}
	return narrowPlain[int64](what, c, start, length)
}

func narrowPlain[I kernels.Index](what string, c Compressed, start, length int64) (Compressed, error) {
	switch c.Entry {
	case 1:
		return narrowPlainAs[I, uint8](what, c, start, length)
	case 2:
		return narrowPlainAs[I, uint16](what, c, start, length)
	case 4:
		return narrowPlainAs[I, uint32](what, c, start, length)
	case 8:
		return narrowPlainAs[I, uint64](what, c, start, length)
	case 16:
		return narrowPlainAs[I, [2]uint64](what, c, start, length)
	}
	return narrowPlainBlocks[I](what, c, start, length)
}

// narrowPlainAs is NarrowPlain for entries of one word W (kernels.NarrowRuns:
// fused count, shift and copy, parallel over fixed segment chunks).
func narrowPlainAs[I kernels.Index, W kernels.Word](what string, c Compressed, start, length int64) (Compressed, error) {
	idt := c.Pos.DType
	is := int64(idt.Size())
	segs := c.Segments()
	if err := budget.Check(what+": the result's pos and segment bounds", budget.Mul(2, segs+1), int(is)); err != nil {
		return Compressed{}, err
	}
	sized := func(nse int64) error {
		return budget.CheckBytes(what+": the result's crd and values", budget.Mul(nse, is+c.Entry))
	}
	pos, crd, vals, err := kernels.NarrowRuns(dtype.AsSlice[I](c.Pos), dtype.AsSlice[I](c.Crd), words[W](c.Vals), I(start), I(start+length), sized)
	if err != nil {
		return Compressed{}, err
	}
	var vb []byte
	if len(vals) > 0 {
		vb = unsafe.Slice((*byte)(unsafe.Pointer(&vals[0])), int64(len(vals))*c.Entry)
	} else {
		vb = []byte{}
	}
	return Compressed{Pos: indexArrayOf(idt, pos), Crd: indexArrayOf(idt, crd), Vals: vb, Entry: c.Entry}, nil
}

// narrowPlainBlocks is NarrowPlain for entries of several words (value
// blocks): a binary search pair per segment, then one copy per segment.
func narrowPlainBlocks[I kernels.Index](what string, c Compressed, start, length int64) (Compressed, error) {
	pos, crd := dtype.AsSlice[I](c.Pos), dtype.AsSlice[I](c.Crd)
	segs := int64(len(pos) - 1)
	if err := budget.Check(what+": segment bounds", budget.Mul(2, segs), int(c.Pos.DType.Size())); err != nil {
		return Compressed{}, err
	}
	lo, hi := make([]I, segs), make([]I, segs)
	total := int64(0)
	a, b := I(start), I(start+length)
	for s := range segs {
		p, q := pos[s], pos[s+1]
		row := crd[p:q]
		lo[s] = p + I(kernels.LowerBound(row, a))
		hi[s] = p + I(kernels.LowerBound(row, b))
		total += int64(hi[s] - lo[s])
	}
	out, err := allocCompressed[I](what, c.Pos.DType, segs, total, c.Entry)
	if err != nil {
		return Compressed{}, err
	}
	op := dtype.AsSlice[I](out.Pos)
	kernels.RunPos(op, lo, hi, 0)
	oc := dtype.AsSlice[I](out.Crd)
	kernels.GatherRuns(oc, crd, 1, lo, hi, op)
	kernels.ShiftCopy(oc, oc, -a)
	gatherRunBytes(out.Vals, c.Vals, c.Entry, lo, hi, op)
	return out, nil
}

// LocatePlain finds coordinate j in every segment of c: the segments that
// hold it, ascending, and the entry holding it in each.
func LocatePlain(what string, c Compressed, j int64) (segs, at []int64, err error) {
	if c.Pos.DType == dtype.Int32 {
		return locatePlain[int32](what, c, j)
	}
	return locatePlain[int64](what, c, j)
}

func locatePlain[I kernels.Index](what string, c Compressed, j int64) (segs, at []int64, err error) {
	pos, crd := dtype.AsSlice[I](c.Pos), dtype.AsSlice[I](c.Crd)
	n := int64(len(pos) - 1)
	if err := budget.Check(what+": the located entries", budget.Mul(2, n), 8); err != nil { // at most one a segment
		return nil, nil, err
	}
	v := I(j)
	for s := range n {
		if s&(1<<14-1) == 1<<14-1 {
			cancel.Poll()
		}
		p, q := pos[s], pos[s+1]
		if k := p + I(kernels.LowerBound(crd[p:q], v)); k < q && crd[k] == v {
			segs = append(segs, s)
			at = append(at, int64(k))
		}
	}
	return segs, at, nil
}

// GatherEntries returns the value blocks of the entries at (entry bytes
// each) from vals, in that order: moved as words of the entry's size where
// Go has one (a dtype's element, a complex pair), else as byte blocks.
func GatherEntries(what string, vals []byte, entry int64, at []int64) ([]byte, error) {
	if err := budget.Check(what+": the gathered values", budget.Mul(int64(len(at)), entry), 1); err != nil {
		return nil, err
	}
	out := memory.UninitBytes(int64(len(at)) * entry)
	var err error
	switch entry {
	case 0:
	case 1:
		err = kernels.Gather(out, vals, 1, at)
	case 2:
		err = kernels.Gather(words[uint16](out), words[uint16](vals), 1, at)
	case 4:
		err = kernels.Gather(words[uint32](out), words[uint32](vals), 1, at)
	case 8:
		err = kernels.Gather(words[uint64](out), words[uint64](vals), 1, at)
	case 16:
		err = kernels.Gather(words[[2]uint64](out), words[[2]uint64](vals), 1, at)
	default:
		err = kernels.Gather(out, vals, int(entry), at)
	}
	return out, err
}

// words views a byte buffer as words of W (its length a multiple of W's size).
func words[W kernels.Word](b []byte) []W {
	return dtype.AsSlice[W](dtype.Array{Data: b})
}

// indexArrayOf views an index slice as an Array of dtype idt (int32 or
// int64, I's width) without copying.
func indexArrayOf[I kernels.Index](idt dtype.DType, s []I) dtype.Array {
	data := []byte{}
	if len(s) > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*idt.Size())
	}
	return dtype.Array{DType: idt, Shape: []int64{int64(len(s))}, Data: data}
}
