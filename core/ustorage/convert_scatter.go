package ustorage

import (
	"math/bits"
	"slices"
)

// scattered is convert's route for a source that meets the fibers out of
// order (a CSC source into a CSR-like target). Where a coordinate holds one
// slot (inner 1: CSR- and CSC-like targets), every entry is its own
// coordinate, so the counts are pos: a second walk scatters the entries to
// their fibers, and each fiber is sorted where it came out of order (a
// transposition). Otherwise each entry is bucketed by fiber, then each
// fiber's distinct coordinates are marked, prefix-summed into pos, ordered,
// and its entries placed.
func scattered[W any](p *fiberPlan, src *Structure, vals []W, pad W, count, mark []int64, valueSize, limit, work int64, poll func()) (*Structure, []W, error) {
	nvals := int64(len(vals))
	if p.inner != 1 {
		return bucketed(p, src, vals, pad, count, mark, valueSize, limit, work, poll)
	}
	for k := int64(1); k <= p.fibers; k++ {
		count[k] += count[k-1]
	}
	work = addCount(work, p.fibers)
	a, out, _, err := allocateSlots(p, src, count, pad, valueSize, limit, work)
	if err != nil {
		return nil, nil, err
	}
	crd := a.Levels[p.comp].Crd
	next := slices.Clone(count[:p.fibers])
	pl := newPlaced()
	err = walkChunks(src, nvals, p.outer(), poll, func(ch *chunk) {
		p.place(ch, pl)
		cc, at := pl.c[:ch.n], ch.at[:ch.n]
		for k, fb := range pl.fb[:ch.n] {
			q := next[fb]
			next[fb]++
			crd[q], out[q] = cc[k], vals[at[k]]
		}
	})
	if err != nil {
		return nil, nil, err
	}
	var perm []int
	var tmp []int64
	var tmpW []W
	for fb := int64(0); fb < p.fibers; fb++ {
		seg, from := crd[count[fb]:count[fb+1]], out[count[fb]:count[fb+1]]
		for q := 1; q < len(seg); q++ {
			if seg[q-1] < seg[q] {
				continue
			}
			perm, tmp, tmpW = sortPairs(seg, from, perm, tmp, tmpW)
			break
		}
		for q := 1; q < len(seg); q++ {
			if seg[q-1] == seg[q] {
				return nil, nil, p.duplicate(count[fb] + int64(q))
			}
		}
		if poll != nil && fb&pollMask == 0 {
			poll()
		}
	}
	p.shift(crd)
	return a, out, nil
}

// sortPairs sorts seg, carrying from along, with perm, tmp and tmpW as
// reusable buffers (returned grown).
func sortPairs[W any](seg []int64, from []W, perm []int, tmp []int64, tmpW []W) ([]int, []int64, []W) {
	m := len(seg)
	perm = slices.Grow(perm[:0], m)[:m]
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(x, y int) int { return int(seg[x] - seg[y]) })
	tmp = slices.Grow(tmp[:0], m)[:m]
	tmpW = slices.Grow(tmpW[:0], m)[:m]
	for j, i := range perm {
		tmp[j], tmpW[j] = seg[i], from[i]
	}
	copy(seg, tmp)
	copy(from, tmpW)
	return perm, tmp, tmpW
}

// bucketed is scattered's route for blocks of inner slots: a second walk
// places each entry in its fiber's bucket (a stable counting sort by
// fiber), then each fiber's distinct coordinates are marked, prefix-summed
// into pos, ordered, and its entries placed.
func bucketed[W any](p *fiberPlan, src *Structure, vals []W, pad W, count, mark []int64, valueSize, limit, work int64, poll func()) (*Structure, []W, error) {
	nvals := int64(len(vals))
	for k := int64(1); k <= p.fibers; k++ {
		count[k] += count[k-1]
	}
	n := count[p.fibers]
	// Three arrays of the entries, the distinct coordinates met and next.
	work = addCount(addCount(work, mulCount(n, 4)), p.fibers)
	if bytesFor(work, 0, 8) > limit {
		return nil, nil, tooLarge("the conversion's working arrays", p.f, work, 0, 8, limit)
	}
	next := slices.Clone(count[:p.fibers])
	crds, below, from := make([]int64, n), make([]int64, n), make([]int64, n)
	pl := newPlaced()
	err := walkChunks(src, nvals, p.outer(), poll, func(ch *chunk) {
		p.place(ch, pl)
		for k, fb := range pl.fb[:ch.n] {
			q := next[fb]
			next[fb]++
			crds[q], below[q], from[q] = pl.c[k], pl.below[k], ch.at[k]
		}
	})
	if err != nil {
		return nil, nil, err
	}
	for i := range mark {
		mark[i] = -1
	}
	pos := make([]int64, 1, p.fibers+1)
	met := make([]int64, 0, n)
	for fb := int64(0); fb < p.fibers; fb++ {
		for _, c := range crds[count[fb]:count[fb+1]] {
			if mark[c] != fb {
				mark[c] = fb
				met = append(met, c)
			}
		}
		pos = append(pos, int64(len(met)))
		if poll != nil && fb&pollMask == 0 {
			poll()
		}
	}
	a, out, seen, err := allocateSlots(p, src, pos, pad, valueSize, limit, work)
	if err != nil {
		return nil, nil, err
	}
	crd := a.Levels[p.comp].Crd
	copy(crd, met)
	for fb := int64(0); fb < p.fibers; fb++ {
		p.order(crd[pos[fb]:pos[fb+1]], mark, -fb-2)
		for q := pos[fb]; q < pos[fb+1]; q++ {
			mark[crd[q]] = q
		}
		for k := count[fb]; k < count[fb+1]; k++ {
			slot := mark[crds[k]]*p.inner + below[k]
			w, bit := slot>>6, uint64(1)<<(slot&63)
			if seen[w]&bit != 0 {
				return nil, nil, p.duplicate(slot)
			}
			seen[w] |= bit
			out[slot] = vals[from[k]]
		}
	}
	p.shift(crd)
	return a, out, nil
}

// order sorts one fiber's distinct coordinates (from 0): a check where they
// came in order, a scan of the marks (stamped) where the fiber holds many
// of the span's coordinates (a CCOL's one fiber), else a sort.
func (p *fiberPlan) order(seg, mark []int64, stamp int64) {
	sorted := true
	for q := 1; q < len(seg) && sorted; q++ {
		sorted = seg[q-1] < seg[q]
	}
	if sorted {
		return
	}
	if n := int64(len(seg)); n*int64(bits.Len64(uint64(n))) > p.span {
		for _, c := range seg {
			mark[c] = stamp
		}
		q := 0
		for c, m := range mark {
			if m == stamp {
				seg[q] = int64(c)
				q++
			}
		}
		return
	}
	slices.Sort(seg)
}
