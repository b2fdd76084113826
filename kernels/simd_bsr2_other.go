//go:build !amd64

package kernels

// spmvBSR2SIMD returns false: there is no assembly for this architecture.
func spmvBSR2SIMD[I Index, V Number](alpha, beta V, a BSR[I, V], x, y []V, r0, r1 int) bool {
	return false
}

// spmmBSR2SIMD returns false: there is no assembly for this architecture.
func spmmBSR2SIMD[I Index, V Number](alpha, beta V, a BSR[I, V], b []V, k int, c []V, r0, r1 int) bool {
	return false
}
