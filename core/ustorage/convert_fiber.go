package ustorage

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// fiberPlan is Convert's count, prefix-sum, fill route for a target whose
// levels are dense levels (the prefix), at most one unique compressed
// level, then dense and range levels (the suffix). An entry's prefix
// coordinates give its fiber (the compressed level's parent position), its
// compressed coordinate a rank among the fiber's distinct ones, and its
// suffix coordinates its offset inside that coordinate's block of inner
// slots, so no level below the compressed one needs a sort.
type fiberPlan struct {
	x     *format.Indexer
	f     format.Format
	sizes []int64
	comp  int   // the compressed level; -1 when every level is dense
	lo    int64 // the compressed level's lowest coordinate (1 - rows for j - i)
	span  int64 // how many coordinates it can hold
	// fibers is the prefix levels' extents multiplied (every level's, when
	// comp < 0); inner the suffix levels'.
	fibers, inner int64
}

// newFiberPlan returns the plan for f (x's format, of level sizes sizes over
// shape), or false where f is not of the plan's form.
func newFiberPlan(x *format.Indexer, sizes, shape []int64) (*fiberPlan, bool) {
	f := x.Format()
	p := &fiberPlan{x: x, f: f, sizes: sizes, comp: -1, fibers: 1, inner: 1}
	for l, lv := range f.Levels {
		switch {
		case lv.Kind == format.Compressed && !lv.Nonunique && p.comp < 0:
			p.comp = l
			p.lo, p.span = 0, sizes[l]
			if lv.Expr.Op == format.OpSub {
				p.lo = 1 - shape[f.DimIndex(lv.Expr.B)]
				p.span = shape[f.DimIndex(lv.Expr.A)] - p.lo
			}
		case lv.Kind == format.Dense && p.comp < 0:
			p.fibers = mulCount(p.fibers, sizes[l])
		case (lv.Kind == format.Dense || lv.Kind == format.Range) && p.comp >= 0:
			p.inner = mulCount(p.inner, sizes[l])
		default:
			return nil, false
		}
	}
	return p, p.fibers < maxCount && p.inner < maxCount && p.span >= 0
}

// locate splits level coordinates into fiber, compressed coordinate (from
// lo) and offset below it.
func (p *fiberPlan) locate(lvl []int64) (fiber, c, below int64) {
	for l, v := range lvl {
		switch {
		case l == p.comp:
			c = v - p.lo
		case p.comp < 0 || l < p.comp:
			fiber = fiber*p.sizes[l] + v
		default:
			below = below*p.sizes[l] + v
		}
	}
	return fiber, c, below
}

// fiberEntries are the walked entries, grouped by fiber after bucket.
type fiberEntries struct {
	fiber, crd, below, from []int64
	grouped                 bool // the walk met the fibers in order
}

func (p *fiberPlan) convert(src *Structure, nvals int64, valueSize, limit int64, poll func()) (*Arrangement, error) {
	if p.comp < 0 {
		return p.convertDense(src, nvals, valueSize, limit, poll)
	}
	// The entries' four arrays, a second copy of three when bucketing,
	// the fiber counts and the coordinate marks.
	work := addCount(addCount(mulCount(nvals, 7), p.fibers), addCount(p.span, 1))
	if bytesFor(work, 0, 8) > limit {
		return nil, tooLarge("the source's entries", p.f, work, 0, 8, limit)
	}
	e, count, err := p.walk(src, nvals, poll)
	if err != nil {
		return nil, err
	}
	// Prefix-sum the counts into the fibers' starts; bucket where the
	// source's order disagrees (stable, so each fiber keeps walk order).
	for k := int64(1); k <= p.fibers; k++ {
		count[k] += count[k-1]
	}
	if !e.grouped {
		e.bucket(count, poll)
	}
	// Count: the distinct coordinates of each fiber, marked with the
	// fiber's number, prefix-summed into pos.
	mark := make([]int64, p.span)
	for i := range mark {
		mark[i] = -1
	}
	pos := make([]int64, p.fibers+1)
	for fb := int64(0); fb < p.fibers; fb++ {
		n := int64(0)
		for _, c := range e.crd[count[fb]:count[fb+1]] {
			if mark[c] != fb {
				mark[c] = fb
				n++
			}
		}
		pos[fb+1] = pos[fb] + n
		if poll != nil && fb&pollMask == 0 {
			poll()
		}
	}
	nc := pos[p.fibers]
	slots := mulCount(nc, p.inner)
	idx := addCount(p.fibers+1, nc)
	if bytesFor(addCount(idx, work), slots, max(valueSize, 8)) > limit {
		return nil, tooLarge("the storage", p.f, idx, slots, max(valueSize, 8), limit)
	}
	crd := make([]int64, nc)
	source := make([]int64, slots)
	for i := range source {
		source[i] = -1
	}
	// Fill: each fiber's coordinates in order, their ranks in mark, then
	// every entry at its slot.
	for fb := int64(0); fb < p.fibers; fb++ {
		seg := crd[pos[fb]:pos[fb+1]]
		p.distinct(e.crd[count[fb]:count[fb+1]], mark, seg, -fb-2) // below -1, the unmarked value
		for q, c := range seg {
			mark[c] = pos[fb] + int64(q)
			seg[q] = c + p.lo
		}
		for k := count[fb]; k < count[fb+1]; k++ {
			slot := mark[e.crd[k]]*p.inner + e.below[k]
			if source[slot] >= 0 {
				return nil, fmt.Errorf("ustorage: the source stores two entries at level coordinates of slot %d of %s: convert a source with distinct coordinates", slot, p.f)
			}
			source[slot] = e.from[k]
		}
		if poll != nil && fb&pollMask == 0 {
			poll()
		}
	}
	levels := make([]Level, len(p.f.Levels))
	levels[p.comp] = Level{Pos: pos, Crd: crd}
	s := Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return &Arrangement{Structure: s, Source: source}, nil
}

// distinct writes the distinct coordinates of one fiber (crds, holding
// coordinates from 0) in ascending order into seg, marking each with stamp:
// by a sort of the distinct ones, or by a scan of the marks where the fiber
// holds many of the span's coordinates (a CCOL's one fiber).
func (p *fiberPlan) distinct(crds, mark, seg []int64, stamp int64) {
	q := 0
	sorted := true
	for _, c := range crds {
		if mark[c] != stamp {
			mark[c] = stamp
			sorted = sorted && (q == 0 || seg[q-1] < c)
			seg[q] = c
			q++
		}
	}
	if sorted {
		return
	}
	if n := int64(len(seg)); n*int64(bits.Len64(uint64(n))) > p.span {
		q = 0
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

// walk lists the source's entries as fiber, compressed coordinate, offset
// below and source value index, counting the entries of each fiber (in
// count[fiber+1]).
func (p *fiberPlan) walk(src *Structure, nvals int64, poll func()) (*fiberEntries, []int64, error) {
	e := &fiberEntries{
		fiber: make([]int64, 0, nvals), crd: make([]int64, 0, nvals),
		below: make([]int64, 0, nvals), from: make([]int64, 0, nvals), grouped: true,
	}
	count := make([]int64, p.fibers+1)
	lvl := make([]int64, len(p.f.Levels))
	last := int64(0)
	err := eachEntry(src, nvals, func(dim []int64, at int64) {
		if poll != nil && len(e.from)&pollMask == 0 {
			poll()
		}
		p.x.DimToLvl(dim, lvl)
		fb, c, below := p.locate(lvl)
		e.grouped = e.grouped && fb >= last
		last = fb
		count[fb+1]++
		e.fiber = append(e.fiber, fb)
		e.crd = append(e.crd, c)
		e.below = append(e.below, below)
		e.from = append(e.from, at)
	})
	return e, count, err
}

// bucket groups the entries by fiber, stable: start holds each fiber's
// first index (prefix-summed counts).
func (e *fiberEntries) bucket(start []int64, poll func()) {
	n := len(e.from)
	next := slices.Clone(start)
	crd, below, from := make([]int64, n), make([]int64, n), make([]int64, n)
	for k, fb := range e.fiber {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		at := next[fb]
		next[fb]++
		crd[at], below[at], from[at] = e.crd[k], e.below[k], e.from[k]
	}
	e.crd, e.below, e.from = crd, below, from
}

// convertDense places every entry of a target of dense levels only at its
// linear slot.
func (p *fiberPlan) convertDense(src *Structure, nvals int64, valueSize, limit int64, poll func()) (*Arrangement, error) {
	if bytesFor(0, p.fibers, max(valueSize, 8)) > limit {
		return nil, tooLarge("the storage", p.f, 0, p.fibers, max(valueSize, 8), limit)
	}
	source := make([]int64, p.fibers)
	for i := range source {
		source[i] = -1
	}
	lvl := make([]int64, len(p.f.Levels))
	k := 0
	err := eachEntry(src, nvals, func(dim []int64, at int64) {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		k++
		p.x.DimToLvl(dim, lvl)
		fb, _, _ := p.locate(lvl)
		source[fb] = at
	})
	if err != nil {
		return nil, err
	}
	levels := make([]Level, len(p.f.Levels))
	s := Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return &Arrangement{Structure: s, Source: source}, nil
}
