package kernels

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useSIMD says whether the AVX2+FMA assembly serves float32 and float64
// (and the 8-byte transpose). Tests switch it off to run the generic Go
// code on the same machine.
var useSIMD = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// simdRowChunk is the most rows one assembly call handles: assembly cannot
// be preempted, so long ranges are cut to keep the garbage collector's
// stop-the-world pauses short.
const simdRowChunk = 1024

// spmmStrip is the shape of the SpMM strip kernels (simd_spmm_amd64.s).
type spmmStrip func(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

// sddmmKernel is the shape of the SDDMM row kernels (simd_sddmm_amd64.s).
type sddmmKernel func(ptr, idx, a, bt, out, val unsafe.Pointer, rows, k, end, cols int, alpha, beta float64, flags int) int

// Flags of the assembly kernels.
const (
	simdReadOld = 1 // beta != 0: read the old output
	simdStream  = 2 // store with non-temporal moves
)

//go:noescape
func spmmF64W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W4I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF64W4I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W64I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W64I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmmF32W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func sddmmF64I32(ptr, idx, a, bt, out, val unsafe.Pointer, rows, k, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func sddmmF64I64(ptr, idx, a, bt, out, val unsafe.Pointer, rows, k, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func sddmmF32I32(ptr, idx, a, bt, out, val unsafe.Pointer, rows, k, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func sddmmF32I64(ptr, idx, a, bt, out, val unsafe.Pointer, rows, k, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func transpose64(dst, src unsafe.Pointer, quads, groups, lds, ldd, stream int)

// simdKind classifies I and V for the assembly: lanes is the count of V in
// a 32-byte register (0 when V is neither float32 nor float64) and wide is
// whether I is int64.
func simdKind[I Index, V Number]() (lanes int, wide bool) {
	switch any(*new(V)).(type) {
	case float64:
		lanes = 4
	case float32:
		lanes = 8
	}
	return lanes, unsafe.Sizeof(*new(I)) == 8
}

// asFloat64 widens a float32 or float64 V (the callers checked simdKind)
// for the assembly's scalar arguments. It reads the bits rather than going
// through an interface, which would allocate for most values.
func asFloat64[V Number](v V) float64 {
	if unsafe.Sizeof(v) == 8 {
		return *(*float64)(unsafe.Pointer(&v))
	}
	return float64(*(*float32)(unsafe.Pointer(&v)))
}

// simdBadPattern panics like the generic code's bounds checks would, for a
// row that the assembly found a column index or row pointer out of range.
func simdBadPattern(fn string, row int) {
	panic(fmt.Sprintf("kernels: %s: row %d: column index or row pointer out of range", fn, row))
}
