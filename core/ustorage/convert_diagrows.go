package ustorage

import (
	"slices"
	"sort"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// diagonalRows is Convert's route from a DIA-like source (a ± b :
// compressed, r : range) to the CSR-like target by its range dimension
// (r : dense, o : compressed: CSR from DIA-I), or by the other dimension
// where the diagonals are a - b (CSR from DIA-J, CSC from DIA-I: each
// diagonal read along o, across): the row counts are the
// number of diagonals over each run of rows (rowRuns), and each row's
// entries are the run's diagonals in column order, written without a
// test per entry, a mark or a sort. ok is false for other pairs, for
// diagonals out of order or repeated, and where the runs cost more than
// the entries.
func diagonalRows[W any](p *fiberPlan, src *Structure, vals []W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	across, ok := diagonalPair(p, src)
	if !ok {
		return nil, nil, false, nil
	}
	dg, err := diagonalsOf(src, int64(len(vals)))
	if err != nil {
		return nil, nil, true, err
	}
	if across && !dg.across(src.Shape) {
		return nil, nil, false, nil
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

// fillDiagonalRows writes diagonalRows' result. Row x of run k holds the
// run's diagonals, so its first entry is at first[k] + (x - from) * width:
// every row's place is known without a count pass, and the rows split
// into parts of fixed bounds filled side by side (part 0, on the calling
// goroutine, polls), each writing its own rows' pos, crd and values. Every
// element is written once (the arrays come uninitialised), and is the same
// at any part count.
func fillDiagonalRows[W any, O outIndex](p *fiberPlan, src *Structure, dg *diagonals, runs []rowRun, vals []W, poll func()) (*Structure, []W) {
	rows, n := dg.size, dg.stored
	first := make([]int64, len(runs)+1) // run k's first entry; first[len] = n
	for k, run := range runs {
		first[k+1] = first[k] + (run.to-run.from)*int64(len(run.diags))
	}
	pos, crd, out := uninit[O](rows+1), uninit[O](n), uninit[W](n)
	pos[0] = 0
	parts := parallel.Parts(rows + n)
	bounds := parallel.SplitEven(int(rows), parts)
	parallel.For(parts, func(part int) {
		pl := poll
		if part != 0 {
			pl = nil
		}
		fillRowRange(runs, first, int64(bounds[part]), int64(bounds[part+1]), p.lo, pos, crd, out, vals, pl)
	})
	return structureOut(p.f, src.Shape, p.sizes, [][]O{{}, pos}, [][]O{{}, crd}), out
}

// fillRowRange writes rows [lo, hi) of fillDiagonalRows: pos[x+1] for each
// row x, and the entries of the rows a run holds, run by run.
func fillRowRange[W any, O outIndex](runs []rowRun, first []int64, lo, hi, shift int64, pos, crd []O, out, vals []W, poll func()) {
	k := sort.Search(len(runs), func(k int) bool { return runs[k].to > lo })
	for x := lo; x < hi; {
		if k == len(runs) || runs[k].from >= hi {
			for ; x < hi; x++ { // rows past the last run, or before the next
				pos[x+1] = O(first[k])
			}
			return
		}
		run := &runs[k]
		for ; x < run.from; x++ { // rows no diagonal reaches
			pos[x+1] = O(first[k])
		}
		end := min(run.to, hi)
		w := int64(len(run.diags))
		q := first[k] + (x-run.from)*w
		for x < end {
			if poll != nil && x&pollMask == 0 {
				poll()
			}
			step := min(end, (x|pollMask)+1)
			fillRunRows(run.diags, x, step, q, shift, pos, crd, out, vals)
			q += (step - x) * w
			x = step
		}
		k++
	}
}

// fillRunRows writes rows [a, b) of one run (diagonals ds, row a's first
// entry at q): row x's entry on diagonal i is column base + step*x - shift,
// its value vals[start + x].
func fillRunRows[W any, O outIndex](ds []diagonal, a, b, q, shift int64, pos, crd []O, out, vals []W) {
	w := int64(len(ds))
	for x := a; x < b; x++ {
		c, o := crd[q:q+w], out[q:q+w]
		for i := range ds {
			d := &ds[i]
			c[i], o[i] = O(d.base+d.step*x-shift), vals[d.start+x]
		}
		q += w
		pos[x+1] = O(q)
	}
}

// diagonalPair reports whether src is DIA-like and the plan's target
// (x : dense, y : compressed) on bare dimensions, x the source's range
// dimension r, or the other one (across).
func diagonalPair(p *fiberPlan, src *Structure) (across, ok bool) {
	g, f := src.Format, p.f
	if len(g.Levels) != 2 || len(f.Levels) != 2 || len(src.Levels) != 2 || len(src.Shape) != 2 || !g.IsUnique() || p.comp != 1 || p.lo != 0 {
		return false, false
	}
	s0, s1, t0, t1 := g.Levels[0], g.Levels[1], f.Levels[0], f.Levels[1]
	if s0.Kind != format.Compressed || (s0.Expr.Op != format.OpSub && s0.Expr.Op != format.OpAdd) || s1.Kind != format.Range || s1.Expr.Op != format.OpDim {
		return false, false
	}
	x, err := format.NewIndexer(g)
	if err != nil {
		return false, false
	}
	sizes, err := x.LevelSizes(src.Shape)
	if err != nil || !slices.Equal(sizes, src.LevelSizes) {
		return false, false // Walk words the refusal
	}
	r := g.DimIndex(s1.Expr.A)
	if t0.Kind != format.Dense || t0.Expr.Op != format.OpDim || t1.Expr.Op != format.OpDim || f.DimIndex(t0.Expr.A) == f.DimIndex(t1.Expr.A) {
		return false, false
	}
	return f.DimIndex(t0.Expr.A) != r, true
}
