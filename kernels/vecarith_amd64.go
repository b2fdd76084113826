package kernels

// vecBinary64SIMD runs VecBinary64's assembly over the whole groups of
// four of x and returns how many values it wrote; 0 without AVX2.
func vecBinary64SIMD(op VecOp, z, x, y []float64) int {
	n := len(x) &^ 3
	if !useSIMD || n == 0 {
		return 0
	}
	vecBinaryF64x4(int(op), &z[0], &x[0], &y[0], n)
	return n
}

// vecScalar64SIMD is vecBinary64SIMD for VecScalar64.
func vecScalar64SIMD(op VecOp, z, x []float64, c float64) int {
	n := len(x) &^ 3
	if !useSIMD || n == 0 {
		return 0
	}
	vecScalarF64x4(int(op), &z[0], &x[0], c, n)
	return n
}

// vecNeg64SIMD is vecBinary64SIMD for VecNeg64.
func vecNeg64SIMD(z, x []float64) int {
	n := len(x) &^ 3
	if !useSIMD || n == 0 {
		return 0
	}
	vecNegF64x4(&z[0], &x[0], n)
	return n
}

// vecBinaryF64x4 sets z[i] = x[i] op y[i] for i < n (a multiple of 4),
// four lanes at a time (vecarith_amd64.s).
//
//go:noescape
func vecBinaryF64x4(op int, z, x, y *float64, n int)

// vecScalarF64x4 sets z[i] = x[i] op c for i < n (a multiple of 4).
//
//go:noescape
func vecScalarF64x4(op int, z, x *float64, c float64, n int)

// vecNegF64x4 sets z[i] = -x[i] for i < n (a multiple of 4).
//
//go:noescape
func vecNegF64x4(z, x *float64, n int)
