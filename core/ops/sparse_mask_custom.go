package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// sparseMaskCustom is SparseMask by a custom-format mask of a format with
// unique coordinates: the result is in the mask's format (torch's result
// has the mask's layout), its structure shared with the mask's (tensors
// are immutable), each slot inside the tensor holding t's element at its
// coordinates and the padding the result's fill, zero, as SparseMask's
// COO result has. t is read as SparseMask reads it: sparse by a lookup in
// its coalesced entries where its dense form would be large, else dense.
// ok is false for any other mask, or a t with dense dims whose dense form
// is not cheap (SparseMask's route).
func sparseMaskCustom(t, mask *tensor.Tensor) (*tensor.Tensor, bool, error) {
	if mask.Layout() != tensor.Custom {
		return nil, false, nil
	}
	u, err := mask.USTStorage()
	if err != nil || !u.Format.IsUnique() {
		return nil, false, nil
	}
	sparse := t.Layout() != tensor.Strided && !denseIsCheap(t, mask.NNZ())
	if sparse && t.DenseDim() != 0 {
		return nil, false, nil
	}
	es := int64(t.DType().Size())
	n := u.Values.Numel()
	if err := errs.CheckAlloc("sparse_mask", n, int(es)); err != nil {
		return nil, true, err
	}
	vals := dtype.NewArray(t.DType(), []int64{n}) // zeros: the padding holds the result's fill
	var read func(at []int64) []byte
	if sparse {
		c, err := coalescedCOO(t)
		if err != nil {
			return nil, true, err
		}
		read = entryReader(c, t.FillElem())
	} else {
		src := t
		if t.Layout() != tensor.Strided || t.DenseDim() != 0 {
			if src, err = convert.ToDense(t); err != nil {
				return nil, true, err
			}
		}
		st, data := denseStrides(t.Dims()), src.Values().Data
		read = func(at []int64) []byte {
			off := int64(0)
			for d, x := range at {
				off += x * st[d]
			}
			return data[off*es : (off+1)*es]
		}
	}
	err = walkElements(mask, u, func(at []int64, p int64) { copy(vals.Data[p*es:(p+1)*es], read(at)) })
	if err != nil {
		return nil, true, err
	}
	r, err := tensor.CustomWithValues(mask, vals, make([]byte, es))
	return r, true, err
}

// entryReader reads c's element at coordinates at (over all its dims, c
// without dense dims) by a binary search of its coalesced, sorted
// coordinates, within the run of its first coordinate (a row pointer over
// dim 0, where that dim is not much longer than the entries); a
// coordinate c does not store reads fill.
func entryReader(c *convert.CooEntries, fill []byte) func(at []int64) []byte {
	es := int64(c.Vals.DType.Size())
	nse := c.Nse()
	var start []int64 // start[i]: the first entry of row i
	if len(c.Shape) > 0 && c.Shape[0] <= 4*nse+1024 {
		rows := c.Shape[0]
		start = make([]int64, rows+1)
		for _, r := range c.Coords[0] {
			start[r+1]++
		}
		for i := range rows {
			start[i+1] += start[i]
		}
	}
	return func(at []int64) []byte {
		lo, hi := int64(0), nse
		if start != nil {
			lo, hi = start[at[0]], start[at[0]+1]
		}
		for lo < hi { // the first entry not before at
			mid := int64(uint64(lo+hi) >> 1)
			if entryBefore(c.Coords, mid, at) {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < nse && entryAt(c.Coords, lo, at) {
			return c.Vals.Data[lo*es : (lo+1)*es]
		}
		return fill
	}
}

// entryBefore reports whether entry e of coords comes before at in
// row-major order.
func entryBefore(coords [][]int64, e int64, at []int64) bool {
	for d, x := range at {
		if y := coords[d][e]; y != x {
			return y < x
		}
	}
	return false
}

// entryAt reports whether entry e of coords is at.
func entryAt(coords [][]int64, e int64, at []int64) bool {
	for d, x := range at {
		if coords[d][e] != x {
			return false
		}
	}
	return true
}
