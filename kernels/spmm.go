package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

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
	if err := checkOperandsK(fn, k, "b", b, a.Cols, "a.Cols*k", "c", c, a.Rows, "a.Rows*k"); err != nil {
		return err
	}
	if k == 0 {
		return nil
	}
	if k == 1 {
		// One column: the layout is SpMV's, and SpMV's gather is faster.
		return SpMV(alpha, a, b, beta, c)
	}
	rows := spmmRowKernel[I, V](k)
	parallel.ForRows(a.Ptr, (int64(a.NNZ())+int64(a.Rows))*int64(k), func(lo, hi int) {
		rows(alpha, beta, a, b, k, c, lo, hi)
	})
	return nil
}

// spmmRowKernel is SpMM's row kernel for k > 1 columns: the assembly
// strips where there are some, else register accumulators for narrow k,
// else streaming tiles.
func spmmRowKernel[I Index, V Number](k int) func(alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	if rows := spmmRowsSIMD[I, V](k); rows != nil {
		return rows
	}
	if k <= spmmNarrow {
		return spmmRowsNarrow[I, V]
	}
	return spmmRows[I, V]
}

// spmmNarrow is the widest k for which SpMM keeps a row's outputs in
// registers (spmmRowsNarrow) rather than streaming them through memory.
const spmmNarrow = 16

// spmmRowsNarrow computes rows [r0, r1) of C for small k: for each group
// of eight (then four) output columns it walks the row's nonzeros with
// as many register accumulators and stores each output once. The
// remaining k%4 columns are done one at a time, like SpMV.
func spmmRowsNarrow[I Index, V Number](alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	for i := r0; i < r1; i++ {
		crow := c[i*k : i*k+k]
		lo, hi := a.Ptr[i], a.Ptr[i+1]
		ci := a.Idx[lo:hi]
		vi := a.Val[lo:hi]
		vi = vi[:len(ci)]
		j0 := 0
		for ; j0+8 <= k; j0 += 8 {
			var s0, s1, s2, s3, s4, s5, s6, s7 V
			for t, col := range ci {
				o := int(col)*k + j0
				bs := (*[8]V)(b[o : o+8])
				v := vi[t]
				s0 += v * bs[0]
				s1 += v * bs[1]
				s2 += v * bs[2]
				s3 += v * bs[3]
				s4 += v * bs[4]
				s5 += v * bs[5]
				s6 += v * bs[6]
				s7 += v * bs[7]
			}
			cs := (*[8]V)(crow[j0 : j0+8])
			if beta == 0 {
				cs[0], cs[1], cs[2], cs[3] = scale(alpha, s0), scale(alpha, s1), scale(alpha, s2), scale(alpha, s3)
				cs[4], cs[5], cs[6], cs[7] = scale(alpha, s4), scale(alpha, s5), scale(alpha, s6), scale(alpha, s7)
			} else {
				cs[0] = scale(alpha, s0) + scale(beta, cs[0])
				cs[1] = scale(alpha, s1) + scale(beta, cs[1])
				cs[2] = scale(alpha, s2) + scale(beta, cs[2])
				cs[3] = scale(alpha, s3) + scale(beta, cs[3])
				cs[4] = scale(alpha, s4) + scale(beta, cs[4])
				cs[5] = scale(alpha, s5) + scale(beta, cs[5])
				cs[6] = scale(alpha, s6) + scale(beta, cs[6])
				cs[7] = scale(alpha, s7) + scale(beta, cs[7])
			}
		}
		for ; j0+4 <= k; j0 += 4 {
			var s0, s1, s2, s3 V
			for t, col := range ci {
				o := int(col)*k + j0
				bs := (*[4]V)(b[o : o+4])
				v := vi[t]
				s0 += v * bs[0]
				s1 += v * bs[1]
				s2 += v * bs[2]
				s3 += v * bs[3]
			}
			cs := (*[4]V)(crow[j0 : j0+4])
			if beta == 0 {
				cs[0], cs[1], cs[2], cs[3] = scale(alpha, s0), scale(alpha, s1), scale(alpha, s2), scale(alpha, s3)
			} else {
				cs[0] = scale(alpha, s0) + scale(beta, cs[0])
				cs[1] = scale(alpha, s1) + scale(beta, cs[1])
				cs[2] = scale(alpha, s2) + scale(beta, cs[2])
				cs[3] = scale(alpha, s3) + scale(beta, cs[3])
			}
		}
		for ; j0 < k; j0++ {
			var s V
			for t, col := range ci {
				s += vi[t] * b[int(col)*k+j0]
			}
			if beta == 0 {
				crow[j0] = scale(alpha, s)
			} else {
				crow[j0] = scale(alpha, s) + scale(beta, crow[j0])
			}
		}
	}
}

// spmmRows computes rows [r0, r1) of C for wide k. For each tile of a row of C it
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
				a0, a1, a2, a3 := scale(alpha, vi[j]), scale(alpha, vi[j+1]), scale(alpha, vi[j+2]), scale(alpha, vi[j+3])
				o0, o1, o2, o3 := int(ci[j])*k, int(ci[j+1])*k, int(ci[j+2])*k, int(ci[j+3])*k
				b0 := b[o0+t0 : o0+t1]
				b1 := b[o1+t0 : o1+t1]
				b2 := b[o2+t0 : o2+t1]
				b3 := b[o3+t0 : o3+t1]
				axpy4(cr, a0, b0, a1, b1, a2, b2, a3, b3)
			}
			for ; j < len(ci); j++ {
				o := int(ci[j]) * k
				axpy(cr, scale(alpha, vi[j]), b[o+t0:o+t1])
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
