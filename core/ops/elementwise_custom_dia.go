package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// diaSlots locates the slots of a DIA-like matrix ((a ± b : compressed,
// r : range): DIA-I, DIA-J, anti-DIA) by the coordinates of a compressed
// pattern over it: an entry (outer x, inner y) lies on the diagonal of
// coordinate v = so*x + si*y, diagonal k = diag[v - vlo] (-1: none), at
// value k*size + x or + y (its range coordinate).
type diaSlots struct {
	diag   []int32
	vlo    int64
	size   int64
	so, si int64
	rOuter bool // the range coordinate is the outer one
	spans  []diagSpan
}

// diagSpan is a diagonal's slots inside the matrix: values [from, to).
type diagSpan struct{ from, to int64 }

// diaSlotsOf reads u, the storage of a matrix of size dims, as diaSlots
// for a pattern whose pos runs over dim outer; ok is false for another
// format, or arrays that do not give one segment of distinct diagonals
// inside the values (the other routes check and word those).
func diaSlotsOf(u *tensor.UST, dims []int64, outer int) (*diaSlots, bool) {
	f := u.Format
	if len(f.Levels) != 2 || len(dims) != 2 || len(u.LevelSizes) != 2 {
		return nil, false
	}
	l0, l1 := f.Levels[0], f.Levels[1]
	if l0.Kind != format.Compressed || l0.Nonunique || (l0.Expr.Op != format.OpSub && l0.Expr.Op != format.OpAdd) ||
		l1.Kind != format.Range || l1.Expr.Op != format.OpDim {
		return nil, false
	}
	a, b, r := f.DimIndex(l0.Expr.A), f.DimIndex(l0.Expr.B), f.DimIndex(l1.Expr.A)
	if a < 0 || b < 0 || a == b || r < 0 || u.LevelSizes[1] != dims[r] {
		return nil, false
	}
	var coef [2]int64 // v = coef[0]*i + coef[1]*j
	coef[a], coef[b] = 1, 1
	if l0.Expr.Op == format.OpSub {
		coef[b] = -1
	}
	pos, crd := indexValues(u.Pos[0]), indexValues(u.Crd[0])
	size := u.LevelSizes[1]
	if len(pos) < 2 || pos[0] != 0 || pos[1] < 0 || pos[1] > int64(len(crd)) || pos[1]*size > u.Values.Numel() {
		return nil, false
	}
	crd = crd[:pos[1]]
	s := &diaSlots{size: size, so: coef[outer], si: coef[1-outer], rOuter: r == outer}
	if len(crd) == 0 {
		return s, true
	}
	lo, hi := crd[0], crd[0]
	for _, v := range crd {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo >= dims[0]+dims[1] { // outside any matrix's diagonals: the level checks word it
		return nil, false
	}
	s.vlo, s.diag = lo, make([]int32, hi-lo+1)
	for i := range s.diag {
		s.diag[i] = -1
	}
	o := 1 - r // the other dim: its coordinate at range coordinate x is coef[o]*(v - coef[r]*x)
	s.spans = make([]diagSpan, len(crd))
	for k, v := range crd {
		if s.diag[v-lo] >= 0 {
			return nil, false
		}
		s.diag[v-lo] = int32(k)
		base, step := coef[o]*v, -coef[o]*coef[r]
		from, to := -base, dims[o]-base // step 1: 0 <= base + x < dims[o]
		if step < 0 {
			from, to = base-dims[o]+1, base+1
		}
		from, to = max(from, 0), min(to, size)
		s.spans[k] = diagSpan{int64(k)*size + from, int64(k)*size + max(from, to)}
	}
	return s, true
}

// indexValues is an index array's values as int64 (a copy where int32:
// DIA's pos and crd are a few words).
func indexValues(a dtype.Array) []int64 {
	if a.DType == dtype.Int64 {
		return dtype.AsSlice[int64](a)[:a.Numel()]
	}
	v := make([]int64, a.Numel())
	for i, x := range dtype.AsSlice[int32](a)[:a.Numel()] {
		v[i] = int64(x)
	}
	return v
}

// nonFill sums count over the slots inside the matrix, a diagonal at a time.
func (s *diaSlots) nonFill(count func(lo, hi int64) int64) int64 {
	var n int64
	for _, sp := range s.spans {
		n += count(sp.from, sp.to)
	}
	return n
}

// gatherDIA writes into g, for each entry of the compressed pattern (pos,
// crd), the DIA matrix's value there (vals, located by s), fill where no
// diagonal passes; it returns how many values other than fill it moved.
func gatherDIA[I int32 | int64, W comparable](s *diaSlots, pos, crd []I, vals []W, fill W, g []W) int64 {
	diag, so, si, size, rOuter := s.diag, s.so, s.si, s.size, s.rOuter
	n, _ := rowParts(int64(len(pos)-1), int64(len(crd)), func(lo, hi int64) (int64, bool) {
		var moved int64
		for x := lo; x < hi; x++ {
			vx := so*x - s.vlo
			a, b := int64(pos[x]), int64(pos[x+1])
			row, out := crd[a:b], g[a:b]
			out = out[:len(row)]
			for e, c := range row {
				y := int64(c)
				w := fill
				if t := vx + si*y; uint64(t) < uint64(len(diag)) {
					if k := int64(diag[t]); k >= 0 {
						r := y
						if rOuter {
							r = x
						}
						w = vals[k*size+r]
					}
				}
				out[e] = w
				if w != fill {
					moved++
				}
			}
		}
		return moved, true
	})
	return n
}
