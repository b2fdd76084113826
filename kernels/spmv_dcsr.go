package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// The doubly compressed row kernels: a DCSR matrix is a CSR a over its
// stored rows only, with rows[r] the row of the result that a's row r is.
// A run of stored rows whose result rows are consecutive (rows[r] = r + off
// over the run) is a plain CSR block written off rows further down, so the
// CSR row kernels (assembly included) run on it unchanged, with the output
// shifted by off rows. Each result row is computed by one kernel call
// whatever the split, so the result is bit-identical at any thread count.

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
	if err := checkDCSRRows(fn, rows, a.Rows, len(y)); err != nil {
		return err
	}
	if len(rows) == len(y) {
		// Ascending unique rows of y, as many as y has: every row, in order.
		return SpMV(alpha, a, x, 0, y)
	}
	work := int64(a.NNZ()) + int64(a.Rows)
	if parallel.ChunkedParts(work) == 1 {
		spmvDCSRPart(alpha, rows, a, x, y, 0, a.Rows)
		return nil
	}
	parallel.ForRows(a.Ptr, work, func(lo, hi int) {
		spmvDCSRPart(alpha, rows, a, x, y, lo, hi)
	})
	return nil
}

// SpMMDCSR computes C = alpha*A*B for a doubly compressed row matrix A of
// m rows (the CSR a of its stored rows, rows naming their rows of C, as
// SpMVDCSR) and dense row-major B (a.Cols x k) and C (m x k). Rows of C
// that rows does not name are zero; C's old contents are ignored. With
// every row stored it is SpMM, one column SpMVDCSR.
func SpMMDCSR[I Index, V Number](alpha V, rows []I, a CSR[I, V], m int, b []V, k int, c []V) error {
	const fn = "SpMMDCSR"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if m < 0 {
		return argErr(fn, "m", "%d must not be negative", m)
	}
	if err := checkOperandsK(fn, k, "b", b, a.Cols, "a.Cols*k", "c", c, m, "m*k"); err != nil {
		return err
	}
	if err := checkDCSRRows(fn, rows, a.Rows, m); err != nil {
		return err
	}
	switch {
	case k == 0:
		return nil
	case k == 1:
		return SpMVDCSR(alpha, rows, a, b, c)
	case len(rows) == m:
		return SpMM(alpha, a, b, k, 0, c)
	}
	kern := spmmRowKernel[I, V](k)
	parallel.ForRows(a.Ptr, (int64(a.NNZ())+int64(a.Rows))*int64(k), func(lo, hi int) {
		dcsrRuns(rows, m, lo, hi, a.Rows, func(g0, g1 int) { clear(c[g0*k : g1*k]) },
			func(r0, r1, off int) { kern(alpha, 0, a, b, k, c[off*k:], r0, r1) })
	})
	return nil
}

// checkDCSRRows checks that rows has one entry a stored row (stored of
// them), ascending, unique and below m, the rows of the result.
func checkDCSRRows[I Index](fn string, rows []I, stored, m int) error {
	if err := checkLen(fn, "rows", rows, stored, "a.Rows"); err != nil {
		return err
	}
	if len(rows) == m {
		return nil // the caller runs the plain CSR kernel and reads no rows
	}
	for r, i := range rows {
		if int64(i) < 0 || int64(i) >= int64(m) || r > 0 && rows[r-1] >= i {
			return argErr(fn, "rows", "rows[%d] = %d: must be ascending, unique and below the result's %d rows", r, i, m)
		}
	}
	return nil
}

// spmvDCSRPart computes the stored rows [lo, hi) of a DCSR product into y,
// clearing the rows of y before them (and after the last stored row) that
// no stored row names, through SpMV's row kernels.
func spmvDCSRPart[I Index, V Number](alpha V, rows []I, a CSR[I, V], x, y []V, lo, hi int) {
	dcsrRuns(rows, len(y), lo, hi, a.Rows, func(g0, g1 int) { clear(y[g0:g1]) },
		func(r0, r1, off int) { spmvPart(alpha, 0, a, x, y[off:], r0, r1) })
}

// dcsrRuns splits the stored rows [lo, hi) of n into runs [r0, r1) whose
// result rows are consecutive, rows[r] = r + off, and calls run on each;
// before a run it calls gap(g0, g1) on the result rows [g0, g1) between
// the previous stored row and the run's first, and, when hi is the last
// stored row, on the rows after it up to m. Every result row is in
// exactly one run or gap over a split of [0, n), so parts can run in
// parallel.
func dcsrRuns[I Index](rows []I, m, lo, hi, n int, gap func(g0, g1 int), run func(r0, r1, off int)) {
	if lo == 0 && n == 0 {
		gap(0, m)
		return
	}
	for r0 := lo; r0 < hi; {
		first := int(rows[r0])
		prev := -1
		if r0 > 0 {
			prev = int(rows[r0-1])
		}
		if first > prev+1 {
			gap(prev+1, first)
		}
		r1 := r0 + 1
		for r1 < hi && int(rows[r1]) == first+(r1-r0) {
			r1++
		}
		run(r0, r1, first-r0)
		r0 = r1
	}
	if hi == n && lo < hi {
		if last := int(rows[n-1]); last+1 < m {
			gap(last+1, m)
		}
	}
}
