package ustorage

import (
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
	// nPrefix and nSuffix count the levels of each part.
	nPrefix, nSuffix int
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

// mapLevels builds the plan's per-level maps.
func (p *fiberPlan) mapLevels() {
	p.maps = make([]levelMap, len(p.f.Levels))
	for l := range p.f.Levels {
		m := newLevelMap(p.f, l, p.sizes[l])
		m.role = 1
		switch {
		case l == p.comp:
			m.role = 0
		case p.comp < 0 || l < p.comp:
			m.role = -1
		}
		switch m.role {
		case -1:
			p.nPrefix++
		case 1:
			p.nSuffix++
		}
		p.maps[l] = m
	}
}

// outer is the dimension the plan wants the source walked by first: the
// first prefix level's dimension, so that a source able to choose (DIA)
// meets the fibers in order; -1 where any order serves.
func (p *fiberPlan) outer() int {
	if p.comp <= 0 {
		return -1
	}
	switch m := p.maps[0]; m.op {
	case format.OpDim, format.OpDiv, format.OpMod:
		return m.a
	}
	return -1
}

// placed is a chunk's entries placed in the target: fiber, compressed
// coordinate (from lo) and offset below it. Each is a column of the chunk
// itself where one bare dimension gives it (CSR's rows and columns), else
// one of the buffers.
type placed struct {
	fb, c, below                   []int64
	bufFb, bufC, bufBel, tmp, zero []int64
}

func newPlaced() *placed {
	b := make([]int64, 5*chunkLen)
	return &placed{bufFb: b[:chunkLen], bufC: b[chunkLen : 2*chunkLen], bufBel: b[2*chunkLen : 3*chunkLen],
		tmp: b[3*chunkLen : 4*chunkLen], zero: b[4*chunkLen:]}
}

// place maps a chunk's dimension coordinates to fibers, compressed
// coordinates and offsets: DimToLvl and the split, level by level over the
// whole chunk, the first level of each part written and the others folded
// in as acc*size + v.
func (p *fiberPlan) place(ch *chunk, pl *placed) { p.placeLevels(ch, pl, true) }

// placeCount is place without the offsets (a count pass reads none).
func (p *fiberPlan) placeCount(ch *chunk, pl *placed) { p.placeLevels(ch, pl, false) }

func (p *fiberPlan) placeLevels(ch *chunk, pl *placed, below bool) {
	n := ch.n
	pl.fb, pl.c, pl.below = pl.zero[:n], nil, pl.zero[:n]
	firstFb, firstBel := true, true
	for i := range p.maps {
		m := &p.maps[i]
		switch m.role {
		case -1:
			pl.fb = fold(m, ch, pl.bufFb[:n], pl.tmp[:n], firstFb, p.nPrefix == 1)
			firstFb = false
		case 0:
			pl.c = m.valuesFrom(ch, pl.bufC[:n], p.lo, true)
		default:
			if !below {
				continue
			}
			pl.below = fold(m, ch, pl.bufBel[:n], pl.tmp[:n], firstBel, p.nSuffix == 1)
			firstBel = false
		}
	}
}

// fold writes level m's coordinates into acc (the part's first level; the
// chunk's own column where the part has one level, a bare dimension) or
// folds them in.
func fold(m *levelMap, ch *chunk, acc, tmp []int64, first, alone bool) []int64 {
	if first {
		return m.valuesFrom(ch, acc, 0, alone)
	}
	a := ch.dim[m.a][:len(acc)]
	switch {
	case m.op == format.OpDim:
		for k := range acc {
			acc[k] = acc[k]*m.size + a[k]
		}
	case m.op == format.OpMod && m.shift >= 0: // a block's offset: a mask
		mask := m.c - 1
		for k := range acc {
			acc[k] = acc[k]*m.size + a[k]&mask
		}
	default:
		v := m.valuesFrom(ch, tmp, 0, true)
		for k := range acc {
			acc[k] = acc[k]*m.size + v[k]
		}
	}
	return acc
}
