//go:build !amd64

package kernels

// vecCompare64SIMD returns 0: VecCompare64's Go loop takes every value here.
func vecCompare64SIMD(op VecCmp, z []byte, x, y []float64) int { return 0 }

// vecCompare32SIMD returns 0: VecCompare32's Go loop takes every value here.
func vecCompare32SIMD(op VecCmp, z []byte, x, y []float32) int { return 0 }
