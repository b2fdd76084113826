package kernels

import "unsafe"

// The fused delta(b) SpMM strips (simd_spmm_amd64.s, SPMMDELTA of
// spmm_amd64.h): SpMM's AVX2 strips with the columns decoded from the gaps
// in a register as the row is walked, so that a delta(b) matrix times B
// reads its storage once, as CSR's SpMM does, with no decoded copy.

// deltaMMStrip is the shape of the delta(b) strip kernels: spmmStrip's
// arguments and the gaps' limit 2^b - 1.
type deltaMMStrip func(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

// deltaMMStrips lists the strips by [value type][index width], widest
// first, as spmmStrips does: strip s covers lanes<<(3-s) columns.
var deltaMMStrips = [2][2][4]deltaMMStrip{
	{
		{deltaMMF64W32I32, deltaMMF64W16I32, deltaMMF64W8I32, deltaMMF64W4I32},
		{deltaMMF64W32I64, deltaMMF64W16I64, deltaMMF64W8I64, deltaMMF64W4I64},
	},
	{
		{deltaMMF32W64I32, deltaMMF32W32I32, deltaMMF32W16I32, deltaMMF32W8I32},
		{deltaMMF32W64I64, deltaMMF32W32I64, deltaMMF32W16I64, deltaMMF32W8I64},
	},
}

// deltaRowsMMSIMD computes rows [lo, hi) of C = alpha*A*B for the delta(b)
// rows a (gaps of at most limit) and B of k columns with the fused strips,
// and returns the first bad row (a gap outside 0..limit, a column at or
// past a.Cols, or a row pointer out of order or past a.Ptr[a.Rows]), else
// -1; ok is false, nothing done, where the CPU or the types have no strips
// or k is not a multiple of a register's lanes. C is stored as SpMM of the
// same size stores it (non-temporal moves past spmmStreamBytes) and has
// SpMM's bits on the decoded columns. The caller checked the lengths of
// a's arrays, b and c.
func deltaRowsMMSIMD[I Index, V Number](alpha V, a CSR[I, V], limit int64, b []V, k int, c []V, lo, hi int) (bad int, ok bool) {
	lanes, wide := simdKind[I, V]()
	if !useSIMD || lanes == 0 || k%lanes != 0 || len(b) == 0 {
		return -1, false
	}
	esz := int(unsafe.Sizeof(*new(V)))
	flags := 0
	if len(c)*esz >= spmmStreamBytes && uintptr(unsafe.Pointer(unsafe.SliceData(c)))%64 == 0 && k*esz%64 == 0 {
		flags = simdStream // every strip is then whole aligned cache lines
	}
	strips := &deltaMMStrips[lanes/8][b2i(wide)]
	idx, val := unsafe.Pointer(unsafe.SliceData(a.Idx)), unsafe.Pointer(unsafe.SliceData(a.Val))
	bp := unsafe.Pointer(unsafe.SliceData(b))
	ld := k * esz
	first, end := a.Ptr[0], int(a.Ptr[a.Rows])
	chunk := simdRowChunk
	if k > lanes<<3 {
		// Several strips walk the same rows of B: few rows at a time keep
		// those rows in L1 from one strip to the next.
		chunk = spmmStripRows
	}
	for r := lo; r < hi; r += chunk {
		if p := a.Ptr[r]; p < first || int(p) > end {
			return r, true // the strips read from the chunk's first pointer on
		}
		n := min(chunk, hi-r)
		j0 := 0
		for s, f := range strips {
			for cols := lanes << (3 - s); j0+cols <= k; j0 += cols {
				if rb := f(unsafe.Pointer(&a.Ptr[r]), idx, val, unsafe.Add(bp, j0*esz), unsafe.Pointer(&c[r*k+j0]),
					n, ld, ld, end, a.Cols, asFloat64(alpha), 0, flags, int(limit)); rb >= 0 {
					return r + rb, true
				}
			}
		}
	}
	return -1, true
}

//go:noescape
func deltaMMF64W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W4I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF64W4I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W64I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W64I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int

//go:noescape
func deltaMMF32W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags, limit int) int
