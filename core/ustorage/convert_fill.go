package ustorage

import (
	"fmt"
	"slices"
)

// convert counts, prefix-sums and fills. The count walk counts the entries
// of each fiber and, while the source meets the fibers in order (a CSR
// source into a CSR-, BSR- or DIA-like target, a DIA source walked row by
// row), the distinct coordinates of each; the fill walk then gives each
// fiber's coordinates their places in crd as they first appear, places
// every entry, and sorts a fiber whose coordinates came out of order
// (moving their blocks of slots with them). One fiber (DIA, CCOL) is
// ordered before the fill by a scan of its marks. A source whose order
// disagrees is scattered by fiber instead (scattered).
func fiberConvert[W any](p *fiberPlan, src *Structure, vals []W, pad W, valueSize, limit int64, poll func()) (*Structure, []W, error) {
	nvals := int64(len(vals))
	if p.comp < 0 {
		return denseConvert(p, src, vals, pad, valueSize, limit, poll)
	}
	// The fiber counts and pos, and the coordinate marks.
	work := addCount(mulCount(p.fibers+1, 2), p.span)
	if bytesFor(work, 0, 8) > limit {
		return nil, nil, tooLarge("the conversion's working arrays", p.f, work, 0, 8, limit)
	}
	count := make([]int64, p.fibers+1)
	pos := make([]int64, p.fibers+1)
	mark := make([]int64, p.span)
	for i := range mark {
		mark[i] = -1
	}
	pl := newPlaced()
	grouped, last := true, int64(0)
	outer := p.outer()
	err := walkChunks(src, nvals, outer, poll, func(ch *chunk) {
		p.placeCount(ch, pl)
		cc := pl.c[:ch.n]
		if p.fibers == 1 { // DIA, CCOL: only the marks
			count[1] += int64(ch.n)
			for _, c := range cc {
				if mark[c] != 0 {
					mark[c] = 0
					pos[1]++
				}
			}
			return
		}
		for k, fb := range pl.fb[:ch.n] {
			count[fb+1]++
			grouped = grouped && fb >= last
			last = fb
			if grouped && mark[cc[k]] != fb {
				mark[cc[k]] = fb
				pos[fb+1]++
			}
		}
	})
	if err != nil {
		return nil, nil, err
	}
	if !grouped {
		return scattered(p, src, vals, pad, count, mark, valueSize, limit, work, poll)
	}
	for k := int64(1); k <= p.fibers; k++ {
		pos[k] += pos[k-1]
	}
	a, out, seen, err := allocateSlots(p, src, pos, pad, valueSize, limit, work)
	if err != nil {
		return nil, nil, err
	}
	crd := a.Levels[p.comp].Crd
	if p.fibers == 1 {
		// Rank the one fiber's coordinates in order: the fill then finds
		// every coordinate placed.
		q := int64(0)
		for c, m := range mark {
			if m == 0 {
				crd[q], mark[c] = int64(c), q
				q++
			}
		}
	} else {
		for i := range mark {
			mark[i] = -1
		}
	}
	s := settler[W]{p: p, crd: crd, out: out}
	cur, next, first, dup := int64(-1), int64(0), int64(0), int64(-1)
	err = walkChunks(src, nvals, outer, poll, func(ch *chunk) {
		p.place(ch, pl)
		n := ch.n
		cc, below, at := pl.c[:n], pl.below[:n], ch.at[:n]
		if p.fibers == 1 { // every coordinate ranked already
			for k, c := range cc {
				slot := mark[c]*p.inner + below[k]
				w, bit := slot>>6, uint64(1)<<(slot&63)
				if seen[w]&bit != 0 {
					dup = slot
				}
				seen[w] |= bit
				out[slot] = vals[at[k]]
			}
			return
		}
		for k, fb := range pl.fb[:n] {
			if fb != cur {
				if cur >= 0 {
					s.settle(pos[cur], pos[cur+1])
				}
				cur, next, first = fb, pos[fb], pos[fb]
			}
			c := cc[k]
			q := mark[c]
			if q < first { // the fiber's first entry at c
				q, mark[c] = next, next
				crd[q] = c
				next++
			}
			slot := q*p.inner + below[k]
			w, bit := slot>>6, uint64(1)<<(slot&63)
			if seen[w]&bit != 0 {
				dup = slot
			}
			seen[w] |= bit
			out[slot] = vals[at[k]]
		}
	})
	if err != nil {
		return nil, nil, err
	}
	if cur >= 0 {
		s.settle(pos[cur], pos[cur+1])
	}
	if dup >= 0 {
		return nil, nil, p.duplicate(dup)
	}
	p.shift(crd)
	return a, out, nil
}

// settler sorts a fiber's coordinates, placed in crd in the order they
// first appeared, moving each coordinate's block of inner slots with it.
// Its buffers grow to the largest fiber's distinct coordinates.
type settler[W any] struct {
	p     *fiberPlan
	crd   []int64
	out   []W
	perm  []int
	done  []bool
	block []W
}

// settle orders crd[lo:hi] and its blocks of slots.
func (s *settler[W]) settle(lo, hi int64) {
	seg := s.crd[lo:hi]
	sorted := true
	for q := 1; q < len(seg) && sorted; q++ {
		sorted = seg[q-1] < seg[q]
	}
	if sorted {
		return
	}
	m := len(seg)
	inner := s.p.inner
	slots := s.out[lo*inner : hi*inner]
	s.block = slices.Grow(s.block[:0], int(inner))[:inner]
	if m <= 32 { // a BSR block row: insertion sort, blocks moving with their coordinates
		for j := 1; j < m; j++ {
			c := seg[j]
			if seg[j-1] < c {
				continue
			}
			copy(s.block, slots[int64(j)*inner:int64(j+1)*inner])
			k := j
			for ; k > 0 && seg[k-1] > c; k-- {
				seg[k] = seg[k-1]
			}
			copy(slots[int64(k+1)*inner:int64(j+1)*inner], slots[int64(k)*inner:int64(j)*inner])
			seg[k] = c
			copy(slots[int64(k)*inner:int64(k+1)*inner], s.block)
		}
		return
	}
	s.perm = slices.Grow(s.perm[:0], m)[:m]
	for i := range s.perm {
		s.perm[i] = i
	}
	slices.SortFunc(s.perm, func(x, y int) int { return int(seg[x] - seg[y]) })
	// perm[j] is the old place of the coordinate that goes to place j:
	// follow each cycle, holding one block aside.
	s.done = slices.Grow(s.done[:0], m)[:m]
	clear(s.done)
	for j := range m {
		if s.done[j] || s.perm[j] == j {
			continue
		}
		c := seg[j]
		copy(s.block, slots[int64(j)*inner:int64(j+1)*inner])
		k := j
		for s.perm[k] != j {
			from := s.perm[k]
			seg[k] = seg[from]
			copy(slots[int64(k)*inner:int64(k+1)*inner], slots[int64(from)*inner:int64(from+1)*inner])
			s.done[k] = true
			k = from
		}
		seg[k] = c
		copy(slots[int64(k)*inner:int64(k+1)*inner], s.block)
		s.done[k] = true
	}
}

// allocateSlots checks the storage of pos and its crd against the limit
// and makes it: the structure (pos, crd pos's last entry long), every value
// slot pad, and a bit per slot (set as the fill places an entry there, so
// that a second entry at one slot is refused).
func allocateSlots[W any](p *fiberPlan, src *Structure, pos []int64, pad W, valueSize, limit, work int64) (*Structure, []W, []uint64, error) {
	nc := pos[len(pos)-1]
	slots := mulCount(nc, p.inner)
	idx := addCount(addCount(p.fibers+1, nc), slots/64+1)
	if bytesFor(addCount(idx, work), slots, valueSize) > limit {
		return nil, nil, nil, tooLarge("the storage", p.f, idx, slots, valueSize, limit)
	}
	out := padded(slots, pad)
	levels := make([]LevelArrays[int64], len(p.f.Levels))
	for l := range levels {
		levels[l] = LevelArrays[int64]{Pos: []int64{}, Crd: []int64{}}
	}
	levels[p.comp] = LevelArrays[int64]{Pos: pos, Crd: make([]int64, nc)}
	s := &Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return s, out, make([]uint64, slots/64+1), nil
}

// shift turns the compressed coordinates, counted from lo, into the level's.
func (p *fiberPlan) shift(crd []int64) {
	if p.lo != 0 {
		for q := range crd {
			crd[q] += p.lo
		}
	}
}

// duplicate is the error for a source holding two entries at one slot.
func (p *fiberPlan) duplicate(slot int64) error {
	return fmt.Errorf("ustorage: the source stores two entries at level coordinates of slot %d of %s: convert a source with distinct coordinates", slot, p.f)
}

// denseConvert places every entry of a target of dense levels only at its
// linear slot.
func denseConvert[W any](p *fiberPlan, src *Structure, vals []W, pad W, valueSize, limit int64, poll func()) (*Structure, []W, error) {
	if bytesFor(0, p.fibers, valueSize) > limit {
		return nil, nil, tooLarge("the storage", p.f, 0, p.fibers, valueSize, limit)
	}
	out := padded(p.fibers, pad)
	pl := newPlaced()
	err := walkChunks(src, int64(len(vals)), p.outer(), poll, func(ch *chunk) {
		p.place(ch, pl)
		for k, fb := range pl.fb[:ch.n] {
			out[fb] = vals[ch.at[k]]
		}
	})
	if err != nil {
		return nil, nil, err
	}
	levels := make([]LevelArrays[int64], len(p.f.Levels))
	s := &Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return s, out, nil
}
