package mmio

import (
	"math"
	"runtime"
	"sort"
	"strconv"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// The symmetry checks of a sparse matrix on its coalesced row-major entries,
// without a map from positions to entries (which costs more than writing
// the file) and without sorting: a binary search finds one entry; the whole
// check pairs each entry right of the diagonal, in row-major order, with
// the next unpaired entry left of the diagonal in its mirror's row.

// find returns the entry at (i, j) of a sparse matrix, by binary search.
func (m *writeEntries) find(i, j int64) (int64, bool) {
	lo := sort.Search(len(m.rows), func(k int) bool { return m.rows[k] >= i })
	hi := lo + sort.Search(len(m.rows)-lo, func(k int) bool { return m.rows[lo+k] > i })
	k := lo + sort.Search(hi-lo, func(k int) bool { return m.cols[lo+k] >= j })
	if k < hi && m.cols[k] == j {
		return int64(k), true
	}
	return 0, false
}

// rowStarts is where each row's entries start, for pairing entries with
// their mirrors (built once for the symmetries a write tries): indexed by
// row where the rows are no more than twice the entries, else by the rank
// of the row among the rows that hold entries (found by binary search), so
// that its memory follows the entries, never the dimensions.
type rowStarts struct {
	ptr  []int64 // slot q's entries are [ptr[q], ptr[q+1])
	rows []int64 // sparse: the rows that hold entries, ascending; nil when dense
}

// slot returns the slot of row i, or -1 for a row without entries (sparse).
func (s *rowStarts) slot(i int64) int64 {
	if s.rows == nil {
		return i
	}
	k := sort.Search(len(s.rows), func(k int) bool { return s.rows[k] >= i })
	if k == len(s.rows) || s.rows[k] != i {
		return -1
	}
	return int64(k)
}

// starts returns the matrix's rowStarts (built on first use).
func (m *writeEntries) starts() *rowStarts {
	if m.rowStart != nil {
		return m.rowStart
	}
	n, nnz := m.shape[0], int64(len(m.rows))
	s := &rowStarts{}
	if n <= 2*nnz+1024 {
		s.ptr = make([]int64, n+1)
		for _, i := range m.rows {
			s.ptr[i+1]++
		}
		for i := range n {
			s.ptr[i+1] += s.ptr[i]
		}
	} else {
		s.rows = []int64{}
		for k, i := range m.rows {
			if k == 0 || m.rows[k-1] != i {
				s.rows, s.ptr = append(s.rows, i), append(s.ptr, int64(k))
			}
		}
		s.ptr = append(s.ptr, nnz)
	}
	m.rowStart = s
	return s
}

// mirrorsAll reports whether every entry (i, j, a) has its mirror (j, i,
// want(a)) stored, a diagonal entry equalling want of itself: each entry
// (i, j) right of the diagonal, in row-major order, must find (j, i) as the
// next unpaired entry of row j (whose entries left of the diagonal come
// first, in the order of their columns), and the entries left of the
// diagonal must be as many as those right of it, so that every one is
// paired. same(k, p) compares entry p with want(entry k).
//
// The mirror rows are split into ranges of about equal entries, one a
// worker: each worker reads all entries and pairs those whose mirror row
// lies in its range, counting the entries of each side there.
func (m *writeEntries) mirrorsAll(same func(k, p int64) bool) bool {
	s := m.starts()
	slots := int64(len(s.ptr) - 1)
	nnz := int64(len(m.rows))
	workers := int64(min(runtime.GOMAXPROCS(0), 1+len(m.rows)>>16))
	// Worker w pairs the mirror rows of slots [bound[w], bound[w+1]).
	bound := make([]int64, workers+1)
	for w := range workers {
		bound[w] = int64(sort.Search(int(slots), func(q int) bool { return s.ptr[q] >= w*nnz/workers }))
	}
	bound[workers] = slots
	var broken atomic.Bool
	tok := cancel.Current()
	parallelParts(int(workers), func(w int) {
		q0, q1 := bound[w], bound[w+1]
		// next[2(q-q0)] is slot q's next unpaired entry, next[2(q-q0)+1] its end.
		next := make([]int64, 2*(q1-q0))
		for q := q0; q < q1; q++ {
			next[2*(q-q0)], next[2*(q-q0)+1] = s.ptr[q], s.ptr[q+1]
		}
		var right, left int64
		for k, i := range m.rows {
			if k&pollLines == 0 {
				tok.Check()
				if broken.Load() {
					return
				}
			}
			j := m.cols[k]
			var q int64
			switch {
			case j < i: // left of the diagonal: counted in its own row's range
				if q = s.slot(i); q >= q0 && q < q1 {
					left++
				}
				continue
			case j == i:
				if q = s.slot(i); q >= q0 && q < q1 && !same(int64(k), int64(k)) {
					broken.Store(true)
					return
				}
				continue
			}
			if q = s.slot(j); q < q0 || q >= q1 {
				if q < 0 {
					broken.Store(true)
					return
				}
				continue
			}
			right++
			at := 2 * (q - q0)
			p := next[at]
			if p >= next[at+1] || m.cols[p] != i || !same(int64(k), p) {
				broken.Store(true)
				return
			}
			next[at] = p + 1
		}
		if left != right {
			broken.Store(true)
		}
	})
	return !broken.Load()
}

// patternMismatch returns "" when a pattern file of the sparse matrix can
// be symmetric: every stored entry's mirror is stored too, whatever the
// values (which the file drops); else the first entry in row-major order
// whose mirror is not stored. The values' check dropped a stored entry
// above the diagonal whose value, zero, equalled its unstored mirror's.
func (m *writeEntries) patternMismatch() string {
	if m.mirrorsAll(func(_, _ int64) bool { return true }) {
		return ""
	}
	for k := range m.rows {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		i, j := m.rows[k], m.cols[k]
		if _, ok := m.find(j, i); !ok {
			return "A[" + strconv.FormatInt(i, 10) + ", " + strconv.FormatInt(j, 10) + "] is stored but A[" +
				strconv.FormatInt(j, 10) + ", " + strconv.FormatInt(i, 10) + "] is not"
		}
	}
	return ""
}

// mirrorCheck returns mirrorsAll's comparison for symmetry s (exact: as
// fits): in the values' own type for the real and integer dtypes off the
// diagonal (the same answers as fits, without widening every value),
// through fits otherwise. Real values of a hermitian matrix compare as
// symmetric.
func (m *writeEntries) mirrorCheck(s string, exact bool) func(k, p int64) bool {
	negate := s == SymmetrySkew
	var same func(k, p int64) bool
	switch m.vals.DType {
	case dtype.Float64:
		same = sameReal(dtype.AsSlice[float64](m.vals), negate, exact)
	case dtype.Float32:
		same = sameReal(dtype.AsSlice[float32](m.vals), negate, exact)
	case dtype.Int64:
		same = sameReal(dtype.AsSlice[int64](m.vals), negate, exact)
	case dtype.Int32:
		same = sameReal(dtype.AsSlice[int32](m.vals), negate, exact)
	default:
		return func(k, p int64) bool { return m.fits(s, m.value(k), m.value(p), k == p, exact) }
	}
	return func(k, p int64) bool {
		if k == p {
			return m.fits(s, m.value(k), m.value(k), true, exact)
		}
		return same(k, p)
	}
}

// sameReal compares v[p] with v[k] or (negate) -v[k], NaN matching NaN,
// and (exact, not negate: as fits) a zero's sign too. An integer's negation
// wraps, as the complex128 comparison would not: the most negative value
// never mirrors itself negated, so it is refused apart.
func sameReal[V float32 | float64 | int32 | int64](v []V, negate, exact bool) func(k, p int64) bool {
	if negate {
		return func(k, p int64) bool {
			a, b := v[k], v[p]
			return (b == -a && (a == 0 || a != -a)) || (a != a && b != b)
		}
	}
	return func(k, p int64) bool {
		a, b := v[k], v[p]
		return (b == a && (!exact || b != 0 || math.Signbit(float64(b)) == math.Signbit(float64(a)))) || (a != a && b != b)
	}
}

// fits reports whether b, the element at (j, i), is what a file of symmetry
// s reads there when it stores a, the element at (i, j); diag (i == j): the
// file stores a itself, or nothing (skew-symmetric: a must be zero). NaN
// matches NaN: a file keeps neither a NaN's sign nor its payload, and a NaN
// on the diagonal breaks no symmetry (it read "A[0, 0] = NaN but A[0, 0] =
// NaN" before). exact (a detected symmetry) also compares the sign of a
// zero that the file keeps: one mirrored as itself (symmetric; the real
// part of hermitian) and the unstored diagonal of a skew-symmetric file,
// which reads +0. A zero mirrored by negation matches either zero: the
// reader's -(+0) is -0 by convention, and asking for it would call nearly
// every dense skew-symmetric or hermitian matrix general.
func (m *writeEntries) fits(s string, a, b complex128, diag, exact bool) bool {
	cplx := m.vals.DType.IsComplex()
	switch {
	case diag && s == SymmetrySkew:
		return a == 0 && (!exact || !math.Signbit(real(a)) && !(cplx && math.Signbit(imag(a))))
	case diag && s == SymmetryHermitian:
		return imag(a) == 0
	case diag:
		return true
	}
	w := a
	switch s {
	case SymmetrySkew:
		w = -a
	case SymmetryHermitian:
		w = complex(real(a), -imag(a))
	}
	return sameNumber(real(w), real(b), exact && s != SymmetrySkew) &&
		sameNumber(imag(w), imag(b), exact && cplx && s == SymmetrySymmetric)
}

// sameNumber reports x == y, NaN matching NaN, and (exact) a zero's sign.
func sameNumber(x, y float64, exact bool) bool {
	return (x == y && (!exact || x != 0 || math.Signbit(x) == math.Signbit(y))) || (x != x && y != y)
}
