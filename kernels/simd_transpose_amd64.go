package kernels

import "unsafe"

// transposeChunk is about the most elements one assembly call moves, so
// that calls stay short (assembly cannot be preempted).
const transposeChunk = 1 << 16

// transposeStreamBytes is the size from which the transpose stores with
// non-temporal moves: the result then overflows the caches anyway, and
// streaming stores skip reading each destination line first.
var transposeStreamBytes = 8 << 20

// transposeSIMD transposes the columns [j0, j1) of src into the rows of
// dst like transposeCols, with 4x4 register blocks for 8-byte elements;
// it returns false, doing nothing, for other element sizes or without
// AVX2.
func transposeSIMD[V any](dst, src []V, r, c, j0, j1 int) bool {
	if !useSIMD || unsafe.Sizeof(*new(V)) != 8 {
		return false
	}
	stream := 0
	if r*c*8 >= transposeStreamBytes && uintptr(unsafe.Pointer(unsafe.SliceData(dst)))%32 == 0 && r%4 == 0 {
		stream = 1
	}
	r4 := r / 4 * 4
	g := (j1 - j0) / 4
	if r4 > 0 && g > 0 {
		step := max(1, transposeChunk/r)
		for g0 := 0; g0 < g; g0 += step {
			n := min(step, g-g0)
			j := j0 + 4*g0
			transpose64(unsafe.Pointer(&dst[j*r]), unsafe.Pointer(&src[j]), r4/4, n, 8*c, 8*r, stream)
		}
	}
	// The edges: rows past the last block of four, columns past the last group.
	transposeBlock(dst, src, r, c, r4, r, j0, j0+4*g)
	transposeBlock(dst, src, r, c, 0, r, j0+4*g, j1)
	return true
}
