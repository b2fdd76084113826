package kernels

import (
	"math"
	"unsafe"
)

// GemmSubNT computes C -= A B^T on column-major float64 blocks: A is m x w
// (leading dimension lda), B is k x w (ldb) and C is m x k (ldc). It is the
// update kernel of the supernodal Cholesky and LU.
//
// Large blocks are packed into contiguous panels and cut into cache-sized
// blocks (gemm_packed.go) and split over goroutines by rows or columns of
// C; the tiles run in assembly (16 x 8 with AVX-512, 8 x 4 with AVX2 and
// FMA) and the edges in Go. Every path computes each entry the same way --
// per chunk of gemmKC steps of w, a sum of fused products in the order of
// p subtracted from C -- so the result does not depend on the path, the
// split or the number of goroutines (on machines without FMA the Go loops
// multiply and add separately, and there is no assembly). Panics (a
// caller's bug) when a block is shorter than its shape says.
func GemmSubNT(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m <= 0 || k <= 0 || w <= 0 {
		return
	}
	checkGemm("GemmSubNT", m, k, w, a, lda, b, ldb, c, ldc)
	gemmSub(m, k, w, a, lda, b, ldb, c, ldc, k)
}

// GemmSubNTLower is GemmSubNT on the lower trapezoid of C only: entry (i, j)
// changes when i >= j, and the entries above C's diagonal stay untouched.
// With B the first k rows of A it is the SYRK of a supernode's diagonal
// block together with the product below it; the tiles above the diagonal
// are skipped.
func GemmSubNTLower(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m <= 0 || k <= 0 || w <= 0 {
		return
	}
	checkGemm("GemmSubNTLower", m, k, w, a, lda, b, ldb, c, ldc)
	gemmSub(m, k, w, a, lda, b, ldb, c, ldc, 0)
}

func checkGemm(name string, m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if lda < m || ldb < k || ldc < m || len(a) < (w-1)*lda+m || len(b) < (w-1)*ldb+k || len(c) < (k-1)*ldc+m {
		panic("kernels." + name + ": a block is shorter than its shape")
	}
}

// gemmTileFunc is an assembly tile: c[0:mr, 0:nr] -= a[0:mr, 0:w]
// b[0:nr, 0:w]^T, strides in bytes.
type gemmTileFunc func(w int, a, b, c unsafe.Pointer, lda, ldb, ldc int)

// gemmSub is GemmSubNT on the entries (i, j) of C with j <= i + diag (diag
// >= k-1: all of them), split over goroutines when the work pays for it.
func gemmSub(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, diag int) {
	parts := gemmParts(gemmWork(m, k, w, diag))
	if parts == 1 {
		gemmSerial(m, k, w, a, lda, b, ldb, c, ldc, diag)
		return
	}
	if diag >= k-1 && k > m {
		// A short, wide C: each goroutine takes a slab of columns.
		bounds := gemmSplit(k, parts, func(j int) int64 { return int64(m) })
		runParts(parts, func(p int) {
			j0, j1 := bounds[p], bounds[p+1]
			if j1 > j0 {
				gemmSerial(m, j1-j0, w, a, lda, b[j0:], ldb, c[j0*ldc:], ldc, j1-j0)
			}
		})
		return
	}
	// Slabs of rows, weighed by the columns each row has below the diagonal.
	bounds := gemmSplit(m, parts, func(i int) int64 { return int64(min(k, max(0, i+diag+1))) })
	runParts(parts, func(p int) {
		i0, i1 := bounds[p], bounds[p+1]
		if i1 > i0 {
			gemmSerial(i1-i0, k, w, a[i0:], lda, b, ldb, c[i0:], ldc, diag+i0)
		}
	})
}

// gemmWork is the number of fused products of gemmSub.
func gemmWork(m, k, w, diag int) int64 {
	if diag >= k-1 {
		return int64(m) * int64(k) * int64(w)
	}
	// Rows i < k-1-diag have i+diag+1 columns, the others k.
	full := int64(max(0, m-max(0, k-1-diag)))
	tri := int64(0)
	for i := 0; i < min(m, k-1-diag); i++ {
		tri += int64(max(0, i+diag+1))
	}
	return (full*int64(k) + tri) * int64(w)
}

// gemmSerial runs gemmSub on one goroutine: the packed path when C is big
// enough for the packing to pay and there is an assembly tile, the tiles
// on the caller's blocks otherwise (a C of a few tiles' columns reads each
// sliver of A a few times only: packing it costs more than it saves).
func gemmSerial(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, diag int) {
	mr, nr, tile := gemmTile()
	if tile != nil && m >= 4*mr && k >= 4*nr && w >= gemmPackMinW && int64(m)*int64(k)*int64(w) >= gemmPackMinWork {
		gemmPacked(m, k, w, a, lda, b, ldb, c, ldc, diag, mr, nr, tile)
		return
	}
	gemmDirect(m, k, w, a, lda, b, ldb, c, ldc, diag, mr, nr, tile)
}

// gemmDirect runs the tiles on the caller's blocks, a chunk of gemmKC steps
// of w at a time. The strips of A's last rows and B's last columns that do
// not fill a tile are copied into zero-padded slivers first, so that every
// entry goes through a tile; without tiles the Go loops do it all.
func gemmDirect(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, diag int, mr, nr int, tile gemmTileFunc) {
	if tile == nil {
		for pc := 0; pc < w; pc += gemmKC {
			wc := min(gemmKC, w-pc)
			gemmSubGo(m, k, wc, a[pc*lda:], lda, b[pc*ldb:], ldb, c, ldc, diag)
		}
		return
	}
	kc := gemmKC
	mt, kt := m/mr*mr, k/nr*nr
	var aEdge, bEdge []float64
	if mt < m || kt < k {
		buf := gemmPool.Get().(*gemmBuffers)
		defer gemmPool.Put(buf)
		buf.a, buf.b = grow(buf.a, mr*min(kc, w)), grow(buf.b, nr*min(kc, w))
		aEdge, bEdge = buf.a, buf.b
	}
	for pc := 0; pc < w; pc += kc {
		wc := min(kc, w-pc)
		ap, bp := a[pc*lda:], b[pc*ldb:]
		if aEdge != nil {
			packPanel(aEdge, ap[mt:], lda, m-mt, wc, mr)
		}
		if bEdge != nil {
			packPanel(bEdge, bp[kt:], ldb, k-kt, wc, nr)
		}
		// Each column tile of C (the last one padded) against each row
		// tile (the last one padded).
		for j := 0; j < k; j += nr {
			nrr := min(nr, k-j)
			bt, ldbt := unsafe.Pointer(nil), 8*ldb
			if nrr == nr {
				bt = unsafe.Pointer(&bp[j])
			} else {
				bt, ldbt = unsafe.Pointer(&bEdge[0]), 8*nr
			}
			for i := max(0, j-diag) / mr * mr; i < m; i += mr {
				mrr := min(mr, m-i)
				at, ldat := unsafe.Pointer(nil), 8*lda
				if mrr == mr {
					at = unsafe.Pointer(&ap[i])
				} else {
					at, ldat = unsafe.Pointer(&aEdge[0]), 8*mr
				}
				if mrr == mr && nrr == nr && j+nr-1 <= i+diag {
					tile(wc, at, bt, unsafe.Pointer(&c[i+j*ldc]), ldat, ldbt, 8*ldc)
					continue
				}
				if i+mrr-1+diag >= j { // not wholly above the diagonal
					tileInto(tile, wc, at, bt, ldat, ldbt, c[i+j*ldc:], ldc, mr, nr, mrr, nrr, diag+i-j)
				}
			}
		}
	}
}

// madd returns s + x y rounded once where the CPU fuses multiply-adds (as
// the assembly tiles do), twice elsewhere.
func madd(x, y, s float64) float64 {
	if haveFMA {
		return math.FMA(x, y, s)
	}
	return s + x*y
}

// gemmSubGo is gemmSub's Go loop (one chunk of w): a 4 x 2 tile of C in
// locals, re-slicing that drops the inner loop's bounds checks, and the
// entries (i, j) with j > i + diag skipped.
func gemmSubGo(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, diag int) {
	j := 0
	for ; j+2 <= k; j += 2 {
		// Row r0 is the first with column j, r1 the first with both.
		r0, r1 := max(0, j-diag), max(0, j+1-diag)
		if r0 >= m {
			return
		}
		c0 := c[j*ldc : j*ldc+m]
		c1 := c[(j+1)*ldc : (j+1)*ldc+m]
		for i := r0; i < min(r1, m); i++ {
			c0[i] -= gemmDot(w, a[i:], lda, b[j:], ldb)
		}
		i := r1
		for ; i+4 <= m; i += 4 {
			var s00, s10, s20, s30, s01, s11, s21, s31 float64
			for p := 0; p < w; p++ {
				ap := a[i+p*lda : i+p*lda+4]
				bp := b[j+p*ldb : j+p*ldb+2]
				b0, b1 := bp[0], bp[1]
				a0, a1, a2, a3 := ap[0], ap[1], ap[2], ap[3]
				s00 = madd(a0, b0, s00)
				s10 = madd(a1, b0, s10)
				s20 = madd(a2, b0, s20)
				s30 = madd(a3, b0, s30)
				s01 = madd(a0, b1, s01)
				s11 = madd(a1, b1, s11)
				s21 = madd(a2, b1, s21)
				s31 = madd(a3, b1, s31)
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
			c0[i] -= gemmDot(w, a[i:], lda, b[j:], ldb)
			c1[i] -= gemmDot(w, a[i:], lda, b[j+1:], ldb)
		}
	}
	if j < k {
		cj := c[j*ldc : j*ldc+m]
		for i := max(0, j-diag); i < m; i++ {
			cj[i] -= gemmDot(w, a[i:], lda, b[j:], ldb)
		}
	}
}

// gemmDot returns the sum over p < w of a[p*lda] b[p*ldb], fused in the
// order of p.
func gemmDot(w int, a []float64, lda int, b []float64, ldb int) float64 {
	s := 0.0
	for p := 0; p < w; p++ {
		s = madd(a[p*lda], b[p*ldb], s)
	}
	return s
}
