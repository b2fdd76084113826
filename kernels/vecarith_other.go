//go:build !amd64

package kernels

// vecBinary64SIMD returns 0: VecBinary64's Go loop takes every value here.
func vecBinary64SIMD(op VecOp, z, x, y []float64) int { return 0 }

// vecScalar64SIMD returns 0: VecScalar64's Go loop takes every value here.
func vecScalar64SIMD(op VecOp, z, x []float64, c float64) int { return 0 }

// vecNeg64SIMD returns 0: VecNeg64's Go loop takes every value here.
func vecNeg64SIMD(z, x []float64) int { return 0 }
