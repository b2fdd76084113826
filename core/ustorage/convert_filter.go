package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// filterRows is Convert's route from a CSR-like source (o : dense,
// i : compressed, bare dimensions) to the doubly compressed target of the
// same order (o : compressed, i : compressed: DCSR from CSR, DCSC from
// CSC): the nonempty rows are listed, and the inner level's crd and the
// values are the source's, shared where they can be (filterRowsOf). ok is
// false for other pairs, and for a source whose row holds its columns out
// of order or twice (the general routes sort or refuse those).
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

// filterRowsOf is filterRows over pos and crd of type I, writing O. The
// rows split into parts of about equal entries (fixed bounds, part 0 on
// the calling goroutine polling): each part checks its rows and counts
// its nonempty ones, the counts' prefix sum places each part's rows, and
// each part lists its nonempty rows and copies its segments. A problem is
// the first part's that has one, the serial walk's first.
func filterRowsOf[I int32 | int64, W any, O outIndex](src *Structure, pos, crd []I, vals []W, f format.Format, sizes []int64, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	rows := src.LevelSizes[0]
	if err := checkRowPos(src, pos, rows); err != nil {
		return nil, nil, true, err
	}
	parts := parallel.Parts(rows + int64(len(crd)))
	bounds := []int{0, int(rows)}
	if rows > 0 {
		bounds = parallel.SplitByWeight(pos[:rows+1], parts)
	}
	pollOf := func(part int) func() {
		if part == 0 {
			return poll
		}
		return nil
	}
	// first[p+1]: part p's nonempty rows, summed into part p's first
	// nonempty row's place.
	first, errs, unordered := make([]int64, parts+1), make([]error, parts), make([]bool, parts)
	parallel.For(parts, func(p int) {
		first[p+1], unordered[p], errs[p] = checkRows(src, pos, crd, int64(len(vals)), int64(bounds[p]), int64(bounds[p+1]), pollOf(p))
	})
	for p := range parts {
		if errs[p] != nil {
			return nil, nil, true, errs[p]
		}
		if unordered[p] {
			return nil, nil, false, nil
		}
		first[p+1] += first[p]
	}
	nonempty := first[parts]
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
	// The inner level's crd and the values are the source's: a result of
	// its index type shares them (tensors are immutable), and its pos too
	// where every row is nonempty and pos starts at 0, so that the DCSR
	// of a CSR with no empty row makes only the list of rows. Other
	// arrays come uninitialised, every element written below.
	out := vals[base : base+n : base+n]
	innerCrd, share := any(crd[base : base+n : base+n]).([]O)
	if !share {
		innerCrd = uninit[O](n)
	}
	outerCrd, innerPos := uninit[O](nonempty), []O{}
	sharePos := share && base == 0 && nonempty == rows && rows > 0
	switch {
	case sharePos:
		innerPos = any(pos[: rows+1 : rows+1]).([]O)
	case nonempty > 0:
		innerPos = uninit[O](nonempty + 1)
		innerPos[nonempty] = O(n)
	}
	parallel.For(parts, func(p int) {
		copyRows(pos, crd, base, first[p], int64(bounds[p]), int64(bounds[p+1]), outerCrd, innerPos, innerCrd, !sharePos, !share, pollOf(p))
	})
	s := structureOut(f, src.Shape, sizes, [][]O{{0, O(nonempty)}, innerPos}, [][]O{outerCrd, innerCrd})
	return s, out, true, nil
}

// checkRows checks rows [lo, hi) of a CSR-like source (each segment inside
// crd and the nvals values, its columns inside the level and ascending)
// and counts the nonempty ones; it stops at the first problem: an error,
// or unordered for columns out of order or repeated.
func checkRows[I int32 | int64](src *Structure, pos, crd []I, nvals, lo, hi int64, poll func()) (nonempty int64, unordered bool, err error) {
	cols := src.LevelSizes[1]
	for o := lo; o < hi; o++ {
		if poll != nil && o&pollMask == 0 {
			poll()
		}
		a, b := int64(pos[o]), int64(pos[o+1])
		if a > b || a < 0 || b > int64(len(crd)) || (b > a && b > nvals) {
			return 0, false, segmentOutside(src, o, a, b, int64(len(crd)), nvals)
		}
		if a == b {
			continue
		}
		nonempty++
		prev := int64(-1)
		for x, w := range crd[a:b] {
			v := int64(w)
			if uint64(v) >= uint64(cols) {
				return 0, false, columnOutside(src, a+int64(x), v, cols)
			}
			if v <= prev {
				return 0, true, nil
			}
			prev = v
		}
	}
	return nonempty, false, nil
}

// copyRows lists the nonempty rows of [lo, hi) from outer position q
// (outerCrd, and where writePos their segments' starts less base in
// innerPos) and, where copyCrd, copies the rows' segments of crd to
// innerCrd, less base, 64K rows at a time between polls.
func copyRows[I int32 | int64, O outIndex](pos, crd []I, base, q, lo, hi int64, outerCrd, innerPos, innerCrd []O, writePos, copyCrd bool, poll func()) {
	for a := lo; a < hi; {
		if poll != nil {
			poll()
		}
		b := min(hi, (a|pollMask)+1)
		if writePos {
			for o := a; o < b; o++ {
				if pos[o] != pos[o+1] {
					outerCrd[q], innerPos[q] = O(o), O(int64(pos[o])-base)
					q++
				}
			}
		} else {
			for o := a; o < b; o++ {
				outerCrd[o] = O(o) // every row nonempty
			}
		}
		if copyCrd {
			from, to := int64(pos[a]), int64(pos[b])
			copyIndex(innerCrd[from-base:to-base], crd[from:to])
		}
		a = b
	}
}
