package ustorage

import (
	"fmt"

	"github.com/gosparse/gosparse/core/format"
)

// Fiber is one fiber of a storage's last level: the value slots Lo..Hi
// (half-open) that lie inside the tensor, and where each sits. The
// last-level coordinate of slot q is Crd[q-Lo], or First+(q-Lo) where Crd is
// nil (a dense or range level); its dims are Dim0 + coordinate x Step
// (the map from levels to dims is linear in each level's coordinate).
// Dim0 and Step are buffers reused between fibers, and so is Crd where the
// level's crd is int32 (widened a fiber at a time) or a delta level's gaps
// (decoded a fiber at a time).
type Fiber struct {
	Lo, Hi     int64
	Crd        []int64
	First      int64
	Dim0, Step []int64
}

// Fibers visits every last-level fiber of a storage whose values array has
// nvals elements, in storage order: the positions Walk visits, a fiber at a
// time, so a caller's loop over a fiber runs without a call per element.
func Fibers(s *Structure, nvals int64, visit func(f *Fiber)) error {
	w, err := newWalker(s, nvals, nil)
	if err != nil {
		return err
	}
	return levelFibers(w, len(s.Levels)-1, 1, visit)
}

// levelFibers visits the fibers of w's level level (the last level, or
// the one above Tiles' block), each of whose positions holds block value
// slots; a fiber's Lo and Hi are positions of that level.
func levelFibers(w *walker, level int, block int64, visit func(f *Fiber)) error {
	s, nvals := w.s, w.nvals
	w.runLevel = level
	nd := len(s.Shape)
	f := &Fiber{Dim0: make([]int64, nd), Step: fiberStep(w.x, len(w.lvl), level, nd)}
	emit := func(l int, lo, hi int64, crd []int64, first int64) {
		if lo >= hi || w.err != nil {
			return
		}
		if lo < 0 || mulCount(hi, block) > nvals {
			w.err = fmt.Errorf("ustorage: value slots %d..%d are past the end of the values (length %d)", lo*block, mulCount(hi, block), nvals)
			return
		}
		w.lvl[l] = 0
		w.x.LvlToDim(w.lvl, f.Dim0)
		f.Lo, f.Hi, f.Crd, f.First = lo, hi, crd, first
		visit(f)
	}
	var buf []int64 // a narrow level's coordinates of one fiber, widened
	crdOf := func(l int, lo, hi int64) ([]int64, bool) {
		c := w.crds[l]
		if lo < 0 || hi > c.len() {
			w.failf(l, "crd[%d:%d] is past the end of crd (length %d)", lo, hi, c.len())
			return nil, false
		}
		if c.narrow == nil {
			return c.wide[lo:hi], true
		}
		buf = buf[:0]
		for _, v := range c.narrow[lo:hi] {
			buf = append(buf, int64(v))
		}
		return buf, true
	}
	var coords []int64 // a delta level's coordinates of one fiber, decoded
	deltaOf := func(l int, lo, hi int64) ([]int64, bool) {
		gaps, ok := crdOf(l, lo, hi)
		if !ok {
			return nil, false
		}
		most := int64(1)<<s.Format.Levels[l].Param - 1
		coords = coords[:0]
		full := int64(0)
		for k, gap := range gaps { // Walk's checks and decoding, a fiber at a time
			if gap < 0 || gap > most || full > w.hi[l]-gap {
				w.failf(l, "crd[%d] = %d: gaps are 0..%d and lead to coordinates below %d", lo+int64(k), gap, most, s.LevelSizes[l])
				return nil, false
			}
			full += gap
			coords = append(coords, full)
			full++
		}
		return coords, true
	}
	w.visit = func(_ []int64, p int64) { // a storage without levels: its one value
		if w.err == nil && p < nvals {
			f.Lo, f.Hi, f.Crd, f.First = p, p+1, nil, 0
			visit(f)
		}
	}
	w.run = func(l int, p int64) {
		lv := s.Format.Levels[l]
		size := s.LevelSizes[l]
		switch lv.Kind {
		case format.Dense, format.Batch:
			emit(l, p*size, p*size+size, nil, 0)
		case format.Range:
			lo, hi := w.rangeOf(l)
			emit(l, p*size+lo, p*size+hi, nil, lo)
		case format.Compressed:
			if lo, hi, adjust, ok := w.segment(l, p); ok {
				if c, ok := crdOf(l, lo+adjust, hi+adjust); ok {
					emit(l, lo+adjust, hi+adjust, c, 0)
				}
			}
		case format.Delta:
			if lo, hi, _, ok := w.segment(l, p); ok {
				if c, ok := deltaOf(l, lo, hi); ok {
					emit(l, lo, hi, c, 0)
				}
			}
		case format.Singleton:
			if c, ok := crdOf(l, p, p+1); ok {
				emit(l, p, p+1, c, 0)
			}
		case format.Structured:
			if c, ok := crdOf(l, p*lv.Param, p*lv.Param+lv.Param); ok {
				emit(l, p*lv.Param, p*lv.Param+lv.Param, c, 0)
			}
		}
	}
	w.walk(0, 0)
	return w.err
}

// fiberStep is the change of the dims per unit of level level's
// coordinate (of nlvl levels; level -1: a storage without levels): the map from levels to dims
// is linear without a constant term (sums, differences, c x (i / c) +
// i % c), so the step is the image of the level's unit vector, the same
// for every fiber.
func fiberStep(x *format.Indexer, nlvl, level, nd int) []int64 {
	step := make([]int64, nd)
	if level < 0 {
		return step
	}
	unit := make([]int64, nlvl)
	unit[level] = 1
	x.LvlToDim(unit, step)
	return step
}
