package ustorage

import (
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// eachEntry visits the stored positions of s as Walk does (the same
// positions in the same order, the same checks), with a flat loop for the
// two commonest sources, a compressed level under a dense one on bare
// dimensions (CSR, CSC) and diagonals over a range (DIA, anti-DIA), where
// Walk's recursion and per-entry coordinate maps would dominate a
// conversion.
func eachEntry(s *Structure, nvals int64, visit func(dim []int64, p int64)) error {
	if s == nil || len(s.Shape) != 2 || len(s.Format.Levels) != 2 || len(s.Levels) != 2 {
		return Walk(s, nvals, visit)
	}
	x, err := format.NewIndexer(s.Format)
	if err != nil {
		return err
	}
	sizes, err := x.LevelSizes(s.Shape)
	if err != nil || !slices.Equal(sizes, s.LevelSizes) {
		return Walk(s, nvals, visit) // Walk words the refusal
	}
	f := s.Format
	l0, l1 := f.Levels[0], f.Levels[1]
	switch {
	case l0.Kind == format.Dense && l1.Kind == format.Compressed && l0.Expr.Op == format.OpDim && l1.Expr.Op == format.OpDim:
		return eachCompressed(s, nvals, f.DimIndex(l0.Expr.A), f.DimIndex(l1.Expr.A), visit)
	case l0.Kind == format.Compressed && l1.Kind == format.Range && (l0.Expr.Op == format.OpSub || l0.Expr.Op == format.OpAdd):
		return eachDiagonal(s, nvals, visit)
	}
	return Walk(s, nvals, visit)
}

// eachCompressed is eachEntry over (outer : dense, inner : compressed).
func eachCompressed(s *Structure, nvals int64, outer, inner int, visit func(dim []int64, p int64)) error {
	rows, cols := s.LevelSizes[0], s.LevelSizes[1]
	pos, crd := s.Levels[1].Pos, s.Levels[1].Crd
	if rows > 0 && int64(len(pos)) < rows+1 {
		return fmt.Errorf("ustorage: level 1 (%s): pos has %d entries, fewer than the %d of %d rows", s.Format.Levels[1], len(pos), rows+1, rows)
	}
	dim := make([]int64, 2)
	for o := int64(0); o < rows; o++ {
		lo, hi := pos[o], pos[o+1]
		if lo > hi || lo < 0 || hi > int64(len(crd)) || (hi > lo && hi > nvals) {
			return fmt.Errorf("ustorage: level 1 (%s): segment pos[%d..%d] = %d..%d is not inside crd (length %d) and the values (length %d)",
				s.Format.Levels[1], o, o+1, lo, hi, len(crd), nvals)
		}
		dim[outer] = o
		for q, c := range crd[lo:hi] {
			if c < 0 || c >= cols {
				return fmt.Errorf("ustorage: level 1 (%s): crd[%d] = %d is outside the level's coordinates 0..%d", s.Format.Levels[1], lo+int64(q), c, cols-1)
			}
			dim[inner] = c
			visit(dim, lo+int64(q))
		}
	}
	return nil
}

// eachDiagonal is eachEntry over (a ± b : compressed, r : range), r being
// a or b: every stored diagonal's positions inside the tensor.
func eachDiagonal(s *Structure, nvals int64, visit func(dim []int64, p int64)) error {
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
	pos, crd := s.Levels[0].Pos, s.Levels[0].Crd
	if len(pos) < 2 || pos[0] < 0 || pos[0] > pos[1] || pos[1] > int64(len(crd)) {
		return fmt.Errorf("ustorage: level 0 (%s): pos %v does not give one segment inside crd (length %d)", f.Levels[0], pos[:min(len(pos), 2)], len(crd))
	}
	dim := make([]int64, 2)
	for k := pos[0]; k < pos[1]; k++ {
		v := crd[k]
		if v < lo || v > hi {
			return fmt.Errorf("ustorage: level 0 (%s): crd[%d] = %d is outside the level's coordinates %d..%d", f.Levels[0], k, v, lo, hi)
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
			return fmt.Errorf("ustorage: position %d is past the end of the values (length %d)", k*size+to-1, nvals)
		}
		for x := from; x < to; x++ {
			dim[r], dim[o] = x, base+step*x
			visit(dim, k*size+x)
		}
	}
	return nil
}
