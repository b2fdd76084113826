package mmio

import (
	"sort"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// The symmetry checks of a sparse matrix on its coalesced row-major entries,
// without a map from positions to entries (which costs more than writing
// the file): a binary search finds one entry, a sort into column-major order
// compares all of them with their mirrors in one pass.

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

// columnMajor returns the entries' order sorted by column, then row (built
// once for the symmetries a write tries). The entries are in row-major
// order, so a stable counting sort by column gives it in one pass where the
// column counts are no larger than the entries; a radix sort otherwise.
func (m *writeEntries) columnMajor() ([]int64, error) {
	if m.transposed != nil {
		return m.transposed, nil
	}
	n, nnz := m.shape[0], int64(len(m.rows))
	if n > 2*nnz+1024 {
		t, err := kernels.SortCoords([][]int64{m.cols, m.rows}, []int64{n, n})
		if err != nil {
			return nil, err
		}
		m.transposed = t
		return t, nil
	}
	start := make([]int64, n+1)
	for _, c := range m.cols {
		start[c+1]++
	}
	for c := range n {
		start[c+1] += start[c]
	}
	t := make([]int64, nnz)
	for k, c := range m.cols {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		t[start[c]] = int64(k)
		start[c]++
	}
	m.transposed = t
	return t, nil
}

// mirrorsAll reports whether every entry (i, j, a) has its mirror (j, i,
// want(a)) stored, and (for skew) no diagonal entry is non-zero: the k-th
// entry in row-major order against the k-th in column-major order t. The
// float dtypes compare in their own type (the same answers as through
// complex128, without widening every value); the others through value.
func (m *writeEntries) mirrorsAll(t []int64, want func(complex128) complex128, skew bool) bool {
	for k := range m.rows {
		p := t[k]
		if m.rows[k] != m.cols[p] || m.cols[k] != m.rows[p] {
			return false
		}
	}
	switch m.vals.DType {
	case dtype.Float64:
		return mirrorsReal(dtype.AsSlice[float64](m.vals), t, want, skew)
	case dtype.Float32:
		return mirrorsReal(dtype.AsSlice[float32](m.vals), t, want, skew)
	}
	for k := range m.rows {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		p := t[k]
		a := m.value(int64(k))
		if m.value(p) != want(a) {
			return false
		}
		if skew && p == int64(k) && a != 0 {
			return false
		}
	}
	return true
}

// mirrorsReal is mirrorsAll's value check for real values: want is the
// identity (symmetric, hermitian) or negation (skew), told apart by want(1).
func mirrorsReal[V float32 | float64](v []V, t []int64, want func(complex128) complex128, skew bool) bool {
	negate := want(1) == -1
	for k, a := range v {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		p := t[k]
		b := v[p]
		if negate {
			if b != -a {
				return false
			}
		} else if b != a {
			return false
		}
		if skew && p == int64(k) && a != 0 {
			return false
		}
	}
	return true
}
