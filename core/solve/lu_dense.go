package solve

import "github.com/gosparse/gosparse/kernels"

// Dense kernels of the supernodal LU panels (lu_supernodal.go), on
// column-major blocks.

// gemmSubNT computes C -= A B^T (the transpose, not the conjugate) for an
// m x w block A (leading dimension lda), a k x w block B (ldb) and an m x k
// block C (ldc): float64 goes to kernels.GemmSubNT, complex128 to plain loops.
func gemmSubNT[T elem](m, k, w int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	if m == 0 || k == 0 || w == 0 {
		return
	}
	if ar, ok := any(a).([]float64); ok {
		kernels.GemmSubNT(m, k, w, ar, lda, any(b).([]float64), ldb, any(c).([]float64), ldc)
		return
	}
	for j := 0; j < k; j++ {
		cj := c[j*ldc : j*ldc+m]
		for p := 0; p < w; p++ {
			if bj := b[j+p*ldb]; bj != 0 {
				kernels.AxpySub(cj, a[p*lda:p*lda+m], bj)
			}
		}
	}
}

// trsmUnitLowerT solves X L^T = B in place for the nc x s block B (leading
// dimension nc; row ci is one right-hand side), L the s x s unit lower
// triangle at the top of a block of leading dimension ld: row ci becomes
// L^{-1} times its old value. Blocks of trsmBlock columns are solved with
// plain loops and the rows below each go through one product.
func trsmUnitLowerT[T elem](s, nc int, l []T, ld int, b []T) {
	for b0 := 0; b0 < s; b0 += trsmBlock {
		b1 := min(b0+trsmBlock, s)
		for t := b0; t < b1; t++ {
			bt := b[t*nc : t*nc+nc]
			for r := t + 1; r < b1; r++ {
				if v := l[r+t*ld]; v != 0 {
					kernels.AxpySub(b[r*nc:r*nc+nc], bt, v)
				}
			}
		}
		if b1 < s {
			gemmSubNT(nc, s-b1, b1-b0, b[b0*nc:], nc, l[b1+b0*ld:], ld, b[b1*nc:], nc)
		}
	}
}
