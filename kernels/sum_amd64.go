package kernels

import "unsafe"

// sumBlocks is sumBlocksGo through the AVX-512 loop, else the AVX2 one,
// where the machine has it; all three add in the same order.
func sumBlocks(v []float64, s *[sumLanes]float64) {
	if !useSIMD {
		sumBlocksGo(v, s)
		return
	}
	for blocks := len(v) / sumLanes; blocks > 0; {
		n := min(blocks, sumChunk)
		p := unsafe.Pointer(unsafe.SliceData(v))
		if useAVX512 {
			sum64F64x512(p, n, s)
		} else {
			sum64F64x256(p, n, s)
		}
		v, blocks = v[sumLanes*n:], blocks-n
	}
}

// sum64F64x512 adds element j of each of the blocks of sixty-four float64
// at p to s[j], block after block (s read first and written back), in
// eight AVX-512 registers.
//
//go:noescape
func sum64F64x512(p unsafe.Pointer, blocks int, s *[sumLanes]float64)

// sum64F64x256 is sum64F64x512 in sixteen AVX2 registers.
//
//go:noescape
func sum64F64x256(p unsafe.Pointer, blocks int, s *[sumLanes]float64)

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

// sumsq16F64 adds the square of element j of each of the blocks of
// sixteen float64 at p to s[j], block after block, in four AVX2 registers
// (each square rounded, then added: no fused multiply-add, as the Go loop).
//
//go:noescape
func sumsq16F64(p unsafe.Pointer, blocks int, s *[16]float64)
