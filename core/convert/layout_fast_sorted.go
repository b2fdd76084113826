package convert

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// sortedCOORows is the row-compressed form of a COO matrix whose entries
// are already in row-major order with unique coordinates (a coalesced one:
// a reduction's result, A.sum(1, keepdim=True)): one counting pass over the
// rows and copies of the columns and values, where the general path sorts.
// The order is checked in the same pass, so a coalesced flag that does not
// hold gives ok false (the caller sorts) rather than a wrong result.
func sortedCOORows[I kernels.Index](r, col []I, vals []byte, rows, cols int64, bb int) (*compressed2D[I], bool) {
	n := len(r)
	col = col[:n]
	ptr := make([]I, rows+1)
	for k := 0; k < n; k++ {
		pollAt(k)
		i, j := r[k], col[k]
		if int64(i) < 0 || int64(i) >= rows || int64(j) < 0 || int64(j) >= cols {
			return nil, false
		}
		if k > 0 && (i < r[k-1] || (i == r[k-1] && j <= col[k-1])) {
			return nil, false
		}
		ptr[i+1]++
	}
	for i := int64(0); i < rows; i++ {
		ptr[i+1] += ptr[i]
	}
	c := &compressed2D[I]{nOuter: rows, nInner: cols, blockBytes: bb, ptr: ptr,
		idx: append([]I(nil), col...), vals: append(dtype.AlignedBytes(0), vals[:n*bb]...)}
	return c, true
}
