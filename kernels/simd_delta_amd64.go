package kernels

import "unsafe"

// The AVX-512 delta(b) row kernels (simd_delta_amd64.s), used where
// useSpMV512 says the CSR SpMV kernels are: deltaMV* is that SpMV on columns
// decoded in the register, deltaDecode* the decode alone.

//go:noescape
func deltaMVZ8I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMVZ8I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaDecodeZ8I32(ptr, gaps, out unsafe.Pointer, rows, end, cols, limit int) int

//go:noescape
func deltaDecodeZ8I64(ptr, gaps, out unsafe.Pointer, rows, end, cols, limit int) int

// deltaMVChecksPtr says whether deltaRowsMVSIMD serves SpMV of these types
// here: its kernel checks the row pointers as it goes.
func deltaMVChecksPtr[I Index, V Number]() bool {
	lanes, _ := simdKind[I, V]()
	return useSIMD && useSpMV512 && lanes == 4
}

// deltaRowsMVSIMD computes rows [lo, hi) of y = alpha*A*x for the delta(b)
// rows a (gaps of at most limit) with deltaMVZ8*, at most simdRowChunk rows
// a call, and returns the first bad row (a gap outside 0..limit, a column
// at or past a.Cols or a pointer out of order), else -1, or ok false where
// the CPU or the types have no kernel. The caller checked the lengths of
// a's arrays, x (a.Cols) and y (a.Rows), not the order of a.Ptr.
func deltaRowsMVSIMD[I Index, V Number](alpha V, a CSR[I, V], limit int64, x, y []V, lo, hi int) (bad int, ok bool) {
	if !deltaMVChecksPtr[I, V]() {
		return -1, false
	}
	kernel := deltaMVZ8I32
	if unsafe.Sizeof(a.Ptr[0]) == 8 {
		kernel = deltaMVZ8I64
	}
	idx, val := unsafe.Pointer(unsafe.SliceData(a.Idx)), unsafe.Pointer(unsafe.SliceData(a.Val))
	xp := unsafe.Pointer(unsafe.SliceData(x))
	first, end := a.Ptr[0], int(a.Ptr[a.Rows])
	for r := lo; r < hi; r += simdRowChunk {
		if p := a.Ptr[r]; p < first || int(p) > end {
			return r, true // the kernel reads from the chunk's first pointer on
		}
		n := min(simdRowChunk, hi-r)
		b := kernel(unsafe.Pointer(&a.Ptr[r]), idx, val, xp, unsafe.Pointer(&y[r]), n, end, a.Cols, asFloat64(alpha), 0, 0, int(limit))
		switch {
		case b == -2: // a gap above the limit: the Go decode names the row
			return deltaRowsMV(alpha, a, limit, x, y, r, r+n), true
		case b >= 0: // rows r .. r+b-1 are in order; a gap may be bad before r+b
			if g := deltaRowsMV(alpha, a, limit, x, y, r, r+b); g >= 0 {
				return g, true
			}
			return r + b, true
		}
	}
	return -1, true
}

// deltaDecodeSIMD writes the columns of rows [r0, r1) of the delta(b) rows
// a to out (entry t's at out[t-a.Ptr[r0]]) with deltaDecodeZ8*, and returns
// the first bad row as deltaDecode does, or ok false where the CPU has no
// kernel. out holds a.Ptr[r1]-a.Ptr[r0] entries; the caller checked that
// a.Ptr does not decrease.
func deltaDecodeSIMD[I Index, V Number](a CSR[I, V], limit int64, out []I, r0, r1 int) (bad int, ok bool) {
	if !useSIMD || !useSpMV512 {
		return -1, false
	}
	if r0 >= r1 {
		return -1, true
	}
	kernel := deltaDecodeZ8I32
	if unsafe.Sizeof(out[0]) == 8 {
		kernel = deltaDecodeZ8I64
	}
	ptr := unsafe.Pointer(&a.Ptr[r0])
	if b := kernel(ptr, unsafe.Pointer(unsafe.SliceData(a.Idx)), unsafe.Pointer(unsafe.SliceData(out)), r1-r0, int(a.Ptr[r1]), a.Cols, int(limit)); b != -1 {
		return deltaDecode(a, limit, out, r0, r1), true // names the first bad row
	}
	return -1, true
}
