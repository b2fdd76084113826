package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMVDCSR computes y = alpha*A*x for a doubly compressed row matrix: the
// CSR a holds only the stored rows (a.Rows of them, a.Cols columns) and
// rows[r] is the row of y that a's row r is. Rows of y that rows does not
// name are zero; y's old contents are ignored. rows must be ascending and
// unique (a DCSR's first level), so that every y entry has one writer.
// When a stores as many rows as y has, ascending unique rows can only be
// 0..len(y)-1 and this is SpMV itself (rows is then not read: a
// wrong one cannot make it index outside y).
func SpMVDCSR[I Index, V Number](alpha V, rows []I, a CSR[I, V], x, y []V) error {
	const fn = "SpMVDCSR"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if err := checkLen(fn, "x", x, a.Cols, "a.Cols"); err != nil {
		return err
	}
	if err := checkLen(fn, "rows", rows, a.Rows, "a.Rows"); err != nil {
		return err
	}
	if len(rows) == len(y) {
		// Ascending unique rows of y, as many as y has: every row, in order.
		return SpMV(alpha, a, x, 0, y)
	}
	for r, i := range rows {
		if int(i) < 0 || int(i) >= len(y) || r > 0 && rows[r-1] >= i {
			return argErr(fn, "rows", "rows[%d] = %d: must be ascending, unique and below len(y) = %d", r, i, len(y))
		}
	}
	clear(y)
	work := int64(a.NNZ()) + int64(a.Rows)
	if parallel.ChunkedParts(work) == 1 {
		spmvRowsMapped(alpha, a, rows, x, y, 0, a.Rows)
		return nil
	}
	parallel.ForRows(a.Ptr, work, func(lo, hi int) {
		spmvRowsMapped(alpha, a, rows, x, y, lo, hi)
	})
	return nil
}

// spmvRowsMapped computes a's rows [r0, r1) into y[rows[r]], four
// accumulators a row as spmvRows.
func spmvRowsMapped[I Index, V Number](alpha V, a CSR[I, V], rows []I, x, y []V, r0, r1 int) {
	ptr, idx, val := a.Ptr, a.Idx, a.Val
	for r := r0; r < r1; r++ {
		lo, hi := int(ptr[r]), int(ptr[r+1])
		cs, vs := idx[lo:hi], val[lo:hi]
		vs = vs[:len(cs)]
		var s0, s1, s2, s3 V
		k := 0
		for ; k+4 <= len(cs); k += 4 {
			s0 += vs[k] * x[cs[k]]
			s1 += vs[k+1] * x[cs[k+1]]
			s2 += vs[k+2] * x[cs[k+2]]
			s3 += vs[k+3] * x[cs[k+3]]
		}
		for ; k < len(cs); k++ {
			s0 += vs[k] * x[cs[k]]
		}
		y[rows[r]] = alpha * ((s0 + s1) + (s2 + s3))
	}
}
