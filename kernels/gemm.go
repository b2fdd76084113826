package kernels

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// GemmSubNT computes C -= A B^T on column-major float64 blocks: A is m x w
// (leading dimension lda), B is k x w (ldb) and C is m x k (ldc). It is the
// update kernel of the supernodal Cholesky and LU.
//
// Large blocks are packed into contiguous slivers and cut into cache-sized
// blocks (gemm_packed.go) and split over goroutines by rows or columns of
// C; the tiles run in assembly (16 x 8 with AVX-512, 8 x 4 with AVX2 and
// FMA) and what is left of the edges in Go. Every path computes each entry
// the same way -- per chunk of gemmKC steps of w, a sum of fused products
// in the order of p subtracted from C -- so the result does not depend on
// the path, the split or the number of goroutines (on machines without FMA
// the Go loops multiply and add separately, and there is no assembly).
// Panics (a caller's bug) when a block is shorter than its shape says.
func GemmSubNT(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m <= 0 || k <= 0 || w <= 0 {
		return
	}
	checkGemm("GemmSubNT", m, k, w, a, lda, b, ldb, c, ldc)
	gemmSub(m, k, w, a, lda, b, ldb, c, ldc, gemmOp{diag: k})
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
	gemmSub(m, k, w, a, lda, b, ldb, c, ldc, gemmOp{})
}

// GemmNegNTLower sets the lower trapezoid of C (entries (i, j), i >= j) to
// -A B^T, with the bits GemmSubNTLower gives on a zeroed C, without reading
// C first; the entries above the diagonal are not written. It spares the
// supernodal Cholesky the clearing of its update block.
func GemmNegNTLower(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m <= 0 || k <= 0 {
		return
	}
	if w <= 0 { // an empty product: zeros
		if ldc < m || len(c) < (k-1)*ldc+m {
			panic("kernels.GemmNegNTLower: a block is shorter than its shape")
		}
		for j := 0; j < min(m, k); j++ {
			clear(c[j*ldc+j : j*ldc+m])
		}
		return
	}
	checkGemm("GemmNegNTLower", m, k, w, a, lda, b, ldb, c, ldc)
	gemmSub(m, k, w, a, lda, b, ldb, c, ldc, gemmOp{set: true})
}

func checkGemm(name string, m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if lda < m || ldb < k || ldc < m || len(a) < (w-1)*lda+m || len(b) < (w-1)*ldb+k || len(c) < (k-1)*ldc+m {
		panic("kernels." + name + ": a block is shorter than its shape")
	}
}

// gemmOp says which entries of C a product touches and how: those (i, j)
// with j <= i + diag (diag >= k-1: all of them), and, with set, C is set
// to 0 - the first chunk's product instead of reading it.
type gemmOp struct {
	diag int
	set  bool
}

// shift is the operation on the block of C from row i, column j.
func (op gemmOp) shift(i, j int) gemmOp { return gemmOp{diag: op.diag + i - j, set: op.set} }

// flag is set as the tiles take it.
func (op gemmOp) flag() int {
	if op.set {
		return 1
	}
	return 0
}

// gemmTileFunc is an assembly tile: c[0:mr, 0:nr] -= a[0:mr, 0:w]
// b[0:nr, 0:w]^T (set = 1: c = 0 - the product; set = 2: c = the product,
// for a scratch tile), strides in bytes.
type gemmTileFunc func(w int, a, b, c unsafe.Pointer, lda, ldb, ldc, set int)

// gemmTileShape is an assembly tile and its shape.
type gemmTileShape struct {
	mr, nr int
	f      gemmTileFunc
}

// gemmSub is the product on the entries op selects, split over goroutines
// when the work pays for it.
func gemmSub(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, op gemmOp) {
	parts := gemmParts(gemmWork(m, k, w, op.diag))
	if parts == 1 {
		gemmSerial(m, k, w, a, lda, b, ldb, c, ldc, op)
		return
	}
	if op.diag >= k-1 && k > m {
		// A short, wide C: each goroutine takes a slab of columns.
		bounds := gemmSplit(k, parts, func(j int) int64 { return int64(m) })
		parallel.For(parts, func(p int) {
			j0, j1 := bounds[p], bounds[p+1]
			if j1 > j0 {
				gemmSerial(m, j1-j0, w, a, lda, b[j0:], ldb, c[j0*ldc:], ldc, gemmOp{diag: j1 - j0, set: op.set})
			}
		})
		return
	}
	// Slabs of rows, weighed by the columns each row has below the diagonal.
	bounds := gemmSplit(m, parts, func(i int) int64 { return int64(min(k, max(0, i+op.diag+1))) })
	parallel.For(parts, func(p int) {
		i0, i1 := bounds[p], bounds[p+1]
		if i1 > i0 {
			gemmSerial(i1-i0, k, w, a[i0:], lda, b, ldb, c[i0:], ldc, op.shift(i0, 0))
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
func gemmSerial(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, op gemmOp) {
	tiles := gemmTiles()
	if len(tiles) > 0 {
		mr, nr := tiles[0].mr, tiles[0].nr
		if m >= 4*mr && k >= 4*nr && w >= gemmPackMinW && int64(m)*int64(k)*int64(w) >= gemmPackMinWork {
			gemmPacked(m, k, w, a, lda, b, ldb, c, ldc, op, tiles)
			return
		}
	}
	gemmDirect(m, k, w, a, lda, b, ldb, c, ldc, op, tiles)
}

// gemmDirect runs the tiles on the caller's blocks, a chunk of gemmKC steps
// of w at a time (set only for the first).
func gemmDirect(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, op gemmOp, tiles []gemmTileShape) {
	for pc := 0; pc < w; pc += gemmKC {
		wc := min(gemmKC, w-pc)
		gemmTiled(m, k, wc, a[pc*lda:], lda, b[pc*ldb:], ldb, c, ldc, gemmOp{diag: op.diag, set: op.set && pc == 0}, tiles)
	}
}

// gemmTiled is one chunk of gemmDirect: the largest tile over the whole
// tiles below C's diagonal (through a scratch tile across it); the last
// rows and columns, which do not fill a tile, through a scratch tile on
// zero-padded slivers when they are long, else with the next smaller tile;
// after the smallest, the Go loops. Small blocks so waste little work on
// padding, and long edges do not fall to the Go loops.
func gemmTiled(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, op gemmOp, tiles []gemmTileShape) {
	if len(tiles) == 0 {
		gemmSubGo(m, k, w, a, lda, b, ldb, c, ldc, op)
		return
	}
	mr, nr, tile := tiles[0].mr, tiles[0].nr, tiles[0].f
	mt, kt := m/mr*mr, k/nr*nr
	if !(mt > 0 && kt > 0 || mt == 0 && kt >= gemmLongEdge || kt == 0 && mt >= gemmLongEdge) {
		gemmTiled(m, k, w, a, lda, b, ldb, c, ldc, op, tiles[1:])
		return
	}
	diag, set := op.diag, op.flag()
	for j := 0; j < kt; j += nr {
		for i := max(0, j-diag) / mr * mr; i < mt; i += mr {
			if j+nr-1 <= i+diag {
				tile(w, unsafe.Pointer(&a[i]), unsafe.Pointer(&b[j]), unsafe.Pointer(&c[i+j*ldc]), 8*lda, 8*ldb, 8*ldc, set)
			} else if i+mr-1+diag >= j { // across the diagonal
				tileInto(tile, w, unsafe.Pointer(&a[i]), unsafe.Pointer(&b[j]), 8*lda, 8*ldb, c[i+j*ldc:], ldc, mr, nr, mr, nr, op.shift(i, j))
			}
		}
	}
	var buf *gemmBuffers
	if (mt < m && kt >= gemmLongEdge) || (kt < k && mt >= gemmLongEdge) {
		buf = gemmPool.Get().(*gemmBuffers)
		defer gemmPool.Put(buf)
	}
	if mt < m {
		if kt >= gemmLongEdge {
			// The last rows, zero-padded to a sliver of mr rows.
			buf.a = grow(buf.a, mr*w)
			packPanel(buf.a, a[mt:], lda, m-mt, w, mr)
			for j := 0; j < kt; j += nr {
				if mt+m-mt-1+diag >= j {
					tileInto(tile, w, unsafe.Pointer(&buf.a[0]), unsafe.Pointer(&b[j]), 8*mr, 8*ldb, c[mt+j*ldc:], ldc, mr, nr, m-mt, nr, op.shift(mt, j))
				}
			}
		} else {
			gemmTiled(m-mt, kt, w, a[mt:], lda, b, ldb, c[mt:], ldc, op.shift(mt, 0), tiles[1:])
		}
	}
	if kt < k {
		if mt >= gemmLongEdge {
			// The last columns, zero-padded to a sliver of nr columns;
			// the corner below the whole row tiles goes on down.
			buf.b = grow(buf.b, nr*w)
			packPanel(buf.b, b[kt:], ldb, k-kt, w, nr)
			for i := max(0, kt-diag) / mr * mr; i < mt; i += mr {
				if i+mr-1+diag >= kt {
					tileInto(tile, w, unsafe.Pointer(&a[i]), unsafe.Pointer(&buf.b[0]), 8*lda, 8*nr, c[i+kt*ldc:], ldc, mr, nr, mr, k-kt, op.shift(i, kt))
				}
			}
			if mt < m {
				gemmTiled(m-mt, k-kt, w, a[mt:], lda, b[kt:], ldb, c[mt+kt*ldc:], ldc, op.shift(mt, kt), tiles[1:])
			}
		} else {
			gemmTiled(m, k-kt, w, a, lda, b[kt:], ldb, c[kt*ldc:], ldc, op.shift(0, kt), tiles[1:])
		}
	}
}

// gemmLongEdge is the length (rows or columns of C) from which gemmTiled
// runs an edge through scratch tiles on a padded sliver rather than with
// smaller tiles.
const gemmLongEdge = 64

// tileInto runs a tile into a scratch tile and moves its entries (ii, jj),
// ii < mrr, jj < nrr, jj <= ii + op.diag, into c as the tile would have
// stored them: for the tiles whose operands are zero-padded slivers and
// for those across C's diagonal.
func tileInto(tile gemmTileFunc, w int, a, b unsafe.Pointer, lda, ldb int, c []float64, ldc, mr, nr, mrr, nrr int, op gemmOp) {
	var scratch [16 * 8]float64
	tile(w, a, b, unsafe.Pointer(&scratch[0]), lda, ldb, 8*mr, 2)
	for jj := 0; jj < nrr; jj++ {
		cj := c[jj*ldc:]
		s := scratch[jj*mr : jj*mr+mrr]
		for ii := max(0, jj-op.diag); ii < mrr; ii++ {
			if op.set {
				cj[ii] = 0 - s[ii]
			} else {
				cj[ii] -= s[ii]
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
// entries (i, j) with j > i + op.diag skipped.
func gemmSubGo(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, op gemmOp) {
	diag := op.diag
	// put stores the sum s into *d as the tiles do: *d - s, or 0 - s.
	put := func(d *float64, s float64) {
		if op.set {
			*d = 0 - s
		} else {
			*d -= s
		}
	}
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
			put(&c0[i], gemmDot(w, a[i:], lda, b[j:], ldb))
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
			put(&d0[0], s00)
			put(&d0[1], s10)
			put(&d0[2], s20)
			put(&d0[3], s30)
			put(&d1[0], s01)
			put(&d1[1], s11)
			put(&d1[2], s21)
			put(&d1[3], s31)
		}
		for ; i < m; i++ {
			put(&c0[i], gemmDot(w, a[i:], lda, b[j:], ldb))
			put(&c1[i], gemmDot(w, a[i:], lda, b[j+1:], ldb))
		}
	}
	if j < k {
		cj := c[j*ldc : j*ldc+m]
		for i := max(0, j-diag); i < m; i++ {
			put(&cj[i], gemmDot(w, a[i:], lda, b[j:], ldb))
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
