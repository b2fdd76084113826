package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

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
	if err := checkOperandsK(fn, k, "a", a, s.Rows, "s.Rows*k", "bt", bt, s.Cols, "s.Cols*k"); err != nil {
		return err
	}
	if end := int(s.Ptr[s.Rows]); len(out) < end {
		return argErr(fn, "out", "length %d, must be at least s.Ptr[rows] = %d", len(out), end)
	}
	rows := sddmmRowsSIMD[I, V]()
	if rows == nil {
		rows = sddmmRows[I, V]
	}
	parallel.ForRows(s.Ptr, int64(s.NNZ())*int64(k+1)+int64(s.Rows), func(lo, hi int) {
		rows(alpha, beta, a, bt, k, s, out, lo, hi)
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
		var vi []V
		if beta != 0 {
			vi = s.Val[lo:hi]
			vi = vi[:len(ci)]
		}
		t := 0
		for ; t+2 <= len(ci); t += 2 {
			// Two entries at once: eight independent sums hide the latency
			// of the adds, and each element of arow is loaded once for both.
			j0, j1 := int(ci[t])*k, int(ci[t+1])*k
			d0, d1 := dot2(arow, bt[j0:j0+k], bt[j1:j1+k])
			d0, d1 = scale(alpha, d0), scale(alpha, d1)
			if beta != 0 {
				d0 += scale(beta, vi[t])
				d1 += scale(beta, vi[t+1])
			}
			oi[t], oi[t+1] = d0, d1
		}
		if t < len(ci) {
			j := int(ci[t]) * k
			d := scale(alpha, dot(arow, bt[j:j+k]))
			if beta != 0 {
				d += scale(beta, vi[t])
			}
			oi[t] = d
		}
	}
}

// dot2 returns dot(x, y) and dot(x, z) (no conjugation); y and z have at
// least len(x) elements.
func dot2[V Number](x, y, z []V) (V, V) {
	n := len(x)
	y = y[:n]
	z = z[:n]
	var s0, s1, s2, s3, r0, r1, r2, r3 V
	i := 0
	for ; i+4 <= n; i += 4 {
		xs := (*[4]V)(x[i : i+4])
		ys := (*[4]V)(y[i : i+4])
		zs := (*[4]V)(z[i : i+4])
		s0 += xs[0] * ys[0]
		s1 += xs[1] * ys[1]
		s2 += xs[2] * ys[2]
		s3 += xs[3] * ys[3]
		r0 += xs[0] * zs[0]
		r1 += xs[1] * zs[1]
		r2 += xs[2] * zs[2]
		r3 += xs[3] * zs[3]
	}
	for ; i < n; i++ {
		s0 += x[i] * y[i]
		r0 += x[i] * z[i]
	}
	return (s0 + s1) + (s2 + s3), (r0 + r1) + (r2 + r3)
}
