package kernels

// GemmSubNT computes C -= A B^T on column-major float64 blocks: A is m x w
// (leading dimension lda), B is k x w (ldb) and C is m x k (ldc). It is the
// update kernel of the supernodal Cholesky. With AVX2 and FMA, 8 x 4 tiles
// of C go to assembly (FMA rounds once per product, so the last bits may
// differ from the Go loops'); the edges, and other machines, take Go loops
// with a 4 x 2 tile in locals. Panics (a caller's bug) when a block is
// shorter than its shape says.
func GemmSubNT(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m <= 0 || k <= 0 || w <= 0 {
		return
	}
	if lda < m || ldb < k || ldc < m || len(a) < (w-1)*lda+m || len(b) < (w-1)*ldb+k || len(c) < (k-1)*ldc+m {
		panic("kernels.GemmSubNT: a block is shorter than its shape")
	}
	mt, kt := gemmTiles(m, k, w, a, lda, b, ldb, c, ldc)
	if mt < m && kt > 0 {
		gemmSubGo(m-mt, kt, w, a[mt:], lda, b, ldb, c[mt:], ldc)
	}
	if kt < k {
		gemmSubGo(m, k-kt, w, a, lda, b[kt:], ldb, c[kt*ldc:], ldc)
	}
}

// gemmSubGo is GemmSubNT in Go: eight accumulators (a 4 x 2 tile of C)
// stay within amd64's registers, and re-slicing drops the bounds checks of
// the inner loop.
func gemmSubGo(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	j := 0
	for ; j+2 <= k; j += 2 {
		c0 := c[j*ldc : j*ldc+m]
		c1 := c[(j+1)*ldc : (j+1)*ldc+m]
		i := 0
		for ; i+4 <= m; i += 4 {
			var s00, s10, s20, s30, s01, s11, s21, s31 float64
			for p := 0; p < w; p++ {
				ap := a[i+p*lda : i+p*lda+4]
				bp := b[j+p*ldb : j+p*ldb+2]
				b0, b1 := bp[0], bp[1]
				a0, a1, a2, a3 := ap[0], ap[1], ap[2], ap[3]
				s00 += a0 * b0
				s10 += a1 * b0
				s20 += a2 * b0
				s30 += a3 * b0
				s01 += a0 * b1
				s11 += a1 * b1
				s21 += a2 * b1
				s31 += a3 * b1
			}
			d0, d1 := c0[i:i+4], c1[i:i+4]
			d0[0] -= s00
			d0[1] -= s10
			d0[2] -= s20
			d0[3] -= s30
			d1[0] -= s01
			d1[1] -= s11
			d1[2] -= s21
			d1[3] -= s31
		}
		for ; i < m; i++ {
			var s0, s1 float64
			for p := 0; p < w; p++ {
				ai := a[i+p*lda]
				s0 += ai * b[j+p*ldb]
				s1 += ai * b[j+1+p*ldb]
			}
			c0[i] -= s0
			c1[i] -= s1
		}
	}
	if j < k {
		cj := c[j*ldc : j*ldc+m]
		for p := 0; p < w; p++ {
			bj := b[j+p*ldb]
			ap := a[p*lda : p*lda+m]
			for i := range cj {
				cj[i] -= ap[i] * bj
			}
		}
	}
}
