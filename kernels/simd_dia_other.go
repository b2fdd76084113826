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

// diaMMRowsSIMD returns 0: there is no assembly for this architecture, and
// the Go loop computes every column.
func diaMMRowsSIMD[V Number](alpha, beta V, val, b []V, k int, c []V, p *diaMMPass, lo, hi, flags int) int {
	return 0
}
