package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useAVX512 says whether the AVX-512 SpMM strips (simd_spmm512_amd64.s)
// serve float64 rows of 32 columns or more; tests switch it off to run the
// AVX2 strips on the same machine. On the 2-D Laplacian 1000^2 with 128
// columns (two goroutines, a loaded machine, medians of six alternated
// runs) the product took 100-106 ms of CPU against 208-217 ms with the AVX2
// strips, and 417 against 864 ms of wall time; with 32 columns (one strip of
// 4 ZMM against 8 YMM accumulators) 26 against 29 ms of CPU.
var useAVX512 = cpu.X86.HasAVX512F

//go:noescape
func spmmF64Z128I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64Z64I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64Z32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64Z32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64Z128I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64Z64I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

// spmmStripOf is a strip kernel and the count of columns it covers.
type spmmStripOf struct {
	cols int
	f    spmmStrip
}

// spmmWideStrips lists the AVX-512 float64 strips by index width, widest
// first.
var spmmWideStrips = [2][3]spmmStripOf{
	{{128, spmmF64Z128I32}, {64, spmmF64Z64I32}, {32, spmmF64Z32I32}},
	{{128, spmmF64Z128I64}, {64, spmmF64Z64I64}, {32, spmmF64Z32I64}},
}
