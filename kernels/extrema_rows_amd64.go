package kernels

// useExtremaRows512 says whether ExtremaRowsFloat64 and ExtremaRowsFloat32
// run their AVX-512 loops; tests switch it off.
var useExtremaRows512 = useAVX512

// extremaRowsF64x8 sets a[k] for k < n (a multiple of 8) to the amax
// (mode 0) or amin (mode 1) from init of the row x[k*rn : (k+1)*rn],
// eight rows at a time, lane j gathering row k+j at x + idx[j] (j*rn)
// (extrema_rows_amd64.s).
//
//go:noescape
func extremaRowsF64x8(a, x *float64, idx *[8]int64, n, rn, mode int, init float64)

// extremaRowsF32x8 is extremaRowsF64x8 over float32 rows, each gathered
// value widened to float64 before its compare (extrema_rows_amd64.s).
//
//go:noescape
func extremaRowsF32x8(a *float64, x *float32, idx *[8]int64, n, rn, mode int, init float64)
