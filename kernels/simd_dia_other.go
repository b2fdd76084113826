//go:build !amd64

package kernels

// diaRowsSIMD returns false: there is no assembly for this architecture.
func diaRowsSIMD[V Number](alpha, beta V, val, x []V, pass *diaPass, out, acc0 []V, partial bool) bool {
	return false
}
