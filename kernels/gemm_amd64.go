package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// haveFMA says whether the CPU fuses multiply-adds: the Go loops of
// GemmSubNT then use math.FMA, so that they round exactly as the assembly
// tiles do.
var haveFMA = cpu.X86.HasFMA

var (
	gemmTiles512 = []gemmTileShape{{16, 8, gemmSub16x8}, {8, 4, gemmSub8x4}}
	gemmTiles256 = []gemmTileShape{{8, 4, gemmSub8x4}}
)

// gemmTiles returns the assembly tiles of GemmSubNT, largest first: 16 x 8
// on ZMM registers with AVX-512, 8 x 4 on YMM registers with AVX2 and FMA;
// none without. Read at every call, so tests can switch the assembly off.
func gemmTiles() []gemmTileShape {
	switch {
	case useSIMD && useAVX512:
		return gemmTiles512
	case useSIMD:
		return gemmTiles256
	}
	return nil
}

// gemmSub8x4 computes c[0:8, 0:4] -= a[0:8, 0:w] b[0:4, 0:w]^T (set = 1:
// c = 0 - the product, 2: c = the product) with strides in bytes
// (gemm_amd64.s).
//
//go:noescape
func gemmSub8x4(w int, a, b, c unsafe.Pointer, lda, ldb, ldc, set int)

// gemmSub16x8 computes c[0:16, 0:8] -= a[0:16, 0:w] b[0:8, 0:w]^T (set =
// 1: c = 0 - the product, 2: c = the product) with strides in bytes
// (gemm_avx512_amd64.s).
//
//go:noescape
func gemmSub16x8(w int, a, b, c unsafe.Pointer, lda, ldb, ldc, set int)
