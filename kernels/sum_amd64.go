package kernels

import "unsafe"

// sumBlocks is sumBlocksGo through the AVX2 loop where there is one.
func sumBlocks(v []float64, s *[16]float64) {
	if !useSIMD {
		sumBlocksGo(v, s)
		return
	}
	for blocks := len(v) / 16; blocks > 0; {
		n := min(blocks, sumChunk)
		sum16F64(unsafe.Pointer(unsafe.SliceData(v)), n, s)
		v, blocks = v[16*n:], blocks-n
	}
}

// sum16F64 adds element j of each of the blocks of sixteen float64 at p to
// s[j], block after block (s read first and written back).
//
//go:noescape
func sum16F64(p unsafe.Pointer, blocks int, s *[16]float64)

// sumSquareBlocks is sumSquareBlocksGo through the AVX2 loop where there is one.
func sumSquareBlocks(v []float64, s *[16]float64) {
	if !useSIMD {
		sumSquareBlocksGo(v, s)
		return
	}
	for blocks := len(v) / 16; blocks > 0; {
		n := min(blocks, sumChunk)
		sumsq16F64(unsafe.Pointer(unsafe.SliceData(v)), n, s)
		v, blocks = v[16*n:], blocks-n
	}
}

// sumsq16F64 is sum16F64 over the squares (each rounded, then added: no
// fused multiply-add, as the Go loop).
//
//go:noescape
func sumsq16F64(p unsafe.Pointer, blocks int, s *[16]float64)
