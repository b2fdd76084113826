//go:build !amd64

package kernels

// rowPairsSIMD returns false: there is no assembly for this architecture.
func rowPairsSIMD[I Index, V Number](ptr, crd []I, val, x, y []V, add bool) bool {
	return false
}
