package solve

import "math"

// Dense kernels on column-major blocks for the supernodal Cholesky. Go
// neither vectorises nor reassociates, so the real kernel keeps a 4 x 2
// tile of C in locals (eight accumulators, within amd64's registers) and
// re-slices so the inner loop runs without bounds checks; complex values
// take the plain loops.

// gemmSubNH computes C -= A B^H for an m x w block A (leading dimension
// lda), a k x w block B (ldb) and an m x k block C (ldc), all column-major.
func gemmSubNH[T elem](m, k, w int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	if m == 0 || k == 0 || w == 0 {
		return
	}
	if ar, ok := any(a).([]float64); ok {
		gemmSubNTReal(m, k, w, ar, lda, any(b).([]float64), ldb, any(c).([]float64), ldc)
		return
	}
	for j := 0; j < k; j++ {
		cj := c[j*ldc : j*ldc+m]
		for p := 0; p < w; p++ {
			bj := conj(b[j+p*ldb])
			ap := a[p*lda : p*lda+m]
			for i := range cj {
				cj[i] -= ap[i] * bj
			}
		}
	}
}

// gemmSubNTReal is gemmSubNH for float64.
func gemmSubNTReal(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
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

// panelBlock is the column block of panelCholesky: the columns before a
// block update it through one gemmSubNH call.
const panelBlock = 32

// panelCholesky factors an nr x nc column-major block in place (nr >= nc,
// leading dimension nr): the top nc x nc block becomes its Cholesky factor
// (lower) and the rows below are solved against it, as LAPACK's POTRF and
// TRSM together. It returns the first column whose pivot is not positive
// and finite, with that pivot, or -1.
func panelCholesky[T elem](blk []T, nr, nc int) (int, float64) {
	for jb := 0; jb < nc; jb += panelBlock {
		je := min(jb+panelBlock, nc)
		if jb > 0 {
			gemmSubNH(nr-jb, je-jb, jb, blk[jb:], nr, blk[jb:], nr, blk[jb+jb*nr:], nr)
		}
		for j := jb; j < je; j++ {
			cj := blk[j*nr+j : (j+1)*nr]
			for p := jb; p < j; p++ {
				cp := blk[p*nr+j : (p+1)*nr]
				axpySub(cj, cp, conj(cp[0]))
			}
			d := realPart(cj[0])
			if !(d > 0) || math.IsInf(d, 1) {
				return j, d
			}
			s := math.Sqrt(d)
			cj[0] = fromReal[T](s)
			scale(cj[1:], fromReal[T](1/s))
		}
	}
	return -1, 0
}

// axpySub computes y -= x a over len(y) entries.
func axpySub[T elem](y, x []T, a T) {
	x = x[:len(y)]
	i := 0
	for ; i+4 <= len(y); i += 4 {
		yy, xx := y[i:i+4], x[i:i+4]
		yy[0] -= xx[0] * a
		yy[1] -= xx[1] * a
		yy[2] -= xx[2] * a
		yy[3] -= xx[3] * a
	}
	for ; i < len(y); i++ {
		y[i] -= x[i] * a
	}
}

// scale multiplies x by a.
func scale[T elem](x []T, a T) {
	for i := range x {
		x[i] *= a
	}
}
