package solve

import (
	"math"

	"github.com/gosparse/gosparse/kernels"
)

// Dense kernels on column-major blocks for the supernodal Cholesky: real
// blocks go to the kernels package (GemmSubNT, GemmSubNTLower,
// PanelCholesky: packed and cache-blocked, on AVX-512 or AVX2 tiles where
// the CPU has them), complex values take plain loops.

// gemmSubNH computes C -= A B^H for an m x w block A (leading dimension
// lda), a k x w block B (ldb) and an m x k block C (ldc), all column-major.
func gemmSubNH[T elem](m, k, w int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
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
			bj := conj(b[j+p*ldb])
			ap := a[p*lda : p*lda+m]
			for i := range cj {
				cj[i] -= ap[i] * bj
			}
		}
	}
}

// gemmNegNHLower sets the entries (i, j), i >= j, of the m x k block C to
// -A B^H (A m x w, B k x w, all column-major) without reading them; the
// entries above C's diagonal are not written.
func gemmNegNHLower[T elem](m, k, w int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	if ar, ok := any(a).([]float64); ok {
		kernels.GemmNegNTLower(m, k, w, ar, lda, any(b).([]float64), ldb, any(c).([]float64), ldc)
		return
	}
	for j := 0; j < min(k, m); j++ {
		cj := c[j*ldc+j : j*ldc+m]
		clear(cj)
		for p := 0; p < w; p++ {
			bj := conj(b[j+p*ldb])
			ap := a[p*lda+j : p*lda+m]
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
// and finite, with that pivot, or -1. Real blocks go to
// kernels.PanelCholesky (blocked, on the GEMM tiles, the rows of a big
// block on several goroutines); complex ones take the column loops below.
func panelCholesky[T elem](blk []T, nr, nc int) (int, float64) {
	if br, ok := any(blk).([]float64); ok {
		return kernels.PanelCholesky(br, nr, nr, nc)
	}
	for jb := 0; jb < nc; jb += panelBlock {
		je := min(jb+panelBlock, nc)
		if jb > 0 {
			gemmSubNH(nr-jb, je-jb, jb, blk[jb:], nr, blk[jb:], nr, blk[jb+jb*nr:], nr)
		}
		for j := jb; j < je; j++ {
			cj := blk[j*nr+j : (j+1)*nr]
			for p := jb; p < j; p++ {
				cp := blk[p*nr+j : (p+1)*nr]
				kernels.AxpySub(cj, cp, conj(cp[0]))
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

// scale multiplies x by a.
func scale[T elem](x []T, a T) {
	for i := range x {
		x[i] *= a
	}
}
