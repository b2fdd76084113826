package ustorage

import (
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// Structure is a storage without its values: the format, the shape, the
// level sizes and every level's pos and crd arrays.
type Structure struct {
	Format     format.Format
	Shape      []int64
	LevelSizes []int64
	Levels     []LevelArrays[int64]
	// Narrow, when not nil, holds the int32 arrays of the levels whose
	// Levels entry is left empty (a tensor's 32-bit index arrays, not
	// widened). Walk, Fibers, Runs and Convert's flat walks read them as
	// they are; LevelViews and Convert's other routes widen them first.
	Narrow []LevelArrays[int32]
}

// Structure returns s's structure (sharing s's arrays).
func (s *Storage[T]) Structure() *Structure {
	return &Structure{Format: s.Format, Shape: s.Shape, LevelSizes: s.LevelSizes, Levels: s.Levels}
}

// Walk visits every stored position of a storage whose values array has
// nvals elements (the generic level iterator): visit gets the position's
// dimension coordinates (a buffer reused between calls) and its index in the
// values. Padding outside the tensor (DIA's out-of-matrix slots) is skipped;
// padding inside it (a dense level's zeros, delta and structured padding) is
// visited. Walk checks the arrays as it goes and returns an error, without
// panicking, for a storage whose arrays do not agree with its format and
// shape (an index past an array's end, a pos that decreases, a coordinate
// outside its level).
func Walk(s *Structure, nvals int64, visit func(dim []int64, p int64)) error {
	w, err := newWalker(s, nvals, visit)
	if err != nil {
		return err
	}
	w.walk(0, 0)
	return w.err
}

// newWalker checks s's format, level sizes and level count and sets up a
// walk of it.
func newWalker(s *Structure, nvals int64, visit func(dim []int64, p int64)) (*walker, error) {
	if s == nil {
		return nil, fmt.Errorf("ustorage: storage is nil")
	}
	x, err := format.NewIndexer(s.Format)
	if err != nil {
		return nil, err
	}
	sizes, err := x.LevelSizes(s.Shape)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(sizes, s.LevelSizes) {
		return nil, fmt.Errorf("ustorage: level sizes %v do not match %v, those of %s over shape %v", s.LevelSizes, sizes, s.Format, s.Shape)
	}
	if len(s.Levels) != len(s.Format.Levels) {
		return nil, fmt.Errorf("ustorage: %d level arrays for the %d levels of %s", len(s.Levels), len(s.Format.Levels), s.Format)
	}
	w := &walker{s: s, x: x, nvals: nvals, visit: visit,
		lvl: make([]int64, len(s.Levels)), dim: make([]int64, len(s.Shape)),
		lo: make([]int64, len(s.Levels)), hi: make([]int64, len(s.Levels)),
		poss: make([]indexArray, len(s.Levels)), crds: make([]indexArray, len(s.Levels)), runLevel: len(s.Levels) - 1}
	for l := range s.Levels {
		if n := s.narrow(l); n != nil {
			w.poss[l], w.crds[l] = indexArray{narrow: n.Pos}, indexArray{narrow: n.Crd}
		} else {
			w.poss[l], w.crds[l] = indexArray{wide: s.Levels[l].Pos}, indexArray{wide: s.Levels[l].Crd}
		}
	}
	w.bounds()
	w.batch, w.batches, w.rows, w.hasBatch = batchLevel(s.Format, sizes)
	return w, nil
}

// walker visits every stored position of a storage, level by level.
type walker struct {
	s      *Structure
	nvals  int64
	visit  func(dim []int64, p int64)
	x      *format.Indexer
	lvl    []int64 // the level coordinates of the position being visited
	dim    []int64
	lo, hi []int64 // the coordinates each level may hold, hi inclusive
	// poss and crds are each level's pos and crd arrays, of either width
	// (s's Levels or Narrow), read without widening.
	poss, crds []indexArray

	batch         int // the batch-split compressed level, if hasBatch
	batches, rows int64
	hasBatch      bool
	err           error

	// run, when set, takes level runLevel's fibers whole (Runs, Fibers:
	// the last level; Tiles: the level above a storage's trailing dense
	// block) instead of its positions one by one.
	run      func(l int, p int64)
	runLevel int
	// top, when not nil, lists (ascending) the only coordinates of a dense
	// level 0 walked (TilesUnder); other level 0 kinds ignore it.
	top []int64
}

// bounds sets the coordinate range of every level: [0, size) except a - b,
// which spans -(size(b)-1) .. size(a)-1.
func (w *walker) bounds() {
	f := w.s.Format
	for l, lv := range f.Levels {
		w.lo[l], w.hi[l] = 0, w.s.LevelSizes[l]-1
		if lv.Expr.Op == format.OpSub {
			w.lo[l] = 1 - w.s.Shape[f.DimIndex(lv.Expr.B)]
			w.hi[l] = w.s.Shape[f.DimIndex(lv.Expr.A)] - 1
		}
	}
}

func (w *walker) failf(l int, format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("ustorage: level %d (%s): %s", l, w.s.Format.Levels[l], fmt.Sprintf(format, args...))
	}
}

// indexArray is one level array of either index width.
type indexArray struct {
	wide   []int64
	narrow []int32
}

// len is the array's length.
func (a indexArray) len() int64 {
	if a.narrow != nil {
		return int64(len(a.narrow))
	}
	return int64(len(a.wide))
}

// at is entry q, widened.
func (a indexArray) at(q int64) int64 {
	if a.narrow != nil {
		return int64(a.narrow[q])
	}
	return a.wide[q]
}

// crd reads level l's coordinate at q, checked.
func (w *walker) crd(l int, q int64) (int64, bool) {
	c := w.crds[l]
	if q < 0 || q >= c.len() {
		w.failf(l, "crd[%d] is past the end of crd (length %d)", q, c.len())
		return 0, false
	}
	if v := c.at(q); v < w.lo[l] || v > w.hi[l] {
		w.failf(l, "crd[%d] = %d is outside the level's coordinates %d..%d", q, v, w.lo[l], w.hi[l])
		return 0, false
	}
	return c.at(q), true
}

// segment returns the half-open range of level l's children of position p.
func (w *walker) segment(l int, p int64) (lo, hi, adjust int64, ok bool) {
	pos := w.poss[l]
	at := p
	if w.hasBatch && l == w.batch {
		b, r := p/w.rows, p%w.rows
		at = b*(w.rows+1) + r
		end := b*(w.rows+1) + w.rows
		if end >= pos.len() {
			w.failf(l, "pos has %d entries, fewer than the %d of %d batches of %d rows", pos.len(), w.batches*(w.rows+1), w.batches, w.rows)
			return 0, 0, 0, false
		}
		adjust = b * pos.at(end)
	}
	if at+1 >= pos.len() {
		w.failf(l, "pos[%d] is past the end of pos (length %d)", at+1, pos.len())
		return 0, 0, 0, false
	}
	lo, hi = pos.at(at), pos.at(at+1)
	if lo > hi {
		w.failf(l, "pos[%d] = %d > pos[%d] = %d: pos must not decrease", at, lo, at+1, hi)
		return 0, 0, 0, false
	}
	return lo, hi, adjust, true
}

func (w *walker) walk(l int, p int64) {
	if w.err != nil {
		return
	}
	if l == len(w.lvl) {
		w.leaf(p)
		return
	}
	if w.run != nil && l == w.runLevel {
		w.run(l, p)
		return
	}
	lv := w.s.Format.Levels[l]
	size := w.s.LevelSizes[l]
	switch lv.Kind {
	case format.Dense, format.Batch:
		if l == 0 && w.top != nil {
			for _, c := range w.top {
				if c < 0 || c >= size || w.err != nil {
					break
				}
				w.lvl[0] = c
				w.walk(1, c)
			}
			return
		}
		for c := int64(0); c < size && w.err == nil; c++ {
			w.lvl[l] = c
			w.walk(l+1, p*size+c)
		}
	case format.Range:
		lo, hi := w.rangeOf(l)
		for c := lo; c < hi && w.err == nil; c++ {
			w.lvl[l] = c
			w.walk(l+1, p*size+c)
		}
	case format.Compressed:
		lo, hi, adjust, ok := w.segment(l, p)
		for q := lo; ok && q < hi && w.err == nil; q++ {
			if w.lvl[l], ok = w.crd(l, q+adjust); ok {
				w.walk(l+1, q+adjust)
			}
		}
	case format.Singleton:
		if c, ok := w.crd(l, p); ok {
			w.lvl[l] = c
			w.walk(l+1, p)
		}
	case format.Delta:
		lo, hi, _, ok := w.segment(l, p)
		full := int64(0)
		for q := lo; ok && q < hi && w.err == nil; q++ {
			if q < 0 || q >= w.crds[l].len() {
				w.failf(l, "crd[%d] is past the end of crd (length %d)", q, w.crds[l].len())
				return
			}
			gap := w.crds[l].at(q)
			if gap < 0 || gap > int64(1)<<lv.Param-1 || full > w.hi[l]-gap {
				w.failf(l, "crd[%d] = %d: gaps are 0..%d and lead to coordinates below %d", q, gap, int64(1)<<lv.Param-1, size)
				return
			}
			full += gap
			w.lvl[l] = full
			w.walk(l+1, q)
			full++
		}
	case format.Structured:
		n := lv.Param
		for q := p * n; q < p*n+n && w.err == nil; q++ {
			if c, ok := w.crd(l, q); ok {
				w.lvl[l] = c
				w.walk(l+1, q)
			}
		}
	}
}

// rangeOf returns the coordinates of range level l that fall inside the
// tensor, given the coordinate of the a ± b level it closes.
func (w *walker) rangeOf(l int) (lo, hi int64) {
	f := w.s.Format
	sum, other, _ := w.x.RangeOf(l)
	v := w.lvl[sum]
	sizeX := w.s.LevelSizes[l]
	sizeO := w.s.Shape[other]
	e := f.Levels[sum].Expr
	switch {
	case e.Op == format.OpAdd: // x + o = v
		lo, hi = v-sizeO+1, v+1
	case e.B == f.Levels[l].Expr.A: // o - x = v
		lo, hi = -v, sizeO-v
	default: // x - o = v
		lo, hi = v, sizeO+v
	}
	return max(lo, 0), min(hi, sizeX)
}

// leaf hands the position p and the dimension coordinates its level
// coordinates map to to the visitor, after checking both.
func (w *walker) leaf(p int64) {
	if p < 0 || p >= w.nvals {
		w.err = fmt.Errorf("ustorage: position %d is past the end of the values (length %d)", p, w.nvals)
		return
	}
	w.x.LvlToDim(w.lvl, w.dim)
	for d, c := range w.dim {
		if c < 0 || c >= w.s.Shape[d] {
			w.err = fmt.Errorf("ustorage: level coordinates %v map to %v, outside shape %v", w.lvl, w.dim, w.s.Shape)
			return
		}
	}
	w.visit(w.dim, p)
}
