//go:build !amd64

package kernels

// useExtremaRows512 is false: ExtremaRowsFloat64 and ExtremaRowsFloat32
// leave every row to the caller's Go loop.
var useExtremaRows512 = false

// extremaRowsF64x8 is never called off amd64 (useExtremaRows512 is false).
func extremaRowsF64x8(a, x *float64, idx *[8]int64, n, rn, mode int, init float64) {
	panic("kernels: extremaRowsF64x8 without AVX-512")
}

// extremaRowsF32x8 is never called off amd64 (useExtremaRows512 is false).
func extremaRowsF32x8(a *float64, x *float32, idx *[8]int64, n, rn, mode int, init float64) {
	panic("kernels: extremaRowsF32x8 without AVX-512")
}
