package kernels

// ExtremaRowsFloat64 sets a[k], for the first n rows k < n, to the amax
// (amin when isMin) from init of the row x[k*rn : (k+1)*rn], folded in
// ascending order as m = b when b > m (b < m) or b is NaN: the first of
// -0 and +0 stays, a NaN sticks and the row's last NaN is the result. It
// returns n, the whole groups of eight rows of a that its AVX-512 loop
// took (one lane a row, read by gathers down the columns); 0 without
// AVX-512 or on empty rows, and the caller folds the rows from n on.
func ExtremaRowsFloat64(a, x []float64, rn int, isMin bool, init float64) int {
	n := len(a) &^ 7
	if !useExtremaRows512 || n == 0 || rn == 0 {
		return 0
	}
	_ = x[n*rn-1]
	extremaRowsSIMD(n, rn, func(k, rows int, idx *[8]int64, mode int) {
		extremaRowsF64x8(&a[k], &x[k*rn], idx, rows, rn, mode, init)
	}, isMin)
	return n
}

// ExtremaRowsFloat32 is ExtremaRowsFloat64 over float32 rows, each value
// widened to float64 (as a float64 conversion does, NaN payload kept)
// before its compare.
func ExtremaRowsFloat32(a []float64, x []float32, rn int, isMin bool, init float64) int {
	n := len(a) &^ 7
	if !useExtremaRows512 || n == 0 || rn == 0 {
		return 0
	}
	_ = x[n*rn-1]
	extremaRowsSIMD(n, rn, func(k, rows int, idx *[8]int64, mode int) {
		extremaRowsF32x8(&a[k], &x[k*rn], idx, rows, rn, mode, init)
	}, isMin)
	return n
}

// extremaRowsCall is about the elements one assembly call reads: assembly
// cannot be preempted, so long ranges are cut to keep the collector's
// stop-the-world pauses short.
const extremaRowsCall = 1 << 20

// extremaRowsSIMD calls kernel over the n rows (a multiple of 8) in
// calls of about extremaRowsCall elements, with the
// lanes' row offsets j*rn and the mode (1: amin, 0: amax).
func extremaRowsSIMD(n, rn int, kernel func(k, rows int, idx *[8]int64, mode int), isMin bool) {
	var idx [8]int64
	for j := range idx {
		idx[j] = int64(j * rn)
	}
	mode := 0
	if isMin {
		mode = 1
	}
	step := max(1, extremaRowsCall/(8*rn)) * 8
	for k := 0; k < n; k += step {
		kernel(k, min(step, n-k), &idx, mode)
	}
}
