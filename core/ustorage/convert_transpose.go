package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// transposeRows is Convert's route from a CSR-like source (o : dense,
// i : compressed, bare dimensions, its rows ascending) to the CSR-like
// target of the other order (i : dense, o : compressed: CSC from CSR): a
// count of each column's entries over crd, the prefix sum, and one scatter
// in row order that leaves every column's rows ascending (a stable
// counting sort, as the hand-written CSR -> CSC). No chunk, mark or sort is
// needed; ok is false for other pairs, and for a source whose row holds
// its columns out of order or twice (the general routes sort or refuse
// those).
func transposeRows[W any](p *fiberPlan, src *Structure, vals []W, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	if !transposePair(p, src) {
		return nil, nil, false, nil
	}
	n := src.narrow(1)
	switch {
	case n != nil && narrow:
		return transposeOf[int32, W, int32](p, src, n.Pos, n.Crd, vals, valueSize, limit, poll)
	case n != nil:
		return transposeOf[int32, W, int64](p, src, n.Pos, n.Crd, vals, valueSize, limit, poll)
	case narrow:
		return transposeOf[int64, W, int32](p, src, src.Levels[1].Pos, src.Levels[1].Crd, vals, valueSize, limit, poll)
	}
	return transposeOf[int64, W, int64](p, src, src.Levels[1].Pos, src.Levels[1].Crd, vals, valueSize, limit, poll)
}

// transposePair reports whether src is (o : dense, i : compressed) and the
// plan's target (i : dense, o : compressed), on bare dimensions.
func transposePair(p *fiberPlan, src *Structure) bool {
	g, f := src.Format, p.f
	if len(g.Levels) != 2 || len(f.Levels) != 2 || len(src.Levels) != 2 || len(src.Shape) != 2 || !g.IsUnique() || p.comp != 1 || p.lo != 0 {
		return false
	}
	s0, s1, t0, t1 := g.Levels[0], g.Levels[1], f.Levels[0], f.Levels[1]
	bare := s0.Expr.Op == format.OpDim && s1.Expr.Op == format.OpDim && t0.Expr.Op == format.OpDim && t1.Expr.Op == format.OpDim
	return bare && s0.Kind == format.Dense && s1.Kind == format.Compressed && t0.Kind == format.Dense &&
		g.DimIndex(s0.Expr.A) == f.DimIndex(t1.Expr.A) && g.DimIndex(s1.Expr.A) == f.DimIndex(t0.Expr.A) &&
		slices.Equal(src.LevelSizes, []int64{src.Shape[g.DimIndex(s0.Expr.A)], src.Shape[g.DimIndex(s1.Expr.A)]})
}

func transposeOf[I int32 | int64, W any, O outIndex](p *fiberPlan, src *Structure, pos, crd []I, vals []W, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	rows, cols := src.LevelSizes[0], src.LevelSizes[1]
	nvals := int64(len(vals))
	if err := checkRowPos(src, pos, rows); err != nil {
		return nil, nil, true, err
	}
	if bytesFor(cols+1, 0, 8) > limit {
		return nil, nil, true, tooLarge("the conversion's working arrays", p.f, cols+1, 0, 8, limit)
	}
	// The count: each segment checked (inside crd and the values, its
	// columns inside the level and ascending), each column's entries
	// counted one place up.
	cnt := make([]O, cols+1)
	for o := int64(0); o < rows; o++ {
		if poll != nil && o&pollMask == 0 {
			poll()
		}
		lo, hi := int64(pos[o]), int64(pos[o+1])
		if lo > hi || lo < 0 || hi > int64(len(crd)) || (hi > lo && hi > nvals) {
			return nil, nil, true, segmentOutside(src, o, lo, hi, int64(len(crd)), nvals)
		}
		prev := int64(-1)
		for x, w := range crd[lo:hi] {
			v := int64(w)
			if uint64(v) >= uint64(cols) {
				return nil, nil, true, columnOutside(src, lo+int64(x), v, cols)
			}
			if v <= prev {
				return nil, nil, false, nil
			}
			prev = v
			cnt[v+1]++
		}
	}
	for c := int64(1); c <= cols; c++ {
		cnt[c] += cnt[c-1]
	}
	n := int64(cnt[cols])
	if idx := addCount(cols+1, n); bytesFor(addCount(idx, cols+1), n, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, n, valueSize, limit)
	}
	outCrd, out := make([]O, n), make([]W, n)
	// The scatter: cnt[c] is where column c's next entry goes, and ends at
	// the column's end; shifted back to the starts after.
	next := cnt[:cols]
	for o := int64(0); o < rows; o++ {
		if poll != nil && o&pollMask == 0 {
			poll()
		}
		lo, hi := int64(pos[o]), int64(pos[o+1])
		if lo == hi {
			continue
		}
		vs := vals[lo:hi]
		for x, w := range crd[lo:hi] {
			at := next[w]
			outCrd[at], out[at] = O(o), vs[x]
			next[w] = at + 1
		}
	}
	copy(cnt[1:], cnt[:cols])
	cnt[0] = 0
	s := structureOut(p.f, src.Shape, p.sizes, [][]O{{}, cnt}, [][]O{{}, outCrd})
	return s, out, true, nil
}
