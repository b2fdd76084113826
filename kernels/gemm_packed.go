package kernels

import (
	"sync"
	"unsafe"
)

// Blocking of the packed GEMM (the loop order of Goto and van de Geijn):
// a gemmKC x gemmNC panel of B^T is packed once per chunk of w and stays
// in L3, a gemmMC x gemmKC block of A is packed into L2, and the tile
// walks a gemmKC x nr sliver of B (L1) against the slivers of A. On this
// Zen 5 machine (48 KiB L1d, 1 MiB L2 a core) the slivers take 16 and 32
// KiB and the A block 384 KiB. Variables so that tests can shrink them to
// reach every edge with small blocks; gemmKC also cuts the direct path's
// sums, so it must be the same for every path of one call.
var (
	gemmKC = 256
	gemmMC = 192
	gemmNC = 2048
)

// The packed path needs w >= gemmPackMinW and m k w >= gemmPackMinWork:
// below that, copying the panels costs more than their reuse saves (300 x
// 100 x 50 ran at the same speed both ways with AVX-512, 64 x 16 x 16 at
// 48 GFLOP/s direct against 19 packed).
var (
	gemmPackMinW    = 8
	gemmPackMinWork = int64(1 << 20)
)

// gemmBuffers are one goroutine's packed panels.
type gemmBuffers struct{ a, b []float64 }

var gemmPool = sync.Pool{New: func() any { return new(gemmBuffers) }}

// grow returns buf with room for n values.
func grow(buf []float64, n int) []float64 {
	if cap(buf) < n {
		return make([]float64, n)
	}
	return buf[:n]
}

// gemmPacked is gemmSerial's packed path: panels of A and B^T are copied
// into contiguous slivers of mr and nr (zero-padded at the edges) so that
// the tile reads them at unit stride from cache. Tiles at the edges and
// across the diagonal run into a scratch tile whose valid entries are then
// added to C: C + (0 - s) rounds as C - s does.
func gemmPacked(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, diag int, mr, nr int, tile gemmTileFunc) {
	kcMax, mcMax, ncMax := gemmKC, gemmMC/mr*mr, gemmNC/nr*nr
	mcMax, ncMax = max(mcMax, mr), max(ncMax, nr)
	buf := gemmPool.Get().(*gemmBuffers)
	defer gemmPool.Put(buf)
	buf.a = grow(buf.a, (min(m, mcMax)+mr)*kcMax)
	buf.b = grow(buf.b, (min(k, ncMax)+nr)*kcMax)
	for jc := 0; jc < k; jc += ncMax {
		nc := min(ncMax, k-jc)
		// Rows above jc - diag have no entry in these columns.
		i0 := max(0, jc-diag) / mr * mr
		if i0 >= m {
			break
		}
		for pc := 0; pc < w; pc += kcMax {
			kc := min(kcMax, w-pc)
			packPanel(buf.b, b[jc+pc*ldb:], ldb, nc, kc, nr)
			for ic := i0; ic < m; ic += mcMax {
				mc := min(mcMax, m-ic)
				packPanel(buf.a, a[ic+pc*lda:], lda, mc, kc, mr)
				for jr := 0; jr < nc; jr += nr {
					nrr, j := min(nr, nc-jr), jc+jr
					bp := unsafe.Pointer(&buf.b[jr*kc])
					for ir := 0; ir < mc; ir += mr {
						mrr, i := min(mr, mc-ir), ic+ir
						if i+mrr-1+diag < j {
							continue // above the diagonal
						}
						ap := unsafe.Pointer(&buf.a[ir*kc])
						if mrr == mr && nrr == nr && j+nr-1 <= i+diag {
							tile(kc, ap, bp, unsafe.Pointer(&c[i+j*ldc]), 8*mr, 8*nr, 8*ldc)
							continue
						}
						tileInto(tile, kc, ap, bp, 8*mr, 8*nr, c[i+j*ldc:], ldc, mr, nr, mrr, nrr, diag+i-j)
					}
				}
			}
		}
	}
}

// tileInto runs a tile into a zeroed scratch tile and adds its entries
// (ii, jj), ii < mrr, jj < nrr, jj <= ii + diag, to c: for the tiles at the
// edges (whose operands are zero-padded) and across C's diagonal. C + (0 -
// s) rounds as C - s does, so these entries get the bits a direct tile
// would give them.
func tileInto(tile gemmTileFunc, w int, a, b unsafe.Pointer, lda, ldb int, c []float64, ldc, mr, nr, mrr, nrr, diag int) {
	var scratch [16 * 8]float64
	tile(w, a, b, unsafe.Pointer(&scratch[0]), lda, ldb, 8*mr)
	for jj := 0; jj < nrr; jj++ {
		cj := c[jj*ldc:]
		for ii := max(0, jj-diag); ii < mrr; ii++ {
			cj[ii] += scratch[ii+jj*mr]
		}
	}
}

// packPanel copies rows [0, rows) of the column-major block src (leading
// dimension ld), columns [0, cols), into slivers of r rows: sliver q holds
// rows q*r.. as dst[q*r*cols + p*r + i], zero past the last row.
func packPanel(dst, src []float64, ld, rows, cols, r int) {
	for q := 0; q < rows; q += r {
		rr := min(r, rows-q)
		d := dst[q*cols : q*cols+r*cols]
		if rr == r {
			for p := 0; p < cols; p++ {
				copy(d[p*r:p*r+r], src[q+p*ld:q+p*ld+r])
			}
			continue
		}
		for p := 0; p < cols; p++ {
			dp := d[p*r : p*r+r]
			copy(dp, src[q+p*ld:q+p*ld+rr])
			clear(dp[rr:])
		}
	}
}
