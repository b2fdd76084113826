package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// diagonalRows is Convert's route from a DIA-like source (a ± b :
// compressed, r : range) to the CSR-like target by its range dimension
// (r : dense, o : compressed: CSR from DIA-I): the row counts are the
// number of diagonals over each run of rows (rowRuns), and each row's
// entries are the run's diagonals in column order, written without a
// test per entry, a mark or a sort. ok is false for other pairs, for
// diagonals out of order or repeated, and where the runs cost more than
// the entries.
func diagonalRows[W any](p *fiberPlan, src *Structure, vals []W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	if !diagonalPair(p, src) {
		return nil, nil, false, nil
	}
	dg, err := diagonalsOf(src, int64(len(vals)))
	if err != nil {
		return nil, nil, true, err
	}
	if !dg.ascending || dg.size != p.fibers {
		return nil, nil, false, nil
	}
	runs, ok := dg.rowRuns()
	if !ok {
		return nil, nil, false, nil
	}
	rows, n := dg.size, dg.stored
	idx := addCount(rows+1, n)
	if bytesFor(idx, n, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, n, valueSize, limit)
	}
	if narrow && fits32(n, p.sizes) {
		s, out := fillDiagonalRows[W, int32](p, src, dg, runs, vals, poll)
		return s, out, true, nil
	}
	s, out := fillDiagonalRows[W, int64](p, src, dg, runs, vals, poll)
	return s, out, true, nil
}

// fillDiagonalRows writes diagonalRows' result.
func fillDiagonalRows[W any, O outIndex](p *fiberPlan, src *Structure, dg *diagonals, runs []rowRun, vals []W, poll func()) (*Structure, []W) {
	rows, n := dg.size, dg.stored
	pos, crd, out := make([]O, rows+1), make([]O, n), make([]W, n)
	q, x := int64(0), int64(0)
	for _, run := range runs {
		for ; x < run.from; x++ { // rows no diagonal reaches
			pos[x+1] = O(q)
		}
		for ; x < run.to; x++ {
			if poll != nil && x&pollMask == 0 {
				poll()
			}
			c, o := crd[q:q+int64(len(run.diags))], out[q:q+int64(len(run.diags))]
			for i := range run.diags {
				d := &run.diags[i]
				c[i], o[i] = O(d.base+d.step*x-p.lo), vals[d.start+x]
			}
			q += int64(len(run.diags))
			pos[x+1] = O(q)
		}
	}
	for ; x < rows; x++ {
		pos[x+1] = O(q)
	}
	return structureOut(p.f, src.Shape, p.sizes, [][]O{{}, pos}, [][]O{{}, crd}), out
}

// diagonalPair reports whether src is DIA-like and the plan's target
// (r : dense, o : compressed) on bare dimensions, r the source's range
// dimension.
func diagonalPair(p *fiberPlan, src *Structure) bool {
	g, f := src.Format, p.f
	if len(g.Levels) != 2 || len(f.Levels) != 2 || len(src.Levels) != 2 || len(src.Shape) != 2 || !g.IsUnique() || p.comp != 1 || p.lo != 0 {
		return false
	}
	s0, s1, t0, t1 := g.Levels[0], g.Levels[1], f.Levels[0], f.Levels[1]
	if s0.Kind != format.Compressed || (s0.Expr.Op != format.OpSub && s0.Expr.Op != format.OpAdd) || s1.Kind != format.Range || s1.Expr.Op != format.OpDim {
		return false
	}
	x, err := format.NewIndexer(g)
	if err != nil {
		return false
	}
	sizes, err := x.LevelSizes(src.Shape)
	if err != nil || !slices.Equal(sizes, src.LevelSizes) {
		return false // Walk words the refusal
	}
	r := g.DimIndex(s1.Expr.A)
	return t0.Kind == format.Dense && t0.Expr.Op == format.OpDim && t1.Expr.Op == format.OpDim &&
		f.DimIndex(t0.Expr.A) == r && f.DimIndex(t1.Expr.A) != r
}
