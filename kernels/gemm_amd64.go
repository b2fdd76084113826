package kernels

import "unsafe"

// gemmTiles runs the 8 x 4 tiles of GemmSubNT that fit in assembly and
// returns how many rows and columns of C they covered (0, 0 without AVX2).
func gemmTiles(m, k, w int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) (int, int) {
	if !useSIMD || m < 8 || k < 4 {
		return 0, 0
	}
	mt, kt := m/8*8, k/4*4
	for j := 0; j < kt; j += 4 {
		for i := 0; i < mt; i += 8 {
			gemmSub8x4(w, unsafe.Pointer(&a[i]), unsafe.Pointer(&b[j]), unsafe.Pointer(&c[i+j*ldc]), 8*lda, 8*ldb, 8*ldc)
		}
	}
	return mt, kt
}

// gemmSub8x4 computes c[0:8, 0:4] -= a[0:8, 0:w] b[0:4, 0:w]^T with strides
// in bytes (gemm_amd64.s).
//
//go:noescape
func gemmSub8x4(w int, a, b, c unsafe.Pointer, lda, ldb, ldc int)
