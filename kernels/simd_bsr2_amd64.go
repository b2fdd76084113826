package kernels

import "unsafe"

//go:noescape
func bsr2MVF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MVF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MVF32I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MVF32I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

// bsr2MV are the 2x2-block SpMV kernels by value type (float64, float32)
// and index width (int32, int64).
var bsr2MV = [2][2]spmvKernel{{bsr2MVF64I32, bsr2MVF64I64}, {bsr2MVF32I32, bsr2MVF32I64}}

//go:noescape
func bsr2MMF64W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF64W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF64W4I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF64W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF64W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF64W4I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF32W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF32W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF32W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF32W32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF32W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

//go:noescape
func bsr2MMF32W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int

// bsr2Strips are the 2x2-block SpMM strip kernels by value type (float64,
// float32) and index width (int32, int64), widest first, with their
// column counts.
var bsr2Strips = [2][2][3]spmmStripOf{
	{
		{{16, bsr2MMF64W16I32}, {8, bsr2MMF64W8I32}, {4, bsr2MMF64W4I32}},
		{{16, bsr2MMF64W16I64}, {8, bsr2MMF64W8I64}, {4, bsr2MMF64W4I64}},
	},
	{
		{{32, bsr2MMF32W32I32}, {16, bsr2MMF32W16I32}, {8, bsr2MMF32W8I32}},
		{{32, bsr2MMF32W32I64}, {16, bsr2MMF32W16I64}, {8, bsr2MMF32W8I64}},
	},
}

// bsr2Usable says whether the 2x2 assembly serves a: float64 or float32
// values, 2x2 blocks, the CPU's AVX2 and FMA.
func bsr2Usable[I Index, V Number](a BSR[I, V]) bool {
	lanes, _ := simdKind[I, V]()
	return useSIMD && lanes != 0 && a.BM == 2 && a.BN == 2
}

// spmvBSR2SIMD computes block rows [r0, r1) of y = alpha*A*x + beta*y for
// a float64 or float32 A of 2x2 column-major blocks with the assembly
// kernel (simd_bsr2_amd64.s: one FMA a block) and returns true, or returns false
// where bsr2Usable says no. On the block Laplacian Go's unrolled loop
// spends its time in bounds checks and scalar FMAs that the 4-wide one
// replaces. The caller checked the lengths of a's arrays, x and y; a block
// column or pointer out of range panics like the Go code's bounds checks.
func spmvBSR2SIMD[I Index, V Number](alpha, beta V, a BSR[I, V], x, y []V, r0, r1 int) bool {
	if !bsr2Usable(a) {
		return false
	}
	if r0 >= r1 {
		return true
	}
	lanes, wide := simdKind[I, V]()
	kernel := bsr2MV[lanes/8][b2i(wide)]
	rk := simdRowsOf("SpMVBSRColMajor", a.Ptr, a.Idx, a.Val, a.BlockRows, r0, alpha, beta)
	xp := unsafe.Pointer(unsafe.SliceData(x))
	for r := r0; r < r1; r += simdRowChunk {
		n := min(simdRowChunk, r1-r)
		if bad := kernel(rk.at(r), rk.idx, rk.val, xp, unsafe.Pointer(&y[2*r]), n, rk.end, a.BlockCols, rk.alpha, rk.beta, rk.flags); bad >= 0 {
			simdBadPattern("SpMVBSRColMajor", r+bad)
		}
	}
	return true
}

// spmmBSR2SIMD computes block rows [r0, r1) of C = alpha*A*B + beta*C (k
// columns, row-major) for a float64 or float32 A of 2x2 column-major
// blocks with the strip kernels (each block's four values broadcast over
// two rows of B into two rows of C) and returns true, or returns false
// where bsr2Usable says no or k is less than a register's lanes. The k %
// lanes columns left over are done in Go. The caller checked the lengths;
// a bad block column or pointer panics.
func spmmBSR2SIMD[I Index, V Number](alpha, beta V, a BSR[I, V], b []V, k int, c []V, r0, r1 int) bool {
	lanes, wide := simdKind[I, V]()
	if !bsr2Usable(a) || k < lanes {
		return false
	}
	if r0 >= r1 {
		return true
	}
	strips := &bsr2Strips[lanes/8][b2i(wide)]
	esz := int(unsafe.Sizeof(*new(V)))
	rk := simdRowsOf("SpMMBSRColMajor", a.Ptr, a.Idx, a.Val, a.BlockRows, r0, alpha, beta)
	bp := unsafe.Pointer(unsafe.SliceData(b))
	ld := k * esz
	chunk := simdRowChunk
	if k > strips[0].cols {
		// Several strips walk the same rows of B: few block rows at a time
		// keep those rows in L1 from one strip to the next.
		chunk = spmmStripRows / 2
	}
	for r := r0; r < r1; r += chunk {
		n := min(chunk, r1-r)
		j0 := 0
		for _, s := range strips {
			for ; j0+s.cols <= k; j0 += s.cols {
				bad := s.f(rk.at(r), rk.idx, rk.val, unsafe.Add(bp, j0*esz), unsafe.Pointer(&c[2*r*k+j0]),
					n, ld, ld, rk.end, a.BlockCols, rk.alpha, rk.beta, rk.flags)
				if bad >= 0 {
					simdBadPattern("SpMMBSRColMajor", r+bad)
				}
			}
		}
		if j0 < k {
			spmmBSRColTail(alpha, beta, a, b, k, c, r, r+n, j0)
		}
	}
	return true
}
