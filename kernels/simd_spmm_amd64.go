package kernels

import "unsafe"

// spmmStreamBytes is the output size from which SpMM with beta zero stores
// C with non-temporal moves: C then far exceeds the caches, and streaming
// stores skip reading each line of C before it is overwritten.
var spmmStreamBytes = 8 << 20

// spmmStripRows is the count of rows per assembly call when a row of C
// takes several strips.
var spmmStripRows = 8

// spmmStrips lists the strip kernels by [value type][index width], widest
// first: strip s covers lanes<<(3-s) columns.
var spmmStrips = [2][2][4]spmmStrip{
	{
		{spmmF64W32I32, spmmF64W16I32, spmmF64W8I32, spmmF64W4I32},
		{spmmF64W32I64, spmmF64W16I64, spmmF64W8I64, spmmF64W4I64},
	},
	{
		{spmmF32W64I32, spmmF32W32I32, spmmF32W16I32, spmmF32W8I32},
		{spmmF32W64I64, spmmF32W32I64, spmmF32W16I64, spmmF32W8I64},
	},
}

// spmmRowsSIMD returns the AVX2 row kernel of SpMM for k columns, or nil
// where the CPU, the types or k (narrower than a register) have none.
func spmmRowsSIMD[I Index, V Number](k int) func(alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	if lanes, _ := simdKind[I, V](); !useSIMD || lanes == 0 || k < lanes {
		return nil
	}
	return spmmRowsAVX[I, V]
}

// spmmBlockRowsSIMD is spmmRowsSIMD for a kernel called on blocks of rows
// of one output of whole elements (c then holds the block's rows alone):
// the output's size, not the block's, decides the streaming stores, as it
// does for SpMM of the whole matrix.
func spmmBlockRowsSIMD[I Index, V Number](k, whole int) func(alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	if spmmRowsSIMD[I, V](k) == nil {
		return nil
	}
	return func(alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
		spmmRowsAVXOf(alpha, beta, a, b, k, c, r0, r1, whole)
	}
}

// spmmRowsAVX computes rows [r0, r1) of C = alpha*A*B + beta*C in column
// strips of up to eight registers, each strip one assembly call per chunk
// of rows; the k % lanes columns left over are done in Go.
func spmmRowsAVX[I Index, V Number](alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1 int) {
	spmmRowsAVXOf(alpha, beta, a, b, k, c, r0, r1, len(c))
}

// spmmRowsAVXOf is spmmRowsAVX for rows of an output of whole elements,
// which decides whether C is stored with non-temporal moves.
func spmmRowsAVXOf[I Index, V Number](alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1, whole int) {
	if r0 >= r1 {
		return
	}
	if len(b) == 0 {
		// No valid nonzero: the strips would have no rows of B to point at.
		spmmColumns(alpha, beta, a, b, k, c, r0, r1, 0)
		return
	}
	lanes, wide := simdKind[I, V]()
	// The strips to use, widest first: AVX-512 for float64 where the CPU
	// has it, then the AVX2 ones.
	var list [7]spmmStripOf
	n := 0
	if lanes == 4 && useAVX512 {
		n = copy(list[:], spmmWideStrips[b2i(wide)][:])
		if uintptr(unsafe.Pointer(unsafe.SliceData(c)))%64 != 0 || k*8%64 != 0 {
			// Rows of C off a cache-line boundary: every ZMM store would
			// split across two lines, which costs the 32-column strip more
			// than its halved FMA count saves (Laplacian 1000^2 @ 32
			// columns, C at 16 bytes past a line: 26 against 24 ms of CPU).
			n--
		}
	}
	for s, f := range &spmmStrips[lanes/8][b2i(wide)] {
		list[n] = spmmStripOf{lanes << (3 - s), f}
		n++
	}
	strips := list[:n]
	esz := int(unsafe.Sizeof(*new(V)))
	rk := simdRowsOf("SpMM", a.Ptr, a.Idx, a.Val, a.Rows, r0, alpha, beta)
	if rk.flags == 0 && whole*esz >= spmmStreamBytes && uintptr(unsafe.Pointer(unsafe.SliceData(c)))%64 == 0 && k*esz%64 == 0 {
		// Every strip is then whole aligned cache lines.
		rk.flags = simdStream
	}
	bp := unsafe.Pointer(unsafe.SliceData(b))
	ld := k * esz
	chunk := simdRowChunk
	if k > strips[0].cols {
		// Several strips walk the same rows of B: few rows at a time keep
		// those rows in L1 from one strip to the next.
		chunk = spmmStripRows
	}
	for r := r0; r < r1; r += chunk {
		n := min(chunk, r1-r)
		j0 := 0
		for _, s := range strips {
			for ; j0+s.cols <= k; j0 += s.cols {
				bad := s.f(rk.at(r), rk.idx, rk.val, unsafe.Add(bp, j0*esz), unsafe.Pointer(&c[r*k+j0]),
					n, ld, ld, rk.end, a.Cols, rk.alpha, rk.beta, rk.flags)
				if bad >= 0 {
					simdBadPattern("SpMM", r+bad)
				}
			}
		}
		if j0 < k {
			spmmColumns(alpha, beta, a, b, k, c, r, r+n, j0)
		}
	}
}

// spmmColumns computes columns [j0, k) of rows [r0, r1) of C, one column
// at a time, like SpMV.
func spmmColumns[I Index, V Number](alpha, beta V, a CSR[I, V], b []V, k int, c []V, r0, r1, j0 int) {
	for i := r0; i < r1; i++ {
		lo, hi := a.Ptr[i], a.Ptr[i+1]
		ci := a.Idx[lo:hi]
		vi := a.Val[lo:hi]
		vi = vi[:len(ci)]
		crow := c[i*k : i*k+k]
		for j := j0; j < k; j++ {
			var s V
			for t, col := range ci {
				s += vi[t] * b[int(col)*k+j]
			}
			if beta == 0 {
				crow[j] = scale(alpha, s)
			} else {
				crow[j] = scale(alpha, s) + scale(beta, crow[j])
			}
		}
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
