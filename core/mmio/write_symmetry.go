package mmio

import (
	"sort"

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
// once for the symmetries a write tries).
func (m *writeEntries) columnMajor() ([]int64, error) {
	if m.transposed == nil {
		n := m.shape[0]
		t, err := kernels.SortCoords([][]int64{m.cols, m.rows}, []int64{n, n})
		if err != nil {
			return nil, err
		}
		m.transposed = t
	}
	return m.transposed, nil
}

// mirrorsAll reports whether every entry (i, j, a) has its mirror (j, i,
// want(a)) stored, and (for skew) no diagonal entry is non-zero: the k-th
// entry in row-major order against the k-th in column-major order t.
func (m *writeEntries) mirrorsAll(t []int64, want func(complex128) complex128, skew bool) bool {
	for k := range m.rows {
		if k&pollLines == 0 {
			cancel.Poll()
		}
		p := t[k]
		if m.rows[k] != m.cols[p] || m.cols[k] != m.rows[p] {
			return false
		}
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
