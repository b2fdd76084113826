package kernels

import "sync"

// Gemm sets the row-major c (m x n) to alpha * a @ b for row-major a (m x
// k) and b (k x n): the dense @ dense product of strided tensors, through
// the tiles of GemmSubNT. Seen column-major, c is the (n x m) c^T = b^T
// a^T, where b is already b^T column-major and a^T is a copied a block
// of rows at a time (gemmNNRows, so the copy stays in cache); each block
// is a GemmSubNT on a cleared c, negated at the end (exact, so c gets the
// bits of the sums). Every entry is summed the same way whatever the path
// and however the row blocks are split over goroutines: results do not
// depend on the thread count. Panics (a caller's bug) when a slice is
// shorter than its shape says.
func Gemm(m, k, n int, alpha float64, a, b, c []float64) {
	if m <= 0 || n <= 0 {
		return
	}
	if len(a) < m*k || len(b) < k*n || len(c) < m*n {
		panic("kernels.Gemm: a slice is shorter than its shape")
	}
	c = c[:m*n]
	if k <= 0 {
		clear(c)
		return
	}
	rows := gemmNNRows(k)
	blocks := (m + rows - 1) / rows
	run := func(b0, b1 int, parallel bool) {
		buf := gemmNNPool.Get().(*[]float64)
		defer gemmNNPool.Put(buf)
		*buf = grow(*buf, rows*k)
		for blk := b0; blk < b1; blk++ {
			i0 := blk * rows
			r := min(rows, m-i0)
			at := (*buf)[:r*k]
			transposeCols(at, a[i0*k:(i0+r)*k], r, k, 0, k)
			op := gemmOp{diag: r, set: true}
			if parallel {
				gemmSub(n, r, k, b, n, at, r, c[i0*n:], n, op)
			} else {
				gemmSerial(n, r, k, b, n, at, r, c[i0*n:], n, op)
			}
		}
	}
	parts := min(blocks, gemmParts(int64(m)*int64(n)*int64(k)))
	if parts <= 1 {
		// One block (or little work): gemmSub splits the block itself.
		run(0, blocks, true)
	} else {
		parallelFor(parts, func(p int) {
			run(p*blocks/parts, (p+1)*blocks/parts, false)
		})
	}
	neg := -alpha
	for i, v := range c {
		c[i] = neg * v
	}
}

// gemmNNRows is how many rows of a Gemm copies transposed at a time: about
// 2 MiB of them (the L2 and the L3 slice hold them while the tiles read
// them), a whole number of tiles' columns.
func gemmNNRows(k int) int {
	return max(16, (1<<18)/max(k, 1)/16*16)
}

var gemmNNPool = sync.Pool{New: func() any { return new([]float64) }}
