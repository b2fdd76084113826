package kernels

import (
	"sync"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/memory"
)

// Blocking of the packed GEMM (the loop order of Goto and van de Geijn):
// a gemmKC x gemmNC panel of B^T is packed once per chunk of w and stays
// in L3, a gemmMC x gemmKC block of A is packed into L2, and the tile
// walks a gemmKC x nr sliver of B (L1) against the slivers of A. On the
// benchmark machine (an Intel Xeon, Emerald Rapids: 48 KiB L1d, 2 MiB L2 a
// core) the slivers take 16 and 32 KiB and the A block 384 KiB. Variables so that tests can shrink them to
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

// grow returns buf with room for n values, new ones uninitialised (the
// panels are written before they are read: packPanel pads with zeros).
func grow(buf []float64, n int) []float64 {
	if cap(buf) < n {
		return memory.UninitSlice[float64](n)
	}
	return buf[:n]
}

// gemmPacked is gemmSerial's packed path over the whole tiles of C: panels
// of A and B^T are copied into contiguous slivers of the tile's rows and
// columns, so that the tile reads them at unit stride from cache; the tiles
// across the diagonal run through a scratch tile. The last rows and
// columns, which do not fill a tile, go to the direct path.
func gemmPacked(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int, op gemmOp, tiles []gemmTileShape) {
	mr, nr, tile := tiles[0].mr, tiles[0].nr, tiles[0].f
	mt, kt := m/mr*mr, k/nr*nr
	kcMax := gemmKC
	mcMax, ncMax := max(gemmMC/mr*mr, mr), max(gemmNC/nr*nr, nr)
	buf := gemmPool.Get().(*gemmBuffers)
	defer gemmPool.Put(buf)
	buf.a = grow(buf.a, min(mt, mcMax)*min(w, kcMax))
	buf.b = grow(buf.b, min(kt, ncMax)*min(w, kcMax))
	diag := op.diag
	for jc := 0; jc < kt; jc += ncMax {
		nc := min(ncMax, kt-jc)
		// Rows above jc - diag have no entry in these columns.
		i0 := max(0, jc-diag) / mr * mr
		if i0 >= mt {
			break
		}
		for pc := 0; pc < w; pc += kcMax {
			kc := min(kcMax, w-pc)
			chunk := gemmOp{diag: diag, set: op.set && pc == 0}
			set := chunk.flag()
			packPanel(buf.b, b[jc+pc*ldb:], ldb, nc, kc, nr)
			for ic := i0; ic < mt; ic += mcMax {
				mc := min(mcMax, mt-ic)
				packPanel(buf.a, a[ic+pc*lda:], lda, mc, kc, mr)
				for jr := 0; jr < nc; jr += nr {
					j := jc + jr
					bp := unsafe.Pointer(&buf.b[jr*kc])
					for ir := max(0, j-diag-ic) / mr * mr; ir < mc; ir += mr {
						i := ic + ir
						if j+nr-1 <= i+diag {
							tile(kc, unsafe.Pointer(&buf.a[ir*kc]), bp, unsafe.Pointer(&c[i+j*ldc]), 8*mr, 8*nr, 8*ldc, set)
						} else if i+mr-1+diag >= j { // across the diagonal
							tileInto(tile, kc, unsafe.Pointer(&buf.a[ir*kc]), bp, 8*mr, 8*nr, c[i+j*ldc:], ldc, mr, nr, mr, nr, chunk.shift(i, j))
						}
					}
				}
			}
		}
	}
	if mt < m {
		gemmDirect(m-mt, kt, w, a[mt:], lda, b, ldb, c[mt:], ldc, op.shift(mt, 0), tiles)
	}
	if kt < k {
		gemmDirect(m, k-kt, w, a, lda, b[kt:], ldb, c[kt*ldc:], ldc, op.shift(0, kt), tiles)
	}
}

// packPanel copies rows [0, rows) of the column-major block src (leading
// dimension ld), columns [0, cols), into slivers of r rows: sliver q holds
// rows q*r.. as dst[q*r*cols + p*r + i], zero past the last row.
func packPanel(dst, src []float64, ld, rows, cols, r int) {
	for q := 0; q < rows; q += r {
		d := dst[q*cols : q*cols+r*cols]
		if rr := rows - q; rr < r {
			for p := 0; p < cols; p++ {
				dp := d[p*r : p*r+r]
				copy(dp, src[q+p*ld:q+p*ld+rr])
				clear(dp[rr:])
			}
			continue
		}
		switch r {
		case 16:
			for p := 0; p < cols; p++ {
				*(*[16]float64)(d[p*16:]) = [16]float64(src[q+p*ld:])
			}
		case 8:
			for p := 0; p < cols; p++ {
				*(*[8]float64)(d[p*8:]) = [8]float64(src[q+p*ld:])
			}
		default:
			for p := 0; p < cols; p++ {
				copy(d[p*r:p*r+r], src[q+p*ld:q+p*ld+r])
			}
		}
	}
}
