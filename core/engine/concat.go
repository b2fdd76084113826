package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
)

// Concatenation on native storage (cat and stack): the parts' level arrays
// one after another, the later parts' offsets and coordinates shifted.

// ConcatSegments appends the segments of each part after those of the
// parts before it (cat along the compressed dim): pos shifted by the
// entries before each part, crd and values copied. ok is false when the
// entry count does not fit the parts' index width (they share one).
func ConcatSegments(what string, parts []Compressed) (out Compressed, ok bool, err error) {
	if parts[0].Pos.DType == dtype.Int32 {
		return concatSegments[int32](what, parts)
	}
	return concatSegments[int64](what, parts)
}

func concatSegments[I kernels.Index](what string, parts []Compressed) (Compressed, bool, error) {
	segs, nse := int64(0), int64(0)
	for _, p := range parts {
		segs, nse = budget.Add(segs, p.Segments()), budget.Add(nse, p.Entries())
	}
	out, ok, err := concatAlloc[I](what, parts, segs, nse)
	if !ok || err != nil {
		return out, ok, err
	}
	op, oc := dtype.AsSlice[I](out.Pos), dtype.AsSlice[I](out.Crd)
	s, e := int64(0), int64(0)
	for _, p := range parts {
		pos := dtype.AsSlice[I](p.Pos)
		kernels.ShiftCopy(op[s+1:], pos[1:], I(e)-pos[0])
		n := p.Entries()
		copy(oc[e:e+n], dtype.AsSlice[I](p.Crd))
		copy(out.Vals[e*out.Entry:(e+n)*out.Entry], p.Vals)
		s, e = s+p.Segments(), e+n
	}
	return out, true, nil
}

// ConcatPlain joins the parts segment by segment (cat along the plain dim:
// every part has the same segments): segment s of the result holds part
// 0's segment s, then part 1's with its coordinates shifted by offsets[1],
// and so on, which keeps each segment sorted when offsets[k] is at least
// the plain size of the parts before part k.
func ConcatPlain(what string, parts []Compressed, offsets []int64) (out Compressed, ok bool, err error) {
	if parts[0].Pos.DType == dtype.Int32 {
		return concatPlain[int32](what, parts, offsets)
	}
	return concatPlain[int64](what, parts, offsets)
}

func concatPlain[I kernels.Index](what string, parts []Compressed, offsets []int64) (Compressed, bool, error) {
	segs, nse := parts[0].Segments(), int64(0)
	for _, p := range parts {
		nse = budget.Add(nse, p.Entries())
	}
	out, ok, err := concatAlloc[I](what, parts, segs, nse)
	if !ok || err != nil {
		return out, ok, err
	}
	op, oc := dtype.AsSlice[I](out.Pos), dtype.AsSlice[I](out.Crd)
	for s := range segs { // count: the result's offsets
		n := I(0)
		for _, p := range parts {
			pos := dtype.AsSlice[I](p.Pos)
			n += pos[s+1] - pos[s]
		}
		op[s+1] = op[s] + n
	}
	w := out.Entry
	for s := range segs { // fill
		if s&(1<<14-1) == 1<<14-1 {
			cancel.Poll()
		}
		at := op[s]
		for k, p := range parts {
			pos, crd := dtype.AsSlice[I](p.Pos), dtype.AsSlice[I](p.Crd)
			a, b := pos[s], pos[s+1]
			kernels.ShiftCopy(oc[at:at+b-a], crd[a:b], I(offsets[k]))
			copy(out.Vals[int64(at)*w:int64(at+b-a)*w], p.Vals[int64(a)*w:int64(b)*w])
			at += b - a
		}
	}
	return out, true, nil
}

// ConcatCOO appends the entries of each part (its (sparse_dim, nse)
// indices and value bytes) after those before it, index row dim shifted by
// offsets[k] for part k. The parts share one index width; ok is false when
// the result's entry count does not fit it.
func ConcatCOO(what string, indices []dtype.Array, vals [][]byte, entry int64, dim int, offsets []int64) (idx dtype.Array, v []byte, ok bool, err error) {
	s, nse := indices[0].Shape[0], int64(0)
	for _, ix := range indices {
		nse = budget.Add(nse, ix.Shape[1])
	}
	idt := indices[0].DType
	if idt == dtype.Int32 && nse > 1<<31-1 {
		return dtype.Array{}, nil, false, nil
	}
	bytes := budget.Add(budget.Mul(budget.Mul(s, nse), int64(idt.Size())), budget.Mul(nse, entry))
	if err := budget.CheckBytes(what+": the result's indices and values", bytes); err != nil {
		return dtype.Array{}, nil, false, err
	}
	idx = dtype.UninitArray(idt, []int64{s, nse})
	v = memory.UninitBytes(nse * entry)
	es := int64(idt.Size())
	e := int64(0)
	for k, ix := range indices {
		n := ix.Shape[1]
		for d := range s {
			dst := dtype.Array{DType: idt, Data: idx.Data[(d*nse+e)*es : (d*nse+e+n)*es]}
			src := dtype.Array{DType: idt, Data: ix.Data[d*n*es : (d+1)*n*es]}
			if int(d) == dim && offsets[k] != 0 {
				shiftInto(dst, src, offsets[k])
			} else {
				copy(dst.Data, src.Data)
			}
		}
		copy(v[e*entry:(e+n)*entry], vals[k])
		e += n
	}
	return idx, v, true, nil
}

// shiftInto writes src + delta into dst (index arrays of one dtype).
func shiftInto(dst, src dtype.Array, delta int64) {
	if src.DType == dtype.Int32 {
		kernels.ShiftCopy(dtype.AsSlice[int32](dst), dtype.AsSlice[int32](src), int32(delta))
		return
	}
	kernels.ShiftCopy(dtype.AsSlice[int64](dst), dtype.AsSlice[int64](src), delta)
}

// concatAlloc allocates the result of a concatenation: segs segments and
// nse entries in the parts' index width and entry size, pos[0] = 0. ok is
// false (nothing allocated) when nse does not fit the width.
func concatAlloc[I kernels.Index](what string, parts []Compressed, segs, nse int64) (Compressed, bool, error) {
	if parts[0].Pos.DType == dtype.Int32 && nse > 1<<31-1 {
		return Compressed{}, false, nil
	}
	out, err := allocCompressed[I](what, parts[0].Pos.DType, segs, nse, parts[0].Entry)
	if err != nil {
		return Compressed{}, false, err
	}
	dtype.AsSlice[I](out.Pos)[0] = 0
	return out, true, nil
}
