package kernels

import (
	"math"
	"sync"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Gemm sets the row-major c (m x n) to alpha * a @ b for row-major a (m x
// k) and b (k x n): the dense @ dense product of strided tensors. It is
// GemmStrided with the strides of contiguous rows.
func Gemm[V float32 | float64](m, k, n int, alpha V, a, b, c []V) {
	GemmStrided(m, k, n, alpha, a, k, 1, b, n, 1, c)
}

// GemmStrided sets the row-major c (m x n) to alpha * a @ b, where entry
// (i, p) of a is a[i*rsa + p*csa] and entry (p, j) of b is b[p*rsb +
// j*csb]: any strided view (a transposed one included) is read in place.
//
// The product runs as Goto and van de Geijn's blocked GEMM: panels of A
// and B are packed straight from their strides into slivers of mr rows and
// nr columns (no transposed copy of either), and a register tile in
// assembly (6 x 16 float32 / 6 x 8 float64 with AVX2 and FMA, 12 x 32 /
// 12 x 16 with AVX-512, 12 x 16 / 12 x 8 when c has at most 16 / 8
// columns) or, elsewhere, in Go (4 x 4) sums each chunk of gemmNNKC steps
// of k.
//
// Accuracy: float32 is computed in float32 with fused multiply-adds, as
// the sgemm of OpenBLAS, MKL and so torch and numpy do (error bound about
// k * 2^-24 * sum |a||b| per entry, chunked summation keeps it lower in
// practice). Every entry is summed the same way on every path: per chunk,
// fused products in the order of p from zero, the chunks added to c in
// order, alpha applied last (when it is not 1). Tiles, edges (scratch
// tiles on zero-padded slivers) and the split over goroutines (rows or
// columns of c) do not change it, so results do not depend on the thread
// count. The Go tile fuses float64 products with math.FMA (the bits of the
// assembly) and float32 ones through a float64 math.FMA rounded to
// float32, which can differ from a float32 FMA in the last bit in rare
// double-rounding cases. Panics (a caller's bug) when a slice is shorter
// than its shape and strides say or a stride is negative.
func GemmStrided[V float32 | float64](m, k, n int, alpha V, a []V, rsa, csa int, b []V, rsb, csb int, c []V) {
	if m <= 0 || n <= 0 {
		return
	}
	if rsa < 0 || csa < 0 || rsb < 0 || csb < 0 || len(c) < m*n ||
		k > 0 && (len(a) <= (m-1)*rsa+(k-1)*csa || len(b) <= (k-1)*rsb+(n-1)*csb) {
		panic("kernels.Gemm: a slice is shorter than its shape")
	}
	c = c[:m*n]
	if k <= 0 {
		clear(c)
		return
	}
	t := gemmNNTileFor[V](n)
	g := gemmNNCall[V]{k: k, n: n, alpha: alpha, a: a, rsa: rsa, csa: csa, b: b, rsb: rsb, csb: csb, c: c, t: t}
	parts := gemmParts(int64(m) * int64(n) * int64(k))
	// Chunks of whole tiles taken by the goroutines in turn
	// (parallel.RunChunks): rows of c, sharing each packed panel of B, or
	// columns when c is short and wide (each chunk packs its own columns
	// of B). A goroutine that the OS runs late only takes fewer chunks;
	// the others never wait for it to start. Each entry is computed the
	// same way in any chunk.
	if byCols := parts > 1 && m < parts*t.mr*2 && n > m; byCols {
		bounds := gemmNNSplit(n, t.nr, parts)
		parallel.RunChunks(parts, len(bounds)-1, func(_, p int) { g.run(0, m, 1, bounds[p], bounds[p+1]) })
		return
	}
	g.run(0, m, parts, 0, n)
}

// gemmNNSplit cuts [0, n) into at most parts ranges of whole tiles of
// width step, as even as the tiles allow.
func gemmNNSplit(n, step, parts int) []int {
	tiles := (n + step - 1) / step
	parts = max(1, min(parts, tiles))
	bounds := make([]int, parts+1)
	for p := 1; p < parts; p++ {
		bounds[p] = tiles * p / parts * step
	}
	bounds[parts] = n
	return bounds
}

// Blocking of Gemm: a panel of B of gemmNNNC columns and as many chunks
// of gemmNNKC steps of k as fit gemmNNPanelBytes is packed once, shared by
// the goroutines (L3); each packs a gemmNNMC x gemmNNKC block of A (L2)
// and walks the panel's chunks over it, so that its gemmNNMC x gemmNNNC
// block of c stays in L2 from one chunk's additions to the next; the tile
// walks a gemmNNKC x nr sliver of B (L1) against the slivers of A.
// Variables so that tests can shrink them to reach every edge with small
// shapes; gemmNNKC cuts the sums, so it is the same for every path of one
// call.
var (
	gemmNNKC         = 256
	gemmNNMC         = 192
	gemmNNNC         = 2048
	gemmNNPanelBytes = 8 << 20
	// gemmNNRecycleBytes is the size from which a panel goes back to the
	// memory package's recycler rather than to a sync.Pool.
	gemmNNRecycleBytes = 1 << 20
)

// gemmNNTileFunc is an assembly tile of Gemm: it sums kc steps of A
// (entry (i, p) at a + i*rsa + p*csa bytes) and B (entry (p, j) at b +
// p*ldb bytes + j) into c (row stride ldc bytes), storing (add = 0) or
// adding (add = 1).
type gemmNNTileFunc func(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

// gemmNNTileFuncK is a packed-A tile (see gemmNNTile's fk): a
// gemmNNTileFunc that also prefetches into L2, two lines every eight
// steps, the lines from pf on (a share of the next sliver of B).
type gemmNNTileFuncK func(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int, pf unsafe.Pointer)

// gemmNNTile is a register tile of Gemm, mr x nr; nil f: the Go tile. f8
// and f4, where not nil, are the tile for 8 and 4 rows, for the last rows
// of c (a 12-row tile on 4 rows would do three times their work); fp, where
// not nil, is f prefetching A's rows, for A read in place with contiguous
// rows; fk, where not nil, is f prefetching a packed sliver of A and the
// next sliver of B and spreading the prefetches of its c over the first
// steps.
type gemmNNTile struct {
	mr, nr int
	f, fp  gemmNNTileFunc
	fk     gemmNNTileFuncK
	f8, f4 gemmNNTileFunc
}

// edge returns the tile for a last sliver of rows < mr rows: the lowest
// of the edge tiles that holds them, else the full tile.
func (t gemmNNTile) edge(rows int) (int, gemmNNTileFunc) {
	switch {
	case rows <= 4 && t.f4 != nil:
		return 4, t.f4
	case rows <= 8 && t.f8 != nil:
		return 8, t.f8
	}
	return t.mr, t.f
}

// gemmNNGoTile is the shape of the Go tile.
var gemmNNGoTile = gemmNNTile{mr: 4, nr: 4}

// gemmNNCall is one product's operands and tile.
type gemmNNCall[V float32 | float64] struct {
	k, n     int
	alpha    V
	a        []V
	rsa, csa int
	b        []V
	rsb, csb int
	c        []V
	t        gemmNNTile
}

// gemmNNBuffers are one goroutine's packed block of A and scratch tile.
type gemmNNBuffers[V float32 | float64] struct{ a, scratch []V }

// gemmNNPanel is a packed panel of B.
type gemmNNPanel[V float32 | float64] struct{ b []V }

var (
	gemmNNPool32  = sync.Pool{New: func() any { return new(gemmNNBuffers[float32]) }}
	gemmNNPool64  = sync.Pool{New: func() any { return new(gemmNNBuffers[float64]) }}
	gemmNNPanel32 = sync.Pool{New: func() any { return new(gemmNNPanel[float32]) }}
	gemmNNPanel64 = sync.Pool{New: func() any { return new(gemmNNPanel[float64]) }}
)

// pools returns the pools of V's buffers.
func (g *gemmNNCall[V]) pools() (bufs, panels *sync.Pool) {
	if unsafe.Sizeof(V(0)) == 4 {
		return &gemmNNPool32, &gemmNNPanel32
	}
	return &gemmNNPool64, &gemmNNPanel64
}

// run computes rows [i0, i1) and columns [j0, j1) of c, on parts
// goroutines when parts > 1: per panel of B, each takes chunks of rows
// (gemmNNRowChunks) until none is left, packing the panel's slivers as
// it reaches them first (split).
func (g *gemmNNCall[V]) run(i0, i1, parts, j0, j1 int) {
	bufs, panels := g.pools()
	pan := panels.Get().(*gemmNNPanel[V])
	defer panels.Put(pan)
	nr, size := g.t.nr, int(unsafe.Sizeof(V(0)))
	kcMax := min(gemmNNKC, g.k)
	ncMax := min(max(gemmNNNC/nr, 1)*nr, (j1-j0+nr-1)/nr*nr)
	// The panel holds whole chunks of k, so that its sums are cut where
	// every path cuts them.
	kbMax := min(max(gemmNNPanelBytes/(size*ncMax*kcMax), 1)*kcMax, (g.k+kcMax-1)/kcMax*kcMax)
	if need := ncMax * kbMax; need*size >= gemmNNRecycleBytes {
		// A large panel outlives collections in the memory package's
		// recycler (a sync.Pool drops it at each one, and its fresh pages
		// fault in again: about 5 ms of a 40 ms 1000^3 float64 product
		// when a collection ran between calls, as in a Python loop).
		// Always the one size, so that every shape takes it again.
		b := growV[V](nil, max(need, gemmNNPanelBytes/size))
		defer memory.RecycleSlice(b)
		pan = &gemmNNPanel[V]{b: b}
	} else {
		pan.b = growV(pan.b, ncMax*kbMax)
	}
	var rows []int
	if parts > 1 {
		rows = gemmNNRowChunks(i0, i1, g.t.mr, parts)
	}
	for jc := j0; jc < j1; jc += ncMax {
		nc := min(ncMax, j1-jc)
		slivers := (nc + nr - 1) / nr
		for kb := 0; kb < g.k; kb += kbMax {
			kbw := min(kbMax, g.k-kb)
			if parts == 1 { // no closures to allocate
				g.packPanel(pan.b, ncMax, jc, nc, kb, kbw, kcMax, g.packedFrom(nc), slivers)
				g.rows(bufs, nil, pan.b, ncMax, i0, i1, jc, nc, kb, kbw, kcMax)
			} else {
				g.split(rows, parts, bufs, pan.b, ncMax, jc, nc, kb, kbw, kcMax)
			}
		}
	}
}

// split is one panel of run on parts goroutines in one pass: chunks of
// rows [rows[q], rows[q+1]) taken by whichever goroutine comes for them
// first, the panel packed as they reach its slivers (gemmNNPack).
func (g *gemmNNCall[V]) split(rows []int, parts int, bufs *sync.Pool, b []V, stride, jc, nc, kb, kbw, kcMax int) {
	pk := g.newPack(b, stride, jc, nc, kb, kbw, kcMax)
	parallel.RunChunks(parts, len(rows)-1, func(_, q int) {
		g.rows(bufs, pk, b, stride, rows[q], rows[q+1], jc, nc, kb, kbw, kcMax)
	})
}

// gemmNNChunksPerPart is how many chunks of rows each goroutine of a split
// Gemm multiplies at least, on average: several, so that when the OS runs
// one goroutine late (a loaded machine) the others take its share instead
// of waiting at the end of the pass for its last chunk.
const gemmNNChunksPerPart = 2

// gemmNNRowChunks cuts rows [i0, i1) into chunks of whole tiles of mr
// rows for parts goroutines: as few as keep each within gemmNNMC rows
// (each is one block of A, and each block streams the panel of B once), at
// least gemmNNChunksPerPart a goroutine, and a multiple of parts, so that
// goroutines running at the same speed finish together; then the last
// parts chunks are cut in two where each has two tiles or more, so that
// the chunk a goroutine the OS stops near the end holds is a half one, and
// the others wait for half as long (1000 rows of 12-row tiles on two
// goroutines: four chunks of 168 rows, then four of 84 and 76). It
// returns the chunks' bounds.
func gemmNNRowChunks(i0, i1, mr, parts int) []int {
	tiles := (i1 - i0 + mr - 1) / mr
	per := max(gemmNNMC/mr, 1)
	chunks := max(gemmNNChunksPerPart*parts, (tiles+per-1)/per)
	bounds := gemmNNSplit(i1-i0, mr, (chunks+parts-1)/parts*parts)
	last := max(0, len(bounds)-1-parts)
	for q := last; q < len(bounds)-1; q++ {
		if bounds[q+1]-bounds[q] <= mr {
			last = len(bounds) - 1 // a one-tile chunk: none is cut
		}
	}
	out := make([]int, 0, len(bounds)+parts)
	for q := 0; q < len(bounds)-1; q++ {
		out = append(out, i0+bounds[q])
		if q >= last {
			out = append(out, i0+bounds[q]+(bounds[q+1]-bounds[q]+mr-1)/mr/2*mr)
		}
	}
	return append(out, i0+bounds[len(bounds)-1])
}

// gemmNNEvenBlock returns the height of the blocks of A that rows rows
// are cut into: whole tiles of mr rows, as few blocks as keep each within
// gemmNNMC rows, all of about one height (1000 rows: six of 168, not five
// of 192 and one of 40, which streams the panel of B for 40 rows).
func gemmNNEvenBlock(rows, mr int) int {
	tiles := (rows + mr - 1) / mr
	blocks := (tiles + max(gemmNNMC/mr, 1) - 1) / max(gemmNNMC/mr, 1)
	return (tiles + blocks - 1) / blocks * mr
}

// directB says whether the tiles read the slivers of B in place, not
// packed, for a panel nc columns wide: when it is narrow enough for A to be
// read in place too (see block) and B's rows are contiguous, its whole
// slivers are rows of nr adjacent values already.
func (g *gemmNNCall[V]) directB(nc int) bool {
	return nc <= gemmNNDirectSlivers*g.t.nr && g.csb == 1
}

// packedFrom returns the first sliver of a panel nc columns wide that is
// packed: 0, or with directB the last one when it is partial (its zero
// padding keeps the tile within B), else none.
func (g *gemmNNCall[V]) packedFrom(nc int) int {
	if g.directB(nc) {
		return nc / g.t.nr
	}
	return 0
}

// packPanel packs slivers [s0, s1) of columns [jc, jc+nc) of B, steps [kb,
// kb+kbw) of k, into the panel b: chunk by chunk of kcMax steps, stride
// values apart.
func (g *gemmNNCall[V]) packPanel(b []V, stride, jc, nc, kb, kbw, kcMax, s0, s1 int) {
	nr := g.t.nr
	for pc := kb; pc < kb+kbw && s1 > s0; pc += kcMax {
		kc := min(kcMax, g.k-pc)
		packNNB(b[(pc-kb)*stride+s0*nr*kc:], g.b[pc*g.rsb+(jc+s0*nr)*g.csb:], g.rsb, g.csb, kc, min(nc, s1*nr)-s0*nr, nr)
	}
}

// rows runs block on rows [i0, i1) with buffers from the pool bufs.
func (g *gemmNNCall[V]) rows(bufs *sync.Pool, pk *gemmNNPack[V], b []V, stride, i0, i1, jc, nc, kb, kbw, kcMax int) {
	if i1 > i0 {
		buf := bufs.Get().(*gemmNNBuffers[V])
		g.block(buf, pk, b, stride, i0, i1, jc, nc, kb, kbw, kcMax)
		bufs.Put(buf)
	}
}

// block multiplies rows [i0, i1) of A by the packed panel b (columns [jc,
// jc+nc) of B, steps [kb, kb+kbw) of k, in chunks of kcMax steps, stride
// values apart) into c, and applies alpha after the panel with the last
// steps. With pk, the panel is packed as its slivers are reached.
func (g *gemmNNCall[V]) block(buf *gemmNNBuffers[V], pk *gemmNNPack[V], b []V, stride, i0, i1, jc, nc, kb, kbw, kcMax int) {
	mr, nr := g.t.mr, g.t.nr
	// A sliver meets few slivers of B when c is narrow: the tiles then
	// read A in place, a sliver at a time through all the panel's chunks,
	// and only a last sliver of fewer than mr rows is packed (zero-padded).
	direct, directB := nc <= gemmNNDirectSlivers*nr, g.directB(nc)
	mcMax := mr
	if !direct {
		mcMax = gemmNNEvenBlock(i1-i0, mr)
	}
	buf.a = growV(buf.a, mcMax*kcMax)
	buf.scratch = growV(buf.scratch, mr*nr)
	for ic := i0; ic < i1; ic += mcMax {
		mc := min(mcMax, i1-ic)
		full := mc / mr * mr
		// A last sliver as high as its edge tile is read in place too.
		if h, _ := g.t.edge(mc - full); direct && h == mc-full {
			full = mc
		}
		for pc := kb; pc < kb+kbw; pc += kcMax {
			kc := min(kcMax, g.k-pc)
			add := 0
			if pc > 0 {
				add = 1
			}
			chunk := b[(pc-kb)*stride:]
			// The sliver of B after each one: the next of this chunk, then
			// the first of the next chunk (none after the panel's last).
			var after []V
			if pc+kc < kb+kbw {
				after = b[(pc+kc-kb)*stride : (pc+kc-kb)*stride+nr*min(kcMax, g.k-pc-kc)]
			}
			switch {
			case !direct:
				packNNA(buf.a, g.a[ic*g.rsa+pc*g.csa:], g.rsa, g.csa, mc, kc, mr)
			case full < mc:
				packNNA(buf.a, g.a[(ic+full)*g.rsa+pc*g.csa:], g.rsa, g.csa, mc-full, kc, mr)
			}
			for jr := 0; jr < nc; jr += nr {
				bs, ldb := chunk[jr*kc:jr*kc+nr*kc], nr
				if directB && jr+nr <= nc {
					bs, ldb = g.b[pc*g.rsb+jc+jr:], g.rsb
				} else if pk != nil && (jr/nr-pk.s0)%gemmNNPackGroup == 0 {
					pk.ready(pc, jr/nr)
				}
				next := after
				if jr+nr < nc {
					next = chunk[(jr+nr)*kc : (jr+2*nr)*kc]
				}
				for ir := 0; ir < mc; ir += mr {
					a, rsa, csa := buf.a[ir*kc:ir*kc+mr*kc], 1, mr
					if direct && ir < full {
						a, rsa, csa = g.a[(ic+ir)*g.rsa+pc*g.csa:], g.rsa, g.csa
					} else if direct {
						a = buf.a[:mr*kc]
					}
					g.tile(buf, kc, a, rsa, csa, bs, ldb, ic+ir, jc+jr, min(mr, mc-ir), min(nr, nc-jr), add, gemmNNPrefetch(next, ir/mr, bs))
				}
			}
		}
		if g.alpha != 1 && kb+kbw == g.k {
			for i := ic; i < ic+mc; i++ {
				row := g.c[i*g.n+jc : i*g.n+jc+nc]
				for j := range row {
					row[j] *= g.alpha
				}
			}
		}
	}
}

// gemmNNDirectSlivers is the most slivers of B in a panel for which the
// tiles read A in place rather than packed: packing pays when each sliver
// of A meets many of B.
var gemmNNDirectSlivers = 2

// gemmNNPrefetch returns where the t-th tile on a sliver of B starts its
// share of the prefetches of the next sliver, next: each tile fetches
// gemmNNPrefetchBytes of it, the first tile the first ones. Past next's
// end, or with no next sliver, it returns the tile's own sliver b, whose
// lines are in cache already.
func gemmNNPrefetch[V float32 | float64](next []V, t int, b []V) unsafe.Pointer {
	if off := t * gemmNNPrefetchBytes / int(unsafe.Sizeof(V(0))); off < len(next) {
		return unsafe.Pointer(&next[off])
	}
	return unsafe.Pointer(&b[0])
}

// gemmNNPrefetchBytes is how much of the next sliver of B a packed-A tile
// of 256 steps prefetches (two lines every eight steps): eight tiles fetch
// a whole sliver of 256 steps (16 float64 or 32 float32 columns, 32 KiB).
// Without it, the first tile on each sliver waits for its lines from L3
// or memory (5.2 us against 1.2 us for the next ones, 1000^3 float64).
const gemmNNPrefetchBytes = 256 / 8 * 2 * 64

// tile sums kc steps of A (entry (i, p) at a[i*rsa + p*csa]) and B's
// sliver b (entry (p, j) at b[p*ldb + j]) into the mrr x nrr block of c at
// (i, j), with the tile, or the edge tile, of at least mrr rows: straight
// into c when the block fills it, else through the scratch tile (the same
// sums, the same additions to c). The packed-A tile prefetches from pf.
func (g *gemmNNCall[V]) tile(buf *gemmNNBuffers[V], kc int, a []V, rsa, csa int, b []V, ldb, i, j, mrr, nrr, add int, pf unsafe.Pointer) {
	mr, nr := g.t.mr, g.t.nr
	f := g.t.f
	size := int(unsafe.Sizeof(V(0)))
	if mrr < mr {
		mr, f = g.t.edge(mrr)
	} else if csa == 1 && rsa != 1 && g.t.fp != nil {
		f = g.t.fp
	} else if rsa == 1 && g.t.fk != nil && nrr == nr {
		g.t.fk(kc, unsafe.Pointer(&a[0]), size*rsa, size*csa, unsafe.Pointer(&b[0]), size*ldb, unsafe.Pointer(&g.c[i*g.n+j]), size*g.n, add, pf)
		return
	}
	if mrr == mr && nrr == nr {
		if f != nil {
			f(kc, unsafe.Pointer(&a[0]), size*rsa, size*csa, unsafe.Pointer(&b[0]), size*ldb, unsafe.Pointer(&g.c[i*g.n+j]), size*g.n, add)
		} else {
			gemmNNGo(kc, a, rsa, csa, b, ldb, g.c[i*g.n+j:], g.n, mr, nr, add)
		}
		return
	}
	s := buf.scratch[:mr*nr]
	if f != nil {
		f(kc, unsafe.Pointer(&a[0]), size*rsa, size*csa, unsafe.Pointer(&b[0]), size*ldb, unsafe.Pointer(&s[0]), size*nr, 0)
	} else {
		gemmNNGo(kc, a, rsa, csa, b, ldb, s, nr, mr, nr, 0)
	}
	for ii := 0; ii < mrr; ii++ {
		row := g.c[(i+ii)*g.n+j : (i+ii)*g.n+j+nrr]
		src := s[ii*nr : ii*nr+nrr]
		if add == 0 {
			copy(row, src)
			continue
		}
		for jj := range row {
			row[jj] += src[jj]
		}
	}
}

// packNNA copies rows [0, rows) and columns [0, cols) of A (entry (i, p)
// at src[i*rs + p*cs]) into slivers of r rows: sliver q holds rows q*r..
// as dst[q*r*cols + p*r + i], zero past the last row.
func packNNA[V float32 | float64](dst, src []V, rs, cs, rows, cols, r int) {
	for q := 0; q < rows; q += r {
		d := dst[q*cols : q*cols+r*cols]
		rr := min(r, rows-q)
		if rr == r && cs == 1 && packNNARows(d, src[q*rs:], rs, cols, r) {
			continue
		}
		if rs == 1 { // a column-major block: each step's entries are adjacent
			for p := 0; p < cols; p++ {
				dp := d[p*r : p*r+r]
				copy(dp, src[q+p*cs:q+p*cs+rr])
				clear(dp[rr:])
			}
			continue
		}
		if rr < r { // the padding rows: one clear, not r - rr strided passes
			clear(d)
		}
		for i := 0; i < rr; i++ {
			base := (q + i) * rs
			if cs == 1 { // a row-major row: read it in order
				row := src[base : base+cols]
				for p, v := range row {
					d[p*r+i] = v
				}
				continue
			}
			for p := 0; p < cols; p++ {
				d[p*r+i] = src[base+p*cs]
			}
		}
	}
}

// packNNARows packs a whole sliver of r rows of a row-major block (row
// stride rs) for the tiles' heights 12 and 6, reading the rows side by
// side and writing each step's r entries together (2-3x faster than a row
// at a time, whose writes are r entries apart); false for other heights.
func packNNARows[V float32 | float64](d, src []V, rs, cols, r int) bool {
	switch r {
	case 12:
		r0, r1, r2, r3 := src[:cols], src[rs:rs+cols], src[2*rs:2*rs+cols], src[3*rs:3*rs+cols]
		r4, r5, r6, r7 := src[4*rs:4*rs+cols], src[5*rs:5*rs+cols], src[6*rs:6*rs+cols], src[7*rs:7*rs+cols]
		r8, r9, r10, r11 := src[8*rs:8*rs+cols], src[9*rs:9*rs+cols], src[10*rs:10*rs+cols], src[11*rs:11*rs+cols]
		for p := range r0 {
			dp := (*[12]V)(d[p*12:])
			dp[0], dp[1], dp[2], dp[3] = r0[p], r1[p], r2[p], r3[p]
			dp[4], dp[5], dp[6], dp[7] = r4[p], r5[p], r6[p], r7[p]
			dp[8], dp[9], dp[10], dp[11] = r8[p], r9[p], r10[p], r11[p]
		}
	case 6:
		r0, r1, r2 := src[:cols], src[rs:rs+cols], src[2*rs:2*rs+cols]
		r3, r4, r5 := src[3*rs:3*rs+cols], src[4*rs:4*rs+cols], src[5*rs:5*rs+cols]
		for p := range r0 {
			dp := (*[6]V)(d[p*6:])
			dp[0], dp[1], dp[2] = r0[p], r1[p], r2[p]
			dp[3], dp[4], dp[5] = r3[p], r4[p], r5[p]
		}
	default:
		return false
	}
	return true
}

// packNNB copies rows [0, rows) and columns [0, cols) of B (entry (p, j)
// at src[p*rs + j*cs]) into slivers of r columns: sliver q holds columns
// q*r.. as dst[q*r*rows + p*r + j], zero past the last column.
func packNNB[V float32 | float64](dst, src []V, rs, cs, rows, cols, r int) {
	q0 := 0
	if cs == 1 && packNNBRows(dst, src, rs, rows, cols/r, r) {
		q0 = cols / r * r
	}
	for q := q0; q < cols; q += r {
		d := dst[q*rows : q*rows+r*rows]
		rr := min(r, cols-q)
		for p := 0; p < rows; p++ {
			dp := d[p*r : p*r+r]
			base := p*rs + q*cs
			if cs == 1 {
				copy(dp, src[base:base+rr])
			} else {
				for j := 0; j < rr; j++ {
					dp[j] = src[base+j*cs]
				}
			}
			clear(dp[rr:])
		}
	}
}

// packNNBRows packs the first whole slivers of r columns of a row-major
// block (row stride rs) for the tiles' widths 32, 16 and 8: a row of B at
// a time, across the slivers, each piece a fixed-size copy rather than a
// call to memmove. Row by row, B is read in order, which the hardware
// prefetcher follows; a sliver at a time, each of its rows was a miss on
// another page (a 1000 x 1008 float64 B: 1.9 -> 1.4 ms, caches flushed
// between). False for other widths.
func packNNBRows[V float32 | float64](dst, src []V, rs, rows, whole, r int) bool {
	span := r * rows // a sliver's values
	switch r {
	case 32:
		for p := 0; p < rows; p++ {
			row := src[p*rs : p*rs+whole*r]
			for q := 0; q < whole; q++ {
				*(*[32]V)(dst[q*span+p*32:]) = [32]V(row[q*32:])
			}
		}
	case 16:
		for p := 0; p < rows; p++ {
			row := src[p*rs : p*rs+whole*r]
			for q := 0; q < whole; q++ {
				*(*[16]V)(dst[q*span+p*16:]) = [16]V(row[q*16:])
			}
		}
	case 8:
		for p := 0; p < rows; p++ {
			row := src[p*rs : p*rs+whole*r]
			for q := 0; q < whole; q++ {
				*(*[8]V)(dst[q*span+p*8:]) = [8]V(row[q*8:])
			}
		}
	default:
		return false
	}
	return true
}

// gemmNNGo is the Go tile: c[0:mr, 0:nr] (row stride ldc) gets, or adds
// (add = 1), the sum over p < kc of a[i*rsa + p*csa] * b[p*ldb + j], fused
// in the order of p from zero as the assembly tiles do.
func gemmNNGo[V float32 | float64](kc int, a []V, rsa, csa int, b []V, ldb int, c []V, ldc, mr, nr, add int) {
	var acc [16]V
	s := acc[:mr*nr]
	for p := 0; p < kc; p++ {
		bp := b[p*ldb : p*ldb+nr]
		for i := 0; i < mr; i++ {
			x := a[i*rsa+p*csa]
			si := s[i*nr : i*nr+nr]
			for j, y := range bp {
				si[j] = maddV(x, y, si[j])
			}
		}
	}
	for i := 0; i < mr; i++ {
		row := c[i*ldc : i*ldc+nr]
		for j := range row {
			if add == 0 {
				row[j] = s[i*nr+j]
			} else {
				row[j] += s[i*nr+j]
			}
		}
	}
}

// maddV returns s + x y: one fused rounding (through float64 for float32)
// where the CPU fuses multiply-adds, else the product rounded first.
func maddV[V float32 | float64](x, y, s V) V {
	if haveFMA {
		return V(math.FMA(float64(x), float64(y), float64(s)))
	}
	return s + V(x*y)
}

// growV returns buf with room for n values, new ones uninitialised: the
// packed panels and scratch tiles are written before they are read, and
// zeroing an 8 MiB panel each time the pool lost it to a collection cost
// a few percent of a 1000 x 1000 product.
func growV[V float32 | float64](buf []V, n int) []V {
	if cap(buf) < n {
		return memory.UninitSlice[V](n)
	}
	return buf[:n]
}
