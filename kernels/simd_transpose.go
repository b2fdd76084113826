package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// transposeTile is the side of the square tiles of the generic transpose:
// a tile of source rows and one of destination rows stay in L1 together.
const transposeTile = 32

// Transpose writes the (c x r) transpose of the row-major (r x c) matrix
// src into dst: dst[j*r+i] = src[i*c+j]. Only the first r*c elements of
// each are used; dst must not overlap src. Any element type is accepted
// (the values are moved, not computed with). Columns of src are split
// evenly across goroutines above the size threshold.
func Transpose[V any](dst, src []V, r, c int) error {
	const fn = "Transpose"
	if r < 0 || c < 0 {
		return argErr(fn, "r, c", "shape (%d, %d) must not be negative", r, c)
	}
	n := mulInt(r, c)
	if n < 0 {
		return argErr(fn, "r, c", "shape (%d, %d) overflows int", r, c)
	}
	if len(src) < n {
		return argErr(fn, "src", "length %d, must be at least r*c = %d", len(src), n)
	}
	if len(dst) < n {
		return argErr(fn, "dst", "length %d, must be at least r*c = %d", len(dst), n)
	}
	// Chunks own groups of four columns so that the 4x4 blocks stay whole.
	parallel.ForEven(c, 4, int64(n), func(lo, hi int) {
		transposeCols(dst, src, r, c, lo, hi)
	})
	return nil
}

// transposeCols transposes the columns [j0, j1) of src into the rows
// [j0, j1) of dst, with the assembly where it serves V.
func transposeCols[V any](dst, src []V, r, c, j0, j1 int) {
	if !transposeSIMD(dst, src, r, c, j0, j1) {
		transposeBlock(dst, src, r, c, 0, r, j0, j1)
	}
}

// transposeBlock transposes the block of rows [i0, i1) and columns
// [j0, j1) of src, in tiles.
func transposeBlock[V any](dst, src []V, r, c, i0, i1, j0, j1 int) {
	for ti := i0; ti < i1; ti += transposeTile {
		te := min(ti+transposeTile, i1)
		for tj := j0; tj < j1; tj += transposeTile {
			tf := min(tj+transposeTile, j1)
			for i := ti; i < te; i++ {
				row := src[i*c+tj : i*c+tf]
				for j, v := range row {
					dst[(tj+j)*r+i] = v
				}
			}
		}
	}
}
