//go:build !amd64

package kernels

// diaRowsSIMD returns false: there is no assembly for this architecture.
func diaRowsSIMD[V Number](alpha, beta V, val, x []V, pass *diaPass, out, acc0 []V, partial bool) bool {
	return false
}

// reverseSIMD returns false: there is no assembly for this architecture.
func reverseSIMD[V Number](dst, src []V) bool {
	return false
}

// diaSIMD returns false: there is no assembly for this architecture.
func diaSIMD[V Number]() bool {
	return false
}
