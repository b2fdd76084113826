//go:build !amd64

package kernels

// useSIMD is false where there is no assembly; tests may still set it.
var useSIMD = false

// spmmRowsSIMD returns nil: there is no assembly for this architecture.
func spmmRowsSIMD[I Index, V Number](k int) func(alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	return nil
}

// spmmBlockRowsSIMD returns nil: there is no assembly for this
// architecture.
func spmmBlockRowsSIMD[I Index, V Number](k, whole int) func(alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	return nil
}

// sddmmRowsSIMD returns nil: there is no assembly for this architecture.
func sddmmRowsSIMD[I Index, V Number]() func(alpha, beta V, a, bt []V, k int, s CSR[I, V], out []V, r0, r1 int) {
	return nil
}

// transposeSIMD returns false: there is no assembly for this architecture.
func transposeSIMD[V any](dst, src []V, r, c, j0, j1 int) bool {
	return false
}

// spmvRowsSIMD returns false: there is no assembly for this architecture.
func spmvRowsSIMD[I Index, V Number](alpha, beta V, a CSR[I, V], x, y []V, r0, r1 int) bool {
	return false
}

// useAVX512 is false where there is no assembly; tests may still set it.
var useAVX512 = false

// useSpMV512 is false where there is no assembly; tests may still set it.
var useSpMV512 = false

// deltaRowsMVSIMD returns ok false: there is no assembly for this
// architecture.
func deltaRowsMVSIMD[I Index, V Number](alpha V, a CSR[I, V], limit int64, x, y []V, lo, hi int) (bad int, ok bool) {
	return -1, false
}

// deltaDecodeSIMD returns ok false: there is no assembly for this
// architecture.
func deltaDecodeSIMD[I Index, V Number](a CSR[I, V], limit int64, out []I, r0, r1 int) (bad int, ok bool) {
	return -1, false
}

// deltaRowsMMSIMD returns ok false: there is no assembly for this
// architecture.
func deltaRowsMMSIMD[I Index, V Number](alpha V, a CSR[I, V], limit int64, b []V, k int, c []V, lo, hi int) (bad int, ok bool) {
	return -1, false
}

// deltaMVChecksPtr is false: there is no assembly for this architecture.
func deltaMVChecksPtr[I Index, V Number]() bool { return false }
