package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// filterRows is Convert's route from a CSR-like source (o : dense,
// i : compressed, bare dimensions) to the doubly compressed target of the
// same order (o : compressed, i : compressed: DCSR from CSR, DCSC from
// CSC): the nonempty rows are listed, and the inner level's crd and the
// values are the source's, copied whole. ok is false for other pairs, and
// for a source whose row holds its columns out of order or twice (the
// general routes sort or refuse those).
func filterRows[W any](src *Structure, vals []W, f format.Format, sizes []int64, narrow bool, valueSize, limit int64, poll func()) (s *Structure, out []W, ok bool, err error) {
	if !filterPair(src, f) {
		return nil, nil, false, nil
	}
	n := src.narrow(1)
	switch {
	case n != nil && narrow:
		return filterRowsOf[int32, W, int32](src, n.Pos, n.Crd, vals, f, sizes, valueSize, limit, poll)
	case n != nil:
		return filterRowsOf[int32, W, int64](src, n.Pos, n.Crd, vals, f, sizes, valueSize, limit, poll)
	case narrow:
		return filterRowsOf[int64, W, int32](src, src.Levels[1].Pos, src.Levels[1].Crd, vals, f, sizes, valueSize, limit, poll)
	}
	return filterRowsOf[int64, W, int64](src, src.Levels[1].Pos, src.Levels[1].Crd, vals, f, sizes, valueSize, limit, poll)
}

// filterPair reports whether src is (o : dense, i : compressed) and f
// (o : compressed, i : compressed), both unique, on bare dimensions.
func filterPair(src *Structure, f format.Format) bool {
	g := src.Format
	if len(g.Levels) != 2 || len(f.Levels) != 2 || len(src.Levels) != 2 || len(src.Shape) != 2 || !f.IsUnique() || !g.IsUnique() {
		return false
	}
	s0, s1, t0, t1 := g.Levels[0], g.Levels[1], f.Levels[0], f.Levels[1]
	bare := s0.Expr.Op == format.OpDim && s1.Expr.Op == format.OpDim && t0.Expr.Op == format.OpDim && t1.Expr.Op == format.OpDim
	return bare && s0.Kind == format.Dense && s1.Kind == format.Compressed && t0.Kind == format.Compressed && t1.Kind == format.Compressed &&
		g.DimIndex(s0.Expr.A) == f.DimIndex(t0.Expr.A) && g.DimIndex(s1.Expr.A) == f.DimIndex(t1.Expr.A) &&
		slices.Equal(src.LevelSizes, []int64{src.Shape[g.DimIndex(s0.Expr.A)], src.Shape[g.DimIndex(s1.Expr.A)]})
}

func filterRowsOf[I int32 | int64, W any, O outIndex](src *Structure, pos, crd []I, vals []W, f format.Format, sizes []int64, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	rows, cols := src.LevelSizes[0], src.LevelSizes[1]
	nvals := int64(len(vals))
	if err := checkRowPos(src, pos, rows); err != nil {
		return nil, nil, true, err
	}
	// One pass over the rows: check each segment (inside crd and the
	// values, its columns inside the level and ascending) and count the
	// nonempty ones.
	nonempty := int64(0)
	for o := int64(0); o < rows; o++ {
		if poll != nil && o&pollMask == 0 {
			poll()
		}
		lo, hi := int64(pos[o]), int64(pos[o+1])
		if lo > hi || lo < 0 || hi > int64(len(crd)) || (hi > lo && hi > nvals) {
			return nil, nil, true, segmentOutside(src, o, lo, hi, int64(len(crd)), nvals)
		}
		if lo == hi {
			continue
		}
		nonempty++
		seg := crd[lo:hi]
		prev := int64(-1)
		for x, w := range seg {
			v := int64(w)
			if uint64(v) >= uint64(cols) {
				return nil, nil, true, columnOutside(src, lo+int64(x), v, cols)
			}
			if v <= prev {
				return nil, nil, false, nil
			}
			prev = v
		}
	}
	base, n := int64(0), int64(0)
	if rows > 0 {
		base, n = int64(pos[0]), int64(pos[rows])-int64(pos[0])
	}
	idx := addCount(addCount(2+nonempty, nonempty+1), n)
	if nonempty == 0 {
		idx = 2
	}
	if bytesFor(idx, n, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", f, idx, n, valueSize, limit)
	}
	// Every element of the result is written below: the arrays come
	// uninitialised (no clearing pass over the copies).
	outerCrd, innerPos, innerCrd := uninit[O](nonempty), []O{}, uninit[O](n)
	if nonempty > 0 {
		innerPos = uninit[O](nonempty + 1)
		q := 0
		for o := int64(0); o < rows; o++ {
			if pos[o] != pos[o+1] {
				outerCrd[q], innerPos[q] = O(o), O(int64(pos[o])-base)
				q++
			}
		}
		innerPos[nonempty] = O(n)
	}
	copyIndex(innerCrd, crd[base:base+n])
	out := uninit[W](n)
	copy(out, vals[base:base+n])
	s := structureOut(f, src.Shape, sizes, [][]O{{0, O(nonempty)}, innerPos}, [][]O{outerCrd, innerCrd})
	return s, out, true, nil
}
