package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// rowWalk reads a custom-format matrix stored by the outer dim of a
// compressed pattern, so that a row of the pattern (an outer coordinate x)
// meets one segment of the format's compressed level, its inner
// coordinates ascending, without converting it: delta(b) rows
// (x : dense, y : delta(b)) and blocked rows (x / bx : dense, y / by :
// compressed, then the two offsets dense, in either order: BSR with
// column-major blocks and the like).
type rowWalk struct {
	pos, crd dtype.Array // the compressed or delta level's segments
	delta    bool        // crd holds delta's gaps
	bx, by   int64       // block sizes (1 for delta)
	xMajor   bool        // a block stores its outer offset first
	slots    int64       // the values inside the matrix: all of them
}

// rowWalkOf reads u, the storage of a matrix of size dims, as a rowWalk
// for a pattern whose pos runs over dim outer; ok is false for another
// format, or blocks that do not divide the matrix (their padding slots
// lie outside it).
func rowWalkOf(u *tensor.UST, dims []int64, outer int) (*rowWalk, bool) {
	f := u.Format
	if len(dims) != 2 || !f.IsUnique() {
		return nil, false
	}
	xName, yName := f.Dims[outer], f.Dims[1-outer]
	is := func(e format.Expr, op format.Op, dim string) bool { return e.Op == op && e.A == dim }
	switch {
	case len(f.Levels) == 2 && f.Levels[0].Kind == format.Dense && is(f.Levels[0].Expr, format.OpDim, xName) &&
		f.Levels[1].Kind == format.Delta && is(f.Levels[1].Expr, format.OpDim, yName):
		w := &rowWalk{pos: u.Pos[1], crd: u.Crd[1], delta: true, bx: 1, by: 1}
		return w, w.check(dims[outer], u.Values.Numel())
	case len(f.Levels) == 4 && f.Levels[0].Kind == format.Dense && is(f.Levels[0].Expr, format.OpDiv, xName) &&
		f.Levels[1].Kind == format.Compressed && is(f.Levels[1].Expr, format.OpDiv, yName) &&
		f.Levels[2].Kind == format.Dense && f.Levels[3].Kind == format.Dense:
		bx, by := f.Levels[0].Expr.C, f.Levels[1].Expr.C
		l2, l3 := f.Levels[2].Expr, f.Levels[3].Expr
		xMajor := is(l2, format.OpMod, xName) && l2.C == bx && is(l3, format.OpMod, yName) && l3.C == by
		yMajor := is(l2, format.OpMod, yName) && l2.C == by && is(l3, format.OpMod, xName) && l3.C == bx
		if (!xMajor && !yMajor) || dims[outer]%bx != 0 || dims[1-outer]%by != 0 {
			return nil, false
		}
		w := &rowWalk{pos: u.Pos[1], crd: u.Crd[1], bx: bx, by: by, xMajor: xMajor}
		return w, w.check(dims[outer]/bx, u.Values.Numel())
	}
	return nil, false
}

// check reports whether the level's pos gives rows segments inside crd
// and the values (their slots all inside the matrix), and sets slots.
func (w *rowWalk) check(rows, nvals int64) bool {
	if w.pos.DType != w.crd.DType {
		return false
	}
	var end int64
	var ok bool
	if w.pos.DType == dtype.Int32 {
		end, ok = segmentsEnd(dtype.AsSlice[int32](w.pos)[:w.pos.Numel()], rows, w.crd.Numel())
	} else {
		end, ok = segmentsEnd(dtype.AsSlice[int64](w.pos)[:w.pos.Numel()], rows, w.crd.Numel())
	}
	w.slots = end * w.bx * w.by
	return ok && w.slots <= nvals
}

// segmentsEnd is pos[rows], and whether pos gives rows segments in order
// inside crdLen.
func segmentsEnd[J int32 | int64](pos []J, rows, crdLen int64) (int64, bool) {
	if int64(len(pos)) != rows+1 || pos[0] != 0 || int64(pos[rows]) > crdLen {
		return 0, false
	}
	for x := range rows {
		if pos[x] > pos[x+1] {
			return 0, false
		}
	}
	return int64(pos[rows]), true
}

// gatherWalk writes into g, for each entry of the compressed pattern (pos,
// crd), the value of the matrix w reads (its level wpos, wcrd; vals) at
// that position, fill where it has none, merging each row with its
// segment; it returns how many values other than fill it moved, and false
// where a row of crd is out of order.
func gatherWalk[I, J int32 | int64, W comparable](w *rowWalk, wpos, wcrd []J, pos, crd []I, vals []W, fill W, g []W) (int64, bool) {
	block := w.bx * w.by
	dx, dy := newBlockDiv(w.bx), newBlockDiv(w.by)
	return rowParts(int64(len(pos)-1), int64(len(crd)), func(lo, hi int64) (int64, bool) {
		var moved int64
		for x := lo; x < hi; x++ {
			bx, ox := dx.split(x)
			q, qe := int64(wpos[bx]), int64(wpos[bx+1])
			c := int64(-1) // the segment's coordinate at q (delta's gaps decoded)
			if q < qe {
				c = int64(wcrd[q])
			}
			prev := int64(-1)
			for e := int64(pos[x]); e < int64(pos[x+1]); e++ {
				y := int64(crd[e])
				if y <= prev {
					return 0, false
				}
				prev = y
				by, oy := dy.split(y)
				for q < qe && c < by {
					if q++; q < qe {
						next := int64(wcrd[q])
						if w.delta {
							next += c + 1
						}
						c = next
					}
				}
				v := fill
				if q < qe && c == by {
					slot := q*block + ox*w.by + oy
					if !w.xMajor {
						slot = q*block + oy*w.bx + ox
					}
					v = vals[slot]
				}
				g[e] = v
				if v != fill {
					moved++
				}
			}
		}
		return moved, true
	})
}

func (words[W]) walk(w *rowWalk, pos, crd, vals dtype.Array, fill []byte, g dtype.Array) bool {
	fw := word[W](fill)
	v, out := dtype.AsSlice[W](vals), dtype.AsSlice[W](g)
	total := countNot(v[:w.slots], fw)
	var matched int64
	var ok bool
	switch {
	case pos.DType == dtype.Int32 && w.pos.DType == dtype.Int32:
		matched, ok = gatherWalk(w, dtype.AsSlice[int32](w.pos), dtype.AsSlice[int32](w.crd), dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), v, fw, out)
	case pos.DType == dtype.Int32:
		matched, ok = gatherWalk(w, dtype.AsSlice[int64](w.pos), dtype.AsSlice[int64](w.crd), dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), v, fw, out)
	case w.pos.DType == dtype.Int32:
		matched, ok = gatherWalk(w, dtype.AsSlice[int32](w.pos), dtype.AsSlice[int32](w.crd), dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), v, fw, out)
	default:
		matched, ok = gatherWalk(w, dtype.AsSlice[int64](w.pos), dtype.AsSlice[int64](w.crd), dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), v, fw, out)
	}
	return ok && matched == total
}

// blockDiv splits a coordinate into its block and offset for a block size
// n: a shift and a mask where n is a power of two (delta's 1, BSR's 2 or 4:
// an integer division costs tens of cycles an entry), else a division.
type blockDiv struct {
	n, shift, mask int64
	pow2           bool
}

func newBlockDiv(n int64) blockDiv {
	d := blockDiv{n: n, pow2: n > 0 && n&(n-1) == 0, mask: n - 1}
	for int64(1)<<d.shift < n {
		d.shift++
	}
	return d
}

// split is c / n and c % n (c >= 0).
func (d blockDiv) split(c int64) (int64, int64) {
	if d.pow2 {
		return c >> d.shift, c & d.mask
	}
	return c / d.n, c % d.n
}
