package ustorage

import (
	"errors"
	"slices"
	"sort"

	"github.com/gosparse/gosparse/core/format"
)

// rowReader reads a 2-D source a run of rows at a time (its row
// dimension being the one it is stored by: CSR's rows, DIA-I's range
// dimension): every entry of rows lo..hi-1, row by row and each row's
// columns ascending, as its column js[k], row xs[k] and value index es[k].
// The slices are buffers reused by the next call. A first read (first)
// checks the rows' arrays as Walk does and gives no value indices.
type rowReader interface {
	rows(lo, hi int64, first bool) (js, xs, es []int64, err error)
}

// rowBuf holds a rowReader's buffers.
type rowBuf struct {
	js, xs, es []int64
}

// grow makes room for n entries in every buffer, keeping what they hold.
func (b *rowBuf) grow(n int) {
	if cap(b.js) < n {
		n = max(n, 2*cap(b.js))
		b.js, b.xs, b.es = slices.Grow(b.js, n), slices.Grow(b.xs, n), slices.Grow(b.es, n)
	}
	b.js, b.xs, b.es = b.js[:cap(b.js)], b.xs[:cap(b.xs)], b.es[:cap(b.es)]
}

// errUnordered is a rowReader's refusal of a row whose columns are out of
// order or repeated: the general routes sort or refuse it.
var errUnordered = errors.New("ustorage: a row's columns out of order")

// rowSource is src read by rows, with its row and column dimensions and
// its number of rows; ok is false for a source of another form. err is a
// source whose arrays disagree with its format.
func rowSource(src *Structure, nvals int64) (rd rowReader, rowDim, colDim int, rows int64, ok bool, err error) {
	g := src.Format
	if len(g.Levels) != 2 || len(src.Levels) != 2 || len(src.Shape) != 2 || !g.IsUnique() {
		return nil, 0, 0, 0, false, nil
	}
	x, err := format.NewIndexer(g)
	if err != nil {
		return nil, 0, 0, 0, false, nil
	}
	sizes, err := x.LevelSizes(src.Shape)
	if err != nil || !slices.Equal(sizes, src.LevelSizes) {
		return nil, 0, 0, 0, false, nil // Walk words the refusal
	}
	l0, l1 := g.Levels[0], g.Levels[1]
	switch {
	case l0.Kind == format.Dense && l1.Kind == format.Compressed && l0.Expr.Op == format.OpDim && l1.Expr.Op == format.OpDim:
		rowDim, colDim = g.DimIndex(l0.Expr.A), g.DimIndex(l1.Expr.A)
		rows := src.LevelSizes[0]
		if n := src.narrow(1); n != nil {
			rd, err = newCSRRows(src, n.Pos, n.Crd, nvals)
		} else {
			rd, err = newCSRRows(src, src.Levels[1].Pos, src.Levels[1].Crd, nvals)
		}
		return rd, rowDim, colDim, rows, err == nil, err
	case l0.Kind == format.Compressed && l1.Kind == format.Range && (l0.Expr.Op == format.OpSub || l0.Expr.Op == format.OpAdd):
		dg, err := diagonalsOf(src, nvals)
		if err != nil {
			return nil, 0, 0, 0, true, err
		}
		if !dg.ascending {
			return nil, 0, 0, 0, false, nil
		}
		runs, ok := dg.rowRuns()
		if !ok {
			return nil, 0, 0, 0, false, nil
		}
		return &diaRows{runs: runs}, dg.r, dg.o, dg.size, true, nil
	}
	return nil, 0, 0, 0, false, nil
}

// csrRows reads (o : dense, i : compressed) by its segments.
type csrRows[I int32 | int64] struct {
	rowBuf
	s        *Structure
	pos, crd []I
	nvals    int64
	cols     int64
}

func newCSRRows[I int32 | int64](s *Structure, pos, crd []I, nvals int64) (*csrRows[I], error) {
	rows := s.LevelSizes[0]
	if err := checkRowPos(s, pos, rows); err != nil {
		return nil, err
	}
	return &csrRows[I]{s: s, pos: pos, crd: crd, nvals: nvals, cols: s.LevelSizes[1]}, nil
}

func (r *csrRows[I]) rows(from, to int64, first bool) ([]int64, []int64, []int64, error) {
	lo, hi := int64(r.pos[from]), int64(r.pos[to])
	if first {
		if err := r.check(from, to); err != nil {
			return nil, nil, nil, err
		}
	}
	r.grow(int(hi - lo))
	js := r.js[:hi-lo]
	for k, w := range r.crd[lo:hi] {
		js[k] = int64(w)
	}
	xs, es := r.xs[:hi-lo], r.es[:hi-lo]
	for x := from; x < to; x++ {
		a, b := int64(r.pos[x])-lo, int64(r.pos[x+1])-lo
		for k := a; k < b; k++ {
			xs[k] = x
		}
	}
	if first {
		return js, xs, nil, nil
	}
	for k := range es {
		es[k] = lo + int64(k)
	}
	return js, xs, es, nil
}

// check checks rows from..to-1: each segment inside crd and the values,
// its columns inside the level and ascending (errUnordered where not).
func (r *csrRows[I]) check(from, to int64) error {
	for x := from; x < to; x++ {
		lo, hi := int64(r.pos[x]), int64(r.pos[x+1])
		if lo > hi || lo < 0 || hi > int64(len(r.crd)) || (hi > lo && hi > r.nvals) {
			return segmentOutside(r.s, x, lo, hi, int64(len(r.crd)), r.nvals)
		}
		prev := int64(-1)
		for k, w := range r.crd[lo:hi] {
			v := int64(w)
			if uint64(v) >= uint64(r.cols) {
				return columnOutside(r.s, lo+int64(k), v, r.cols)
			}
			if v <= prev {
				return errUnordered
			}
			prev = v
		}
	}
	return nil
}

// diaRows reads a DIA-like source by its range dimension: row x's columns
// are its run's diagonals at x (rowRuns), in column order.
type diaRows struct {
	rowBuf
	runs []rowRun
	cur  int
}

func (r *diaRows) rows(from, to int64, first bool) ([]int64, []int64, []int64, error) {
	k := 0
	for x := from; x < to; x++ {
		if r.cur >= len(r.runs) || x < r.runs[r.cur].from {
			r.cur = sort.Search(len(r.runs), func(i int) bool { return r.runs[i].to > x })
		}
		for r.cur < len(r.runs) && r.runs[r.cur].to <= x {
			r.cur++
		}
		if r.cur == len(r.runs) || x < r.runs[r.cur].from {
			continue
		}
		ds := r.runs[r.cur].diags
		r.grow(k + len(ds))
		js, xs := r.js[k:k+len(ds)], r.xs[k:k+len(ds)]
		for i := range ds {
			js[i], xs[i] = ds[i].base+ds[i].step*x, x
		}
		if !first {
			es := r.es[k : k+len(ds)]
			for i := range ds {
				es[i] = ds[i].start + x
			}
		}
		k += len(ds)
	}
	return r.js[:k], r.xs[:k], r.es[:k], nil
}
