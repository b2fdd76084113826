//go:build !amd64

package kernels

// rowGroupsSIMD returns false: there is no assembly for this architecture.
func rowGroupsSIMD[I Index, V Number](s int, ptr, crd []I, val, x, y []V, add bool) bool {
	return false
}
