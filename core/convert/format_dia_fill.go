package convert

import (
	"sync/atomic"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// diaMove is how a CSR or CSC matrix's entries land in a DIA storage
// (csrToDIA): entry k of outer index o (a row of CSR, a column of CSC) and
// inner coordinate c lies on diagonal sign * (c - o), whose rank is read at
// that offset plus bias in rank (1 + the rank; 0 where absent), and its
// slot is (rank - 1) * stride plus o where outerAt, else c. Along one
// diagonal the slot's position is o + shift(offset): the outer indices of a
// row range own a range of slots on every diagonal, so row ranges write
// disjoint slots and run in parallel with fixed boundaries, the same bits
// at any thread count.
type diaMove struct {
	sign, bias, stride int64
	outerAt            bool
	bounds             []int // the parts' outer index ranges (parallel.SplitByWeight over pos)
}

// newDIAMove splits the outer indices of pos into parts of about equal
// entries (parallel.Parts of its entries).
func newDIAMove[I int32 | int64](pos []I, sign, bias, stride int64, outerAt bool) *diaMove {
	parts := parallel.Parts(int64(pos[len(pos)-1]))
	return &diaMove{sign: sign, bias: bias, stride: stride, outerAt: outerAt, bounds: parallel.SplitByWeight(pos, parts)}
}

// run calls f(part, lo, hi) over each part's outer index range, in
// parallel, in steps that poll the caller's cancel token; an empty part is
// called once with an empty range (the first and last parts own the slots
// outside the outer indices, fillOwned).
func (m *diaMove) run(f func(part, lo, hi int)) {
	tok := cancel.Current()
	parallel.For(len(m.bounds)-1, func(p int) {
		o0, o1 := m.bounds[p], m.bounds[p+1]
		if o0 == o1 {
			f(p, o0, o1)
			return
		}
		cancel.InSteps(tok, o1-o0, func(lo, hi int) { f(p, o0+lo, o0+hi) })
	})
}

// markDiagonals sets rank[offset + bias] to 1 for every entry's diagonal.
// Parts mark the same diagonals: a mark is read before it is written, so a
// band's few diagonals cost a load an entry, and the writes are atomic.
func markDiagonals[I int32 | int64](m *diaMove, pos, crd []I, rank []int32) {
	sign, bias := m.sign, m.bias
	m.run(func(_, lo, hi int) {
		for o := int64(lo); o < int64(hi); o++ {
			for _, c := range crd[pos[o]:pos[o+1]] {
				r := &rank[sign*(int64(c)-o)+bias]
				if atomic.LoadInt32(r) == 0 {
					atomic.StoreInt32(r, 1)
				}
			}
		}
	})
}

// fillDiagonals writes the values into vals (len(offsets) * stride slots,
// zero): each part fills the slots it owns with fill, unless fill is zero,
// and moves its entries into theirs, values moved as words of the dtype's
// size.
func fillDiagonals[I int32 | int64](m *diaMove, pos, crd []I, rank []int32, offsets []int64, src, vals dtype.Array, fill []byte) {
	switch src.DType.Size() {
	case 1:
		fillDiagonalsAs[I, uint8](m, pos, crd, rank, offsets, src, vals, fill)
	case 2:
		fillDiagonalsAs[I, uint16](m, pos, crd, rank, offsets, src, vals, fill)
	case 4:
		fillDiagonalsAs[I, uint32](m, pos, crd, rank, offsets, src, vals, fill)
	case 8:
		fillDiagonalsAs[I, uint64](m, pos, crd, rank, offsets, src, vals, fill)
	default:
		fillDiagonalsAs[I, [2]uint64](m, pos, crd, rank, offsets, src, vals, fill)
	}
}

// fillDiagonalsAs is fillDiagonals over the word type W.
func fillDiagonalsAs[I int32 | int64, W uint8 | uint16 | uint32 | uint64 | [2]uint64](m *diaMove, pos, crd []I, rank []int32, offsets []int64, src, vals dtype.Array, fill []byte) {
	from, to := dtype.AsSlice[W](src), dtype.AsSlice[W](vals)
	padded := len(fill) > 0 && !tensor.AllZero(fill)
	var fw W
	if padded {
		fw = dtype.AsSlice[W](dtype.Array{Data: fill})[0]
	}
	last := len(m.bounds) - 2
	sign, bias, stride, outerAt := m.sign, m.bias, m.stride, m.outerAt
	m.run(func(p, lo, hi int) {
		if padded {
			fillOwned(m, to, fw, offsets, p == 0 && lo == m.bounds[0], p == last && hi == m.bounds[last+1], lo, hi)
		}
		for o := int64(lo); o < int64(hi); o++ {
			for k := int64(pos[o]); k < int64(pos[o+1]); k++ {
				c := int64(crd[k])
				at := c
				if outerAt {
					at = o
				}
				to[(int64(rank[sign*(c-o)+bias])-1)*stride+at] = from[k]
			}
		}
	})
}

// fillOwned sets to fw the slots of outer indices [lo, hi) on every
// diagonal (positions lo + shift to hi + shift), the range open below where
// below (the first part's first step) and above where above (the last
// part's last step), so that every slot of a diagonal has one owner: DIA-J
// of CSR holds slots before row 0 and past the last row.
func fillOwned[W uint8 | uint16 | uint32 | uint64 | [2]uint64](m *diaMove, to []W, fw W, offsets []int64, below, above bool, lo, hi int) {
	for d, off := range offsets {
		shift := int64(0)
		if !m.outerAt {
			shift = m.sign * off
		}
		a, b := int64(lo)+shift, int64(hi)+shift
		if below {
			a = 0
		}
		if above {
			b = m.stride
		}
		a, b = max(a, 0), min(b, m.stride)
		if a < b {
			base := int64(d) * m.stride
			fillWords(to[base+a:base+b], fw)
		}
	}
}

// fillWords sets every word of s to w.
func fillWords[W uint8 | uint16 | uint32 | uint64 | [2]uint64](s []W, w W) {
	for k := range s {
		s[k] = w
	}
}
