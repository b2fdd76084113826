package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// DenseSpMM computes C = alpha*D*A + beta*C for dense row-major D (m x
// A.Rows) and C (m x A.Cols) and a CSR matrix A. When beta is zero C is
// output only. Rows of C are independent: they are split evenly across
// goroutines above the size threshold, and each goroutine walks A once per
// four rows of D, scattering into four rows of C.
func DenseSpMM[I Index, V Number](alpha V, d []V, m int, a CSR[I, V], beta V, c []V) error {
	const fn = "DenseSpMM"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if m < 0 {
		return argErr(fn, "m", "%d must not be negative", m)
	}
	if err := checkLen2(fn, "d", d, m, a.Rows, "m*a.Rows"); err != nil {
		return err
	}
	if err := checkLen2(fn, "c", c, m, a.Cols, "m*a.Cols"); err != nil {
		return err
	}
	if m == 0 {
		return nil
	}
	// Cut only at multiples of four rows, to keep the 4-row blocking.
	parallel.ForEven(m, 4, int64(m)*(int64(a.NNZ())+int64(a.Rows)), func(lo, hi int) {
		denseSpMMRows(alpha, beta, d, a, c, lo, hi)
	})
	return nil
}

// denseSpMMRows computes rows [r0, r1) of C, four at a time.
func denseSpMMRows[I Index, V Number](alpha, beta V, d []V, a CSR[I, V], c []V, r0, r1 int) {
	p, n := a.Rows, a.Cols
	scaleVec(c[r0*n:r1*n], beta)
	i := r0
	for ; i+4 <= r1; i += 4 {
		d0, d1, d2, d3 := d[i*p:i*p+p], d[(i+1)*p:(i+1)*p+p], d[(i+2)*p:(i+2)*p+p], d[(i+3)*p:(i+3)*p+p]
		c0, c1, c2, c3 := c[i*n:i*n+n], c[(i+1)*n:(i+1)*n+n], c[(i+2)*n:(i+2)*n+n], c[(i+3)*n:(i+3)*n+n]
		d1, d2, d3 = d1[:len(d0)], d2[:len(d0)], d3[:len(d0)]
		for q, dq := range d0 {
			s0, s1, s2, s3 := scale(alpha, dq), scale(alpha, d1[q]), scale(alpha, d2[q]), scale(alpha, d3[q])
			lo, hi := a.Ptr[q], a.Ptr[q+1]
			ci := a.Idx[lo:hi]
			vi := a.Val[lo:hi]
			vi = vi[:len(ci)]
			for t, j := range ci {
				v := vi[t]
				c0[j] += s0 * v
				c1[j] += s1 * v
				c2[j] += s2 * v
				c3[j] += s3 * v
			}
		}
	}
	for ; i < r1; i++ {
		drow, crow := d[i*p:i*p+p], c[i*n:i*n+n]
		for q, dq := range drow {
			s := scale(alpha, dq)
			lo, hi := a.Ptr[q], a.Ptr[q+1]
			ci := a.Idx[lo:hi]
			vi := a.Val[lo:hi]
			vi = vi[:len(ci)]
			for t, j := range ci {
				crow[j] += s * vi[t]
			}
		}
	}
}
