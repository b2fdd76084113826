package kernels

// spmmTile is the count of output columns processed together: one tile of
// a row of C (8 KiB of float64) stays in L1 while the row's nonzeros are
// applied to it.
const spmmTile = 1024

// SpMM computes C = alpha*A*B + beta*C for a CSR matrix A (Rows x Cols)
// and dense row-major B (Cols x k) and C (Rows x k). When beta is zero C is
// output only. Rows are split by nonzeros above the size threshold.
func SpMM[I Index, V Number](alpha V, a CSR[I, V], b []V, k int, beta V, c []V) error {
	const fn = "SpMM"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if k < 0 {
		return argErr(fn, "k", "%d must not be negative", k)
	}
	if err := checkLen(fn, "b", b, a.Cols*k, "a.Cols*k"); err != nil {
		return err
	}
	if err := checkLen(fn, "c", c, a.Rows*k, "a.Rows*k"); err != nil {
		return err
	}
	if k == 0 {
		return nil
	}
	if k == 1 {
		// One column: the layout is SpMV's, and SpMV's gather is faster.
		return SpMV(alpha, a, b, beta, c)
	}
	parts := numParts((int64(a.NNZ()) + int64(a.Rows)) * int64(k))
	if parts == 1 {
		spmmRows(alpha, beta, a, b, k, c, 0, a.Rows)
		return nil
	}
	bounds := splitByWeight(a.Ptr, parts)
	parallelFor(parts, func(p int) {
		spmmRows(alpha, beta, a, b, k, c, bounds[p], bounds[p+1])
	})
	return nil
}

// spmmRows computes rows [r0, r1) of C. For each tile of a row of C it
// adds four scaled rows of B at a time, so each element of C is loaded and
// stored once per four nonzeros.
func spmmRows[I Index, V Number](alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	for i := r0; i < r1; i++ {
		crow := c[i*k : i*k+k]
		scaleVec(crow, beta)
		lo, hi := a.Ptr[i], a.Ptr[i+1]
		ci := a.Idx[lo:hi]
		vi := a.Val[lo:hi]
		vi = vi[:len(ci)]
		for t0 := 0; t0 < k; t0 += spmmTile {
			t1 := min(t0+spmmTile, k)
			cr := crow[t0:t1]
			j := 0
			for ; j+4 <= len(ci); j += 4 {
				a0, a1, a2, a3 := alpha*vi[j], alpha*vi[j+1], alpha*vi[j+2], alpha*vi[j+3]
				o0, o1, o2, o3 := int(ci[j])*k, int(ci[j+1])*k, int(ci[j+2])*k, int(ci[j+3])*k
				b0 := b[o0+t0 : o0+t1]
				b1 := b[o1+t0 : o1+t1]
				b2 := b[o2+t0 : o2+t1]
				b3 := b[o3+t0 : o3+t1]
				axpy4(cr, a0, b0, a1, b1, a2, b2, a3, b3)
			}
			for ; j < len(ci); j++ {
				o := int(ci[j]) * k
				axpy(cr, alpha*vi[j], b[o+t0:o+t1])
			}
		}
	}
}

// axpy4 adds a0*b0 + a1*b1 + a2*b2 + a3*b3 into c; every b has len(c).
func axpy4[V Number](c []V, a0 V, b0 []V, a1 V, b1 []V, a2 V, b2 []V, a3 V, b3 []V) {
	b0 = b0[:len(c)]
	b1 = b1[:len(c)]
	b2 = b2[:len(c)]
	b3 = b3[:len(c)]
	for t := range c {
		c[t] += a0*b0[t] + a1*b1[t] + a2*b2[t] + a3*b3[t]
	}
}

// axpy adds a*b into c; len(b) >= len(c).
func axpy[V Number](c []V, a V, b []V) {
	b = b[:len(c)]
	for t := range c {
		c[t] += a * b[t]
	}
}
