package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// The generic binary op on sparse results: both operands become coalesced
// COO over the same leading dims, their sorted coordinate lists merge, each
// merged entry computes op(a, b) with the other operand's fill value where
// one is missing, and the entries are stored in the result layout.

// mergeBinary combines two tensors of equal shape into a sparse tensor of
// the given layout (block: BSR/BSC block size).
func mergeBinary(op string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, layout tensor.Layout, block [2]int64) (*tensor.Tensor, error) {
	shape := slices.Clone(a.Dims())
	nd := len(shape)
	dd, err := slotsDenseDim(a, b, mergeDenseDim(a, b, layout, nd), layout)
	if err != nil {
		return nil, err
	}
	spec, err := tensor.TargetSpec(layout, shape, dd, -1, block)
	if err != nil {
		return nil, err
	}
	ca, err := canonicalCOO(a, dd)
	if err != nil {
		return nil, err
	}
	cb, err := canonicalCOO(b, dd)
	if err != nil {
		return nil, err
	}
	k := nd - dd
	bs := dtype.NumelOf(shape[k:])
	keys, ia, ib := mergeKeys(linearKeys(ca, shape[:k]), linearKeys(cb, shape[:k]))
	if err := errs.CheckAlloc(op, int64(len(keys))*bs, 3*16); err != nil {
		return nil, err
	}
	fa, fb := mergeFillVecs(ca, cb, dom, bs)
	x := gatherBlocks(loadVec(ca.Values(), dom), ia, fa, bs)
	y := gatherBlocks(loadVec(cb.Values(), dom), ib, fb, bs)
	z, err := applyBinary(op, bf, x, y)
	if err != nil {
		return nil, err
	}
	fz, err := applyBinary(op, bf, fa, fb)
	if err != nil {
		if int64(len(keys))*bs != dtype.NumelOf(shape) {
			return nil, err
		}
		// Every element is stored: the fill (an integer division by 0) is never read.
		fz = makeVec(dom, 1)
	}
	if def.multiplicative {
		keys, z = dropFillEntries(keys, ia, ib, z, fz, bs)
	}
	if layout.IsCompressed() && spec.BatchDim > 0 {
		if keys, z, err = padBatches(spec, keys, z, fz, bs); err != nil {
			return nil, err
		}
	}
	e := &tensor.Entries{K: k, N: int64(len(keys)), Coords: keyCoords(keys, shape[:k]), Src: iota64(len(keys)),
		Vals: z.store(out, []int64{int64(len(keys)) * bs}), Block: bs}
	width := 0
	if a.IndexWidth() == 64 || b.IndexWidth() == 64 {
		width = 64
	}
	res, err := tensor.BuildFrom(spec, e, out, fz.store(out, []int64{int64(fz.len())}).Data, width, false)
	if err != nil {
		return nil, err
	}
	if res.PerSlotFill() { // op(fill_a, fill_b) may give equal slots: that is the scalar fill
		if res, err = tensor.WithSlotFill(res, res.SlotFill()); err != nil {
			return nil, err
		}
	}
	if layout == tensor.COO && def.multiplicative && a.Layout() == tensor.COO && b.Layout() == tensor.COO && !(a.IsCoalesced() && b.IsCoalesced()) && len(keys) > 0 {
		// torch marks a non-empty intersection coalesced only when both operands are.
		res = res.WithCoalesced(false)
	}
	return res, nil
}

// mergeDenseDim is the result's number of dense dims: a BSR/BSC operand's
// for a result of its layout, else the fewest of the sparse operands',
// lowered where the layout needs more sparse dims.
func mergeDenseDim(a, b *tensor.Tensor, layout tensor.Layout, nd int) int {
	if layout.IsBlocked() {
		// The block size is that operand's, so its sparse dims are the ones
		// the block divides (resultBlock).
		for _, t := range []*tensor.Tensor{a, b} {
			if t.Layout() == layout {
				return t.DenseDim()
			}
		}
	}
	dd := nd
	for _, t := range []*tensor.Tensor{a, b} {
		if t.Layout() != tensor.Strided {
			dd = min(dd, t.DenseDim())
		}
	}
	need := 1
	if layout != tensor.COO && layout != tensor.CSF {
		need = 2
	}
	if nd-dd < need {
		dd = max(0, nd-need)
	}
	return dd
}

// canonicalCOO lists t's stored entries as coalesced COO with dd dense dims.
func canonicalCOO(t *tensor.Tensor, dd int) (*tensor.Tensor, error) {
	if t.Layout() == tensor.Strided {
		return denseCOO(t, dd)
	}
	return convert.CoalescedCOO(t, dd)
}

// denseCOO stores the blocks (over the last dd dims) of a strided tensor
// that hold any element other than +0 bit for bit, so that -0.0 and NaN
// keep their bits, as coalesced COO with fill 0.
func denseCOO(t *tensor.Tensor, dd int) (*tensor.Tensor, error) {
	k := len(t.Dims()) - dd
	bs := dtype.NumelOf(t.Dims()[k:])
	nb := dtype.NumelOf(t.Dims()[:k])
	if bs == 0 {
		nb = 0
	}
	bb := bs * int64(t.DType().Size())
	var keep []int64
	for blk := int64(0); blk < nb; blk++ {
		if !tensor.AllZero(t.Values().Data[blk*bb : (blk+1)*bb]) {
			keep = append(keep, blk)
		}
	}
	e := &tensor.Entries{K: k, N: int64(len(keep)), Coords: keyCoords(keep, t.Dims()[:k]), Src: keep, Vals: tensor.Flat(t.Values()), Block: bs}
	spec := tensor.FormatSpec{Layout: tensor.COO, Shape: slices.Clone(t.Dims()), DenseDim: dd, Block: [2]int64{1, 1}}
	return tensor.BuildFrom(spec, e, t.DType(), make([]byte, t.DType().Size()), 0, false)
}

// linearKeys is the row-major linear index of each entry of a coalesced COO
// tensor over the given leading sizes: sorted, since the entries are.
func linearKeys(t *tensor.Tensor, sizes []int64) []int64 {
	nse := t.Indices().Shape[1]
	keys := make([]int64, nse)
	for d, size := range sizes {
		row := t.Levels()[d].Crd
		if row.DType == dtype.Int32 {
			for i, c := range dtype.AsSlice[int32](row)[:nse] {
				keys[i] = keys[i]*size + int64(c)
			}
		} else {
			for i, c := range dtype.AsSlice[int64](row)[:nse] {
				keys[i] = keys[i]*size + c
			}
		}
	}
	return keys
}

// keyCoords turns linear indices back into per-dimension coordinates.
func keyCoords(keys []int64, sizes []int64) [][]int64 {
	coords := make([][]int64, len(sizes))
	for d := range coords {
		coords[d] = make([]int64, len(keys))
	}
	for i, key := range keys {
		for d := len(sizes) - 1; d >= 0; d-- {
			coords[d][i] = key % sizes[d]
			key /= sizes[d]
		}
	}
	return coords
}

// mergeKeys forms the sorted union of two sorted key lists, with each merged
// key's position in either list (-1 where it is missing).
func mergeKeys(ka, kb []int64) (keys, ia, ib []int64) {
	n := len(ka) + len(kb)
	keys, ia, ib = make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n)
	i, j := 0, 0
	for i < len(ka) || j < len(kb) {
		switch {
		case j >= len(kb) || (i < len(ka) && ka[i] < kb[j]):
			keys, ia, ib = append(keys, ka[i]), append(ia, int64(i)), append(ib, -1)
			i++
		case i >= len(ka) || kb[j] < ka[i]:
			keys, ia, ib = append(keys, kb[j]), append(ia, -1), append(ib, int64(j))
			j++
		default:
			keys, ia, ib = append(keys, ka[i]), append(ia, int64(i)), append(ib, int64(j))
			i, j = i+1, j+1
		}
	}
	return keys, ia, ib
}

// gatherBlocks lays out, for each merged entry, its value block from v (bs
// elements per entry) or, where idx is -1, the fill: one element, or one per
// slot of the block (a per-slot fill).
func gatherBlocks(v vec, idx []int64, fill vec, bs int64) vec {
	out := makeVec(v.dom, len(idx)*int(bs))
	switch v.dom {
	case domInt:
		gather(out.i, v.i, idx, fill.i, bs)
	case domReal:
		gather(out.f, v.f, idx, fill.f, bs)
	default:
		gather(out.c, v.c, idx, fill.c, bs)
	}
	return out
}

func gather[T any](dst, src []T, idx []int64, fill []T, bs int64) {
	for i, j := range idx {
		d := dst[int64(i)*bs : int64(i+1)*bs]
		if j < 0 {
			for k := range d {
				d[k] = fill[k%len(fill)]
			}
		} else {
			copy(d, src[j*bs:(j+1)*bs])
		}
	}
}

// dropFillEntries removes the entries present in one operand only whose
// whole block equals the result fill (mul by a zero fill): they would store
// the fill value itself. Entries of both operands stay, as torch keeps them.
func dropFillEntries(keys, ia, ib []int64, z, fz vec, bs int64) ([]int64, vec) {
	kept := 0
	for i := range keys {
		if ia[i] < 0 || ib[i] < 0 {
			all := true
			for j := int64(i) * bs; j < int64(i+1)*bs && all; j++ {
				all = z.equalAt(int(j), fz, int(j%bs)%fz.len())
			}
			if all {
				continue
			}
		}
		keys[kept] = keys[i]
		copyBlock(z, int64(kept)*bs, int64(i)*bs, bs)
		kept++
	}
	return keys[:kept], sliceVec(z, int64(kept)*bs)
}

// copyBlock moves bs elements of v from src to dst (dst <= src).
func copyBlock(v vec, dst, src, bs int64) {
	switch v.dom {
	case domInt:
		copy(v.i[dst:dst+bs], v.i[src:src+bs])
	case domReal:
		copy(v.f[dst:dst+bs], v.f[src:src+bs])
	default:
		copy(v.c[dst:dst+bs], v.c[src:src+bs])
	}
}

func sliceVec(v vec, n int64) vec {
	switch v.dom {
	case domInt:
		v.i = v.i[:n]
	case domReal:
		v.f = v.f[:n]
	default:
		v.c = v.c[:n]
	}
	return v
}

func iota64(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(i)
	}
	return s
}
