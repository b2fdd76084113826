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
	f     format.Format
	sizes []int64
	comp  int   // the compressed level; -1 when every level is dense
	lo    int64 // the compressed level's lowest coordinate (1 - rows for j - i)
	span  int64 // how many coordinates it can hold
	// fibers is the prefix levels' extents multiplied (every level's, when
	// comp < 0); inner the suffix levels'.
	fibers, inner int64
	maps          []levelMap
}

// newFiberPlan returns the plan for f (x's format, of level sizes sizes over
// shape), or false where f is not of the plan's form.
func newFiberPlan(x *format.Indexer, sizes, shape []int64) (*fiberPlan, bool) {
	f := x.Format()
	p := &fiberPlan{f: f, sizes: sizes, comp: -1, fibers: 1, inner: 1}
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
	p.mapLevels()
	return p, p.fibers < maxCount && p.inner < maxCount && p.span >= 0
}

// levelMap is one target level's coordinate as a function of the
// dimension coordinates (format.Indexer's map, inlined into place) and
// what the level is to the plan.
type levelMap struct {
	op   format.Op
	a, b int
	c    int64 // the constant of d / c and d % c
	size int64
	role int8 // -1 the prefix, 0 the compressed level, 1 the suffix
}

// mapLevels builds the plan's per-level maps.
func (p *fiberPlan) mapLevels() {
	p.maps = make([]levelMap, len(p.f.Levels))
	for l, lv := range p.f.Levels {
		m := levelMap{op: lv.Expr.Op, a: p.f.DimIndex(lv.Expr.A), c: lv.Expr.C, size: p.sizes[l], role: 1}
		if lv.Expr.B != "" {
			m.b = p.f.DimIndex(lv.Expr.B)
		}
		switch {
		case l == p.comp:
			m.role = 0
		case p.comp < 0 || l < p.comp:
			m.role = -1
		}
		p.maps[l] = m
	}
}

// place maps an entry's dimension coordinates to its fiber, compressed
// coordinate (from lo) and offset below it: DimToLvl and the split in one
// pass.
func (p *fiberPlan) place(dim []int64) (fiber, c, below int64) {
	for _, m := range p.maps {
		var v int64
		switch m.op {
		case format.OpDim:
			v = dim[m.a]
		case format.OpAdd:
			v = dim[m.a] + dim[m.b]
		case format.OpSub:
			v = dim[m.a] - dim[m.b]
		case format.OpDiv:
			v = dim[m.a] / m.c
		case format.OpMod:
			v = dim[m.a] % m.c
		}
		switch m.role {
		case -1:
			fiber = fiber*m.size + v
		case 0:
			c = v - p.lo
		default:
			below = below*m.size + v
		}
	}
	return fiber, c, below
}

// convert counts, prefix-sums and fills. The count walk counts the entries
// of each fiber and, while the source meets the fibers in order (a CSR
// source into a CSR-, BSR- or DIA-like target), marks each fiber's distinct
// coordinates; the fill walk then places every entry at its slot. A source
// whose order disagrees is bucketed by fiber instead (bucketed).
func (p *fiberPlan) convert(src *Structure, nvals int64, valueSize, limit int64, poll func()) (*Arrangement, error) {
	if p.comp < 0 {
		return p.convertDense(src, nvals, valueSize, limit, poll)
	}
	// The fiber counts and pos, the coordinate marks, the distinct
	// coordinates met, and where the order disagrees three arrays of the
	// entries.
	work := addCount(addCount(mulCount(nvals, 4), mulCount(p.fibers+1, 2)), p.span)
	if bytesFor(work, 0, 8) > limit {
		return nil, tooLarge("the conversion's working arrays", p.f, work, 0, 8, limit)
	}
	count := make([]int64, p.fibers+1)
	pos := make([]int64, p.fibers+1)
	mark := make([]int64, p.span)
	for i := range mark {
		mark[i] = -1
	}
	var met []int64
	grouped, last, n := true, int64(0), int64(0)
	err := eachEntry(src, nvals, func(dim []int64, _ int64) {
		if poll != nil && n&pollMask == 0 {
			poll()
		}
		n++
		fb, c, _ := p.place(dim)
		count[fb+1]++
		grouped = grouped && fb >= last
		last = fb
		if grouped && mark[c] != fb {
			mark[c] = fb
			pos[fb+1]++
			met = append(met, c)
		}
	})
	if err != nil {
		return nil, err
	}
	if !grouped {
		return p.bucketed(src, nvals, count, mark, valueSize, limit, work, poll)
	}
	for k := int64(1); k <= p.fibers; k++ {
		pos[k] += pos[k-1]
	}
	a, err := p.allocate(src, pos, met, valueSize, limit, work)
	if err != nil {
		return nil, err
	}
	crd, source := a.Levels[p.comp].Crd, a.Source
	for fb := int64(0); fb < p.fibers; fb++ {
		p.order(crd[pos[fb]:pos[fb+1]], mark, -fb-2)
	}
	// Fill: on entering a fiber, its coordinates' ranks go in mark.
	cur, dup := int64(-1), int64(-1)
	n = 0
	err = eachEntry(src, nvals, func(dim []int64, at int64) {
		if poll != nil && n&pollMask == 0 {
			poll()
		}
		n++
		fb, c, below := p.place(dim)
		if fb != cur {
			cur = fb
			for q := pos[fb]; q < pos[fb+1]; q++ {
				mark[crd[q]] = q
			}
		}
		slot := mark[c]*p.inner + below
		if source[slot] >= 0 {
			dup = slot
		}
		source[slot] = at
	})
	if err != nil {
		return nil, err
	}
	if dup >= 0 {
		return nil, p.duplicate(dup)
	}
	p.shift(crd)
	return a, nil
}

// bucketed is convert's route for a source that meets the fibers out of
// order: a second walk places each entry in its fiber's bucket (a stable
// counting sort by fiber), then each fiber's distinct coordinates are
// marked, prefix-summed into pos, ordered, and its entries placed.
func (p *fiberPlan) bucketed(src *Structure, nvals int64, count, mark []int64, valueSize, limit, work int64, poll func()) (*Arrangement, error) {
	for k := int64(1); k <= p.fibers; k++ {
		count[k] += count[k-1]
	}
	n := count[p.fibers]
	next := slices.Clone(count[:p.fibers])
	crds, below, from := make([]int64, n), make([]int64, n), make([]int64, n)
	err := eachEntry(src, nvals, func(dim []int64, at int64) {
		fb, c, b := p.place(dim)
		k := next[fb]
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		next[fb]++
		crds[k], below[k], from[k] = c, b, at
	})
	if err != nil {
		return nil, err
	}
	for i := range mark {
		mark[i] = -1
	}
	pos := make([]int64, 1, p.fibers+1)
	met := make([]int64, 0, n) // counted in work: at most one per entry
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
	a, err := p.allocate(src, pos, met, valueSize, limit, work)
	if err != nil {
		return nil, err
	}
	crd, source := a.Levels[p.comp].Crd, a.Source
	for fb := int64(0); fb < p.fibers; fb++ {
		p.order(crd[pos[fb]:pos[fb+1]], mark, -fb-2)
		for q := pos[fb]; q < pos[fb+1]; q++ {
			mark[crd[q]] = q
		}
		for k := count[fb]; k < count[fb+1]; k++ {
			slot := mark[crds[k]]*p.inner + below[k]
			if source[slot] >= 0 {
				return nil, p.duplicate(slot)
			}
			source[slot] = from[k]
		}
	}
	p.shift(crd)
	return a, nil
}

// allocate checks the storage of pos and the met coordinates against the
// limit and makes the arrangement: pos, crd (met, fiber by fiber) and every
// value slot padding.
func (p *fiberPlan) allocate(src *Structure, pos, met []int64, valueSize, limit, work int64) (*Arrangement, error) {
	nc := int64(len(met))
	slots := mulCount(nc, p.inner)
	idx := addCount(p.fibers+1, nc)
	if bytesFor(addCount(idx, work), slots, max(valueSize, 8)) > limit {
		return nil, tooLarge("the storage", p.f, idx, slots, max(valueSize, 8), limit)
	}
	source := make([]int64, slots)
	for i := range source {
		source[i] = -1
	}
	levels := make([]Level, len(p.f.Levels))
	for l := range levels {
		levels[l] = Level{Pos: []int64{}, Crd: []int64{}}
	}
	if met == nil {
		met = []int64{}
	}
	levels[p.comp] = Level{Pos: pos, Crd: met}
	s := Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return &Arrangement{Structure: s, Source: source}, nil
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
	k := 0
	err := eachEntry(src, nvals, func(dim []int64, at int64) {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		k++
		fb, _, _ := p.place(dim)
		source[fb] = at
	})
	if err != nil {
		return nil, err
	}
	levels := make([]Level, len(p.f.Levels))
	s := Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return &Arrangement{Structure: s, Source: source}, nil
}
