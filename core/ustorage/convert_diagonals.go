package ustorage

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// diagonal is one stored diagonal of a DIA-like source: the range
// coordinates x in [from, to) are inside the tensor, the other dimension's
// coordinate at x is base + step*x, and the value of x is at start + x.
type diagonal struct {
	from, to, base, step, start int64
}

// diagonals is a DIA-like source (a ± b : compressed, r : range), r being
// a or b, read: its stored diagonals that reach inside the tensor, in crd
// order, the range's dimension r, the other one o, and the range's size.
type diagonals struct {
	diags  []diagonal
	r, o   int
	size   int64
	stored int64 // positions inside the tensor
	// ascending is whether crd holds the diagonals strictly ascending (a
	// unique level's order).
	ascending bool
}

// diagonalsOf reads s's diagonals, checking crd against the level's
// coordinates and the values' length as Walk does.
func diagonalsOf(s *Structure, nvals int64) (*diagonals, error) {
	f := s.Format
	e := f.Levels[0].Expr
	a, b := f.DimIndex(e.A), f.DimIndex(e.B)
	r := f.DimIndex(f.Levels[1].Expr.A)
	o := a + b - r // the other dimension
	lo, hi := int64(0), s.LevelSizes[0]-1
	if e.Op == format.OpSub {
		lo, hi = 1-s.Shape[b], s.Shape[a]-1
	}
	size := s.LevelSizes[1]
	var pos, crd []int64
	if n := s.narrow(0); n != nil {
		pos, crd = widen(n.Pos), widen(n.Crd)
	} else {
		pos, crd = s.Levels[0].Pos, s.Levels[0].Crd
	}
	if len(pos) < 2 || pos[0] < 0 || pos[0] > pos[1] || pos[1] > int64(len(crd)) {
		return nil, fmt.Errorf("ustorage: level 0 (%s): pos %v does not give one segment inside crd (length %d)", f.Levels[0], pos[:min(len(pos), 2)], len(crd))
	}
	dg := &diagonals{diags: make([]diagonal, 0, pos[1]-pos[0]), r: r, o: o, size: size, ascending: true}
	for k := pos[0]; k < pos[1]; k++ {
		v := crd[k]
		if v < lo || v > hi {
			return nil, fmt.Errorf("ustorage: level 0 (%s): crd[%d] = %d is outside the level's coordinates %d..%d", f.Levels[0], k, v, lo, hi)
		}
		if k > pos[0] && v <= crd[k-1] {
			dg.ascending = false
		}
		// The range coordinates x inside the tensor, and the other
		// dimension's coordinate at each: a + b = v, a - b = v.
		var from, to, step, base int64
		switch {
		case e.Op == format.OpAdd: // o = v - x
			from, to, base, step = v-s.Shape[o]+1, v+1, v, -1
		case r == b: // a = v + x
			from, to, base, step = -v, s.Shape[o]-v, v, 1
		default: // b = x - v
			from, to, base, step = v, s.Shape[o]+v, -v, 1
		}
		from, to = max(from, 0), min(to, size)
		if from < to && k*size+to > nvals {
			return nil, fmt.Errorf("ustorage: position %d is past the end of the values (length %d)", k*size+to-1, nvals)
		}
		if from < to {
			dg.diags = append(dg.diags, diagonal{from, to, base, step, k * size})
			dg.stored += to - from
		}
	}
	return dg, nil
}

// across re-reads dg's diagonals along the other dimension (its range
// dimension becomes o): a diagonal of a - b, whose o coordinate at x is
// base + x, holds at o coordinate y the range coordinate y - base, its
// value at start - base + y. false, dg unchanged, for diagonals of a + b,
// whose values run backwards along o.
func (dg *diagonals) across(shape []int64) bool {
	for _, d := range dg.diags {
		if d.step != 1 {
			return false
		}
	}
	for i, d := range dg.diags {
		dg.diags[i] = diagonal{from: d.from + d.base, to: d.to + d.base, base: -d.base, step: 1, start: d.start - d.base}
	}
	dg.r, dg.o, dg.size = dg.o, dg.r, shape[dg.o]
	return true
}

// rowRun is a run [from, to) of range coordinates that the same diagonals
// hold, listed by their other coordinate ascending.
type rowRun struct {
	from, to int64
	diags    []diagonal
}

// rowRuns splits the range at the diagonals' ends into runs held by one
// set of diagonals; false where listing each run's diagonals would cost
// more than a few times the entries, or a run could hold more diagonals
// than a chunk has room for.
func (dg *diagonals) rowRuns() ([]rowRun, bool) {
	if len(dg.diags) > chunkLen {
		return nil, false
	}
	cuts := make([]int64, 0, 2*len(dg.diags))
	for _, d := range dg.diags {
		cuts = append(cuts, d.from, d.to)
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	if n := int64(len(cuts)); n > 1 && n*int64(len(dg.diags)) > 4*dg.stored+1024 {
		return nil, false
	}
	// The diagonals by their other coordinate at any one x: base order
	// (every diagonal has the same step).
	byBase := slices.Clone(dg.diags)
	slices.SortStableFunc(byBase, func(x, y diagonal) int { return cmp.Compare(x.base, y.base) })
	runs := make([]rowRun, 0, len(cuts))
	for i := 0; i+1 < len(cuts); i++ {
		run := rowRun{from: cuts[i], to: cuts[i+1]}
		for _, d := range byBase {
			if d.from <= run.from && d.to >= run.to {
				run.diags = append(run.diags, d)
			}
		}
		if len(run.diags) > 0 {
			runs = append(runs, run)
		}
	}
	return runs, true
}
