package linalg

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels"
)

// gemmFloat32 sets the row-major c (m x n) to alpha * a @ b for float32
// operands through the float64 packed kernel: a and b widened, the product
// summed in float64 and rounded once (as torch's CPU kernels accumulate
// float32 dot products in wider registers; the result is at least as
// accurate as a float32 accumulation). Widening costs O(mk + kn) against
// the product's O(mkn), and the float64 tiles outrun a float32 loop in Go
// by far. It reports false, leaving c alone, when the widened copies would
// pass the memory limit.
func gemmFloat32(m, k, n int64, alpha float32, a, b, c []float32) bool {
	if errs.CheckAlloc("the float64 copies of a float32 product", m*k+k*n+m*n, 8) != nil {
		return false
	}
	a64, b64, c64 := widen32(a[:m*k]), widen32(b[:k*n]), make([]float64, m*n)
	kernels.Gemm(int(m), int(k), int(n), float64(alpha), a64, b64, c64)
	for i, v := range c64 {
		c[i] = float32(v)
	}
	return true
}

// widen32 returns x as float64s.
func widen32(x []float32) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	return out
}
