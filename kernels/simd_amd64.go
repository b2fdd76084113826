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

// simdRows holds the arguments every row kernel call takes from its
// pattern and scalars: the addresses of the pattern's arrays, the bytes of
// a row pointer, the last row's end, the flags (simdReadOld when beta is
// not zero) and alpha and beta widened for the assembly.
type simdRows struct {
	ptr, idx, val   unsafe.Pointer
	psz, end, flags int
	alpha, beta     float64
}

// simdRowsOf returns the row kernel arguments of the pattern ptr, idx, val
// (rows rows) after checking that row r0's pointer lies in [ptr[0],
// ptr[rows]], where the kernels' own checks start; otherwise it panics
// like simdBadPattern naming fn.
func simdRowsOf[I Index, V Number](fn string, ptr, idx []I, val []V, rows, r0 int, alpha, beta V) simdRows {
	k := simdRows{
		ptr: unsafe.Pointer(&ptr[0]), idx: unsafe.Pointer(unsafe.SliceData(idx)), val: unsafe.Pointer(unsafe.SliceData(val)),
		psz: int(unsafe.Sizeof(ptr[0])), end: int(ptr[rows]),
		alpha: asFloat64(alpha), beta: asFloat64(beta),
	}
	if p := int(ptr[r0]); p < int(ptr[0]) || p > k.end {
		simdBadPattern(fn, r0)
	}
	if beta != 0 {
		k.flags = simdReadOld
	}
	return k
}

// at returns the address of row r's pointer.
func (k *simdRows) at(r int) unsafe.Pointer {
	return unsafe.Add(k.ptr, r*k.psz)
}
