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
		for r := b0 + 1; r < b1; r++ {
			trsmRow(b[r*nc:r*nc+nc], b, nc, l[r:], ld, b0, r)
		}
		if b1 < s {
			gemmSubNT(nc, s-b1, b1-b0, b[b0*nc:], nc, l[b1+b0*ld:], ld, b[b1*nc:], nc)
		}
	}
}

// trsmRow subtracts from row (of the block b, leading dimension nc) the
// rows t0 .. r-1 of b, already solved, times the multipliers l[t*ld]: the
// left-looking form, four rows at a time, so that row is loaded and
// stored once per four (the right-looking form went through it once per
// row, in a call each). Groups of multipliers that are all zero (the
// zeros of relaxed supernodes) are skipped.
func trsmRow[T elem](row, b []T, nc int, l []T, ld, t0, r int) {
	t := t0
	for ; t+4 <= r; t += 4 {
		l0, l1, l2, l3 := l[t*ld], l[(t+1)*ld], l[(t+2)*ld], l[(t+3)*ld]
		if l0 == 0 && l1 == 0 && l2 == 0 && l3 == 0 {
			continue
		}
		x0, x1, x2, x3 := b[t*nc:t*nc+nc], b[(t+1)*nc:(t+1)*nc+nc], b[(t+2)*nc:(t+2)*nc+nc], b[(t+3)*nc:(t+3)*nc+nc]
		x0, x1, x2, x3 = x0[:len(row)], x1[:len(row)], x2[:len(row)], x3[:len(row)]
		for c := range row {
			row[c] -= l0*x0[c] + l1*x1[c] + l2*x2[c] + l3*x3[c]
		}
	}
	for ; t < r; t++ {
		if v := l[t*ld]; v != 0 {
			kernels.AxpySub(row, b[t*nc:t*nc+nc], v)
		}
	}
}
