package kernels

// useStridedSums512 says whether SumColumnsFloat64 and SumRowsFloat64 run
// their AVX-512 loops; tests switch it off to compare with the Go loops.
var useStridedSums512 = useAVX512

// sumColumnsSIMD runs the assembly over the whole groups of eight columns
// of a (rows cut to simdRowChunk per call, so the collector is not held
// off) and returns how many columns it summed; 0 without AVX-512.
func sumColumnsSIMD(a, x []float64, rows, stride int, squares bool) int {
	w := len(a) &^ 7
	if !useStridedSums512 || w == 0 {
		return 0
	}
	sq := 0
	if squares {
		sq = 1
	}
	for r := 0; r < rows; r += simdRowChunk {
		sumColsF64x8(&a[0], &x[r*stride], w, min(simdRowChunk, rows-r), stride, sq)
	}
	return w
}

// sumRowsSIMD runs the assembly over the whole groups of eight rows of a
// (about 1M elements a call) and returns how many rows it summed; 0
// without AVX-512 or on empty rows.
func sumRowsSIMD(a, x []float64, rn int, squares bool) int {
	n := len(a) &^ 7
	if !useStridedSums512 || n == 0 || rn == 0 {
		return 0
	}
	sq := 0
	if squares {
		sq = 1
	}
	var idx [8]int64
	for j := range idx {
		idx[j] = int64(j * rn)
	}
	step := max(1, simdRowChunk*simdRowChunk/(8*rn)) * 8 // rows a call: about 1M elements
	for k := 0; k < n; k += step {
		sumRowsF64x8(&a[k], &x[k*rn], &idx, min(step, n-k), rn, sq)
	}
	return n
}

// sumColsF64x8 adds rows 0..rows-1 of x (row r at x + r*stride) into
// a[0:w] (w a multiple of 8), element k in ascending r; squares (sq = 1)
// are rounded, then added (strided_sums_amd64.s).
//
//go:noescape
func sumColsF64x8(a, x *float64, w, rows, stride, sq int)

// sumRowsF64x8 sets a[k] for k < n (a multiple of 8) to the ordered sum
// from zero of the row x[k*rn : (k+1)*rn] (squares when sq = 1), eight
// rows at a time, lane j gathering row k+j at x + idx[j] (j*rn)
// (strided_sums_amd64.s).
//
//go:noescape
func sumRowsF64x8(a, x *float64, idx *[8]int64, n, rn, sq int)
