package kernels

import (
	"math"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// potrfNB is the column block of PanelCholesky: each block is factored,
// the rows below it solved, and the columns right of it updated by one
// GemmSubNTLower of width potrfNB (one chunk of the packed product).
// potrfLeaf is the width below which the recursive POTRF and TRSM work
// column by column.
const (
	potrfNB   = 256
	potrfLeaf = 16
)

// PanelCholesky factors the nr x nc column-major block a (leading dimension
// lda, nr >= nc) in place, as LAPACK's POTRF and TRSM together: the top
// nc x nc block becomes its lower Cholesky factor L11 (the entries above
// its diagonal are neither read nor written) and the rows below become
// A21 L11^-T. Right-looking by blocks of potrfNB columns, recursive inside
// a block, so that almost all of the work runs in GemmSubNT's tiles; the
// rows below a block are solved by several goroutines when they are many,
// and the result does not depend on how many (see GemmSubNT). It returns
// the first column whose pivot is not positive and finite, with that
// pivot, or -1; the block is then partly factored. Panics (a caller's bug)
// when a is shorter than its shape.
func PanelCholesky(a []float64, lda, nr, nc int) (int, float64) {
	if nc <= 0 {
		return -1, 0
	}
	if nr < nc || lda < nr || len(a) < (nc-1)*lda+nr {
		panic("kernels.PanelCholesky: the block is shorter than its shape")
	}
	for jb := 0; jb < nc; jb += potrfNB {
		nb := min(potrfNB, nc-jb)
		d := a[jb+jb*lda:]
		if j, piv := potrf(d, lda, nb); j >= 0 {
			return jb + j, piv
		}
		below := nr - jb - nb
		if below == 0 {
			break
		}
		trsmRows(a[jb+nb+jb*lda:], lda, below, d, lda, nb)
		if right := nc - jb - nb; right > 0 {
			x := a[jb+nb+jb*lda:]
			gemmSub(below, right, nb, x, lda, x, lda, a[jb+nb+(jb+nb)*lda:], lda, gemmOp{})
		}
	}
	return -1, 0
}

// potrf factors the n x n block a in place (lower, recursive halves): L11,
// then L21 = A21 L11^-T, then A22 - L21 L21^T factored.
func potrf(a []float64, lda, n int) (int, float64) {
	if n <= potrfLeaf {
		return potrfColumns(a, lda, n)
	}
	n1 := n / 2
	if j, piv := potrf(a, lda, n1); j >= 0 {
		return j, piv
	}
	trsm(a[n1:], lda, n-n1, a, lda, n1)
	gemmSerial(n-n1, n-n1, n1, a[n1:], lda, a[n1:], lda, a[n1+n1*lda:], lda, gemmOp{})
	j, piv := potrf(a[n1+n1*lda:], lda, n-n1)
	if j >= 0 {
		return n1 + j, piv
	}
	return -1, 0
}

// potrfColumns factors the n x n block a column by column (left-looking).
func potrfColumns(a []float64, lda, n int) (int, float64) {
	for j := 0; j < n; j++ {
		cj := a[j*lda+j : j*lda+n]
		for p := 0; p < j; p++ {
			cp := a[p*lda+j : p*lda+n]
			AxpySub(cj, cp, cp[0])
		}
		d := cj[0]
		if !(d > 0) || math.IsInf(d, 1) {
			return j, d
		}
		s := math.Sqrt(d)
		cj[0] = s
		scaleBy(cj[1:], 1/s)
	}
	return -1, 0
}

// trsmRows solves X L^T = B in place for the m x n block x (B on entry),
// L the n x n lower block l, by slabs of rows on several goroutines when
// the work pays for it; each row's arithmetic is the same either way.
func trsmRows(x []float64, ldx, m int, l []float64, ldl, n int) {
	parts := gemmParts(int64(m) * int64(n) * int64(n) / 2)
	if parts == 1 {
		trsm(x, ldx, m, l, ldl, n)
		return
	}
	bounds := gemmSplit(m, parts, func(int) int64 { return 1 })
	parallel.For(parts, func(p int) {
		if i0, i1 := bounds[p], bounds[p+1]; i1 > i0 {
			trsm(x[i0:], ldx, i1-i0, l, ldl, n)
		}
	})
}

// trsm solves X L^T = B in place (recursive halves of L's columns): X1
// from L11, then B2 -= X1 L21^T, then X2 from L22.
func trsm(x []float64, ldx, m int, l []float64, ldl, n int) {
	if n <= potrfLeaf {
		for j := 0; j < n; j++ {
			xj := x[j*ldx : j*ldx+m]
			for p := 0; p < j; p++ {
				AxpySub(xj, x[p*ldx:p*ldx+m], l[j+p*ldl])
			}
			scaleBy(xj, 1/l[j+j*ldl])
		}
		return
	}
	n1 := n / 2
	trsm(x, ldx, m, l, ldl, n1)
	gemmSerial(m, n-n1, n1, x, ldx, l[n1:], ldl, x[n1*ldx:], ldx, gemmOp{diag: n - n1})
	trsm(x[n1*ldx:], ldx, m, l[n1+n1*ldl:], ldl, n-n1)
}

// scaleBy multiplies x by a.
func scaleBy(x []float64, a float64) {
	for i := range x {
		x[i] *= a
	}
}
