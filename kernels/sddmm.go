package kernels

// SDDMM computes the sampled product: for each stored entry (i, j) of the
// CSR pattern s, at position t, out[t] = beta*s.Val[t] + alpha*dot(A[i,:],
// B[:,j]), with A dense row-major (s.Rows x k) and B given as its
// transpose bt, dense row-major (s.Cols x k), so that both operands of a
// dot are contiguous. No conjugation (torch's sampled_addmm). out is laid
// out like s.Val (positions s.Ptr[0] to s.Ptr[Rows]) and may be s.Val
// itself. s.Val is read only when beta is not zero. Rows are split by
// nonzeros above the size threshold.
func SDDMM[I Index, V Number](alpha V, a, bt []V, k int, beta V, s CSR[I, V], out []V) error {
	const fn = "SDDMM"
	if err := checkCSR(fn, "s", s, beta != 0); err != nil {
		return err
	}
	if k < 0 {
		return argErr(fn, "k", "%d must not be negative", k)
	}
	if err := checkLen(fn, "a", a, s.Rows*k, "s.Rows*k"); err != nil {
		return err
	}
	if err := checkLen(fn, "bt", bt, s.Cols*k, "s.Cols*k"); err != nil {
		return err
	}
	if end := int(s.Ptr[s.Rows]); len(out) < end {
		return argErr(fn, "out", "length %d, must be at least s.Ptr[rows] = %d", len(out), end)
	}
	parts := numParts(int64(s.NNZ())*int64(k+1) + int64(s.Rows))
	if parts == 1 {
		sddmmRows(alpha, beta, a, bt, k, s, out, 0, s.Rows)
		return nil
	}
	bounds := splitByWeight(s.Ptr, parts)
	parallelFor(parts, func(p int) {
		sddmmRows(alpha, beta, a, bt, k, s, out, bounds[p], bounds[p+1])
	})
	return nil
}

// sddmmRows computes the entries of rows [r0, r1).
func sddmmRows[I Index, V Number](alpha, beta V, a, bt []V, k int, s CSR[I, V], out []V, r0, r1 int) {
	for i := r0; i < r1; i++ {
		arow := a[i*k : i*k+k]
		lo, hi := s.Ptr[i], s.Ptr[i+1]
		ci := s.Idx[lo:hi]
		oi := out[lo:hi]
		oi = oi[:len(ci)]
		if beta == 0 {
			for t, j := range ci {
				oi[t] = alpha * dot(arow, bt[int(j)*k:int(j)*k+k])
			}
			continue
		}
		vi := s.Val[lo:hi]
		vi = vi[:len(ci)]
		for t, j := range ci {
			oi[t] = beta*vi[t] + alpha*dot(arow, bt[int(j)*k:int(j)*k+k])
		}
	}
}
