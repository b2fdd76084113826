package kernels

// SpMV computes y = alpha*A*x + beta*y for a CSR matrix A (Rows x Cols),
// len(x) = Cols, len(y) = Rows. When beta is zero y is output only: its
// old contents (NaN included) are ignored, as in BLAS. Rows are split by
// nonzeros over GOMAXPROCS goroutines above the size threshold.
func SpMV[I Index, V Number](alpha V, a CSR[I, V], x []V, beta V, y []V) error {
	const fn = "SpMV"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if err := checkLen(fn, "x", x, a.Cols, "a.Cols"); err != nil {
		return err
	}
	if err := checkLen(fn, "y", y, a.Rows, "a.Rows"); err != nil {
		return err
	}
	parts := numParts(int64(a.NNZ()) + int64(a.Rows))
	if parts == 1 {
		spmvRows(alpha, beta, a.Ptr, a.Idx, a.Val, x, y, 0, a.Rows)
		return nil
	}
	bounds := splitByWeight(a.Ptr, parts)
	parallelFor(parts, func(p int) {
		spmvRows(alpha, beta, a.Ptr, a.Idx, a.Val, x, y, bounds[p], bounds[p+1])
	})
	return nil
}

// spmvRows computes rows [r0, r1) of y = alpha*A*x + beta*y. Four
// accumulators break the dependency chain of the sum (Go does not
// reassociate floating point by itself).
func spmvRows[I Index, V Number](alpha, beta V, ptr, idx []I, val, x, y []V, r0, r1 int) {
	ptr = ptr[r0 : r1+1]
	y = y[r0:r1]
	lo := ptr[0]
	for i := range y {
		hi := ptr[i+1]
		ci := idx[lo:hi]
		vi := val[lo:hi]
		lo = hi
		vi = vi[:len(ci)]
		var s0, s1, s2, s3 V
		for len(ci) >= 4 && len(vi) >= 4 {
			// Both lengths are tested so that the compiler drops the checks.
			s0 += vi[0] * x[ci[0]]
			s1 += vi[1] * x[ci[1]]
			s2 += vi[2] * x[ci[2]]
			s3 += vi[3] * x[ci[3]]
			ci, vi = ci[4:], vi[4:]
		}
		for k, c := range ci {
			s0 += vi[k] * x[c]
		}
		s := (s0 + s1) + (s2 + s3)
		if beta == 0 {
			y[i] = alpha * s
		} else {
			y[i] = alpha*s + beta*y[i]
		}
	}
}
