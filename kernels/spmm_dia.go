package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMMDIA computes C = alpha*A*B + beta*C for a DIA matrix A (Rows x Cols)
// and dense row-major B (Cols x k) and C (Rows x k). When beta is zero C is
// output only. Row i of C gathers, from each diagonal holding row i, its
// value times the contiguous row i + offset (offset - i on anti-diagonals)
// of B: a streaming axpy with no column index read. Rows are split evenly over goroutines above the size
// threshold; one column is SpMVDIA.
func SpMMDIA[V Number](alpha V, a DIA[V], b []V, k int, beta V, c []V) error {
	const fn = "SpMMDIA"
	if err := checkDIA(fn, "a", a); err != nil {
		return err
	}
	if k < 0 {
		return argErr(fn, "k", "%d must not be negative", k)
	}
	if err := checkLen2(fn, "b", b, a.Cols, k, "a.Cols*k"); err != nil {
		return err
	}
	if err := checkLen2(fn, "c", c, a.Rows, k, "a.Rows*k"); err != nil {
		return err
	}
	if k == 0 {
		return nil
	}
	if k == 1 {
		return SpMVDIA(alpha, a, b, beta, c)
	}
	work := int64(len(a.Offsets)+1) * int64(a.Rows) * int64(k)
	parallel.ForEven(a.Rows, 1, work, func(lo, hi int) {
		spmmDIARows(alpha, beta, a, b, k, c, lo, hi)
	})
	return nil
}

// spmmDIARows computes rows [r0, r1) of C: each row is scaled (or cleared)
// once, then every diagonal holding it adds its scaled row of B.
func spmmDIARows[V Number](alpha, beta V, a DIA[V], b []V, k int, c []V, r0, r1 int) {
	nd := len(a.Offsets)
	lo := make([]int, nd)
	hi := make([]int, nd)
	for t := range nd {
		lo[t], hi[t] = diaSpan(a, t, r0, r1)
	}
	for i := r0; i < r1; i++ {
		crow := c[i*k : i*k+k]
		switch beta {
		case 0:
			clear(crow)
		case 1:
		default:
			for j := range crow {
				crow[j] *= beta
			}
		}
		for t := range nd {
			if i < lo[t] || i >= hi[t] {
				continue
			}
			v := alpha * a.Val[diaSlot(a, t, i)]
			r := diaCol(a, t, i) * k
			axpyRow(crow, v, b[r:r+k])
		}
	}
}

// axpyRow adds v*src to dst, unrolled by four.
func axpyRow[V Number](dst []V, v V, src []V) {
	src = src[:len(dst)]
	j := 0
	for ; j+4 <= len(dst); j += 4 {
		ds := (*[4]V)(dst[j : j+4])
		ss := (*[4]V)(src[j : j+4])
		ds[0] += v * ss[0]
		ds[1] += v * ss[1]
		ds[2] += v * ss[2]
		ds[3] += v * ss[3]
	}
	for ; j < len(dst); j++ {
		dst[j] += v * src[j]
	}
}
