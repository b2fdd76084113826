package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// expSIMD runs Exp's assembly over the whole groups of eight of src
// (AVX-512: all of them; dst as long) or of four (AVX2 and FMA: up to the
// first group with a lane out of its range), and returns how many values
// it wrote; 0 without AVX2 and FMA.
func expSIMD[V float32 | float64](dst, src []V) int {
	if useExp512 && useSIMD {
		return eights(dst, src, expF32x8, expF64x8)
	}
	return fours(dst, src, expF32x4, expF64x4)
}

// useExp512 says whether Exp runs eight lanes at a time (AVX-512F); tests
// switch it off to run the four-lane loop on the same machine.
var useExp512 = cpu.X86.HasAVX512F

// eights is fours over whole groups of eight.
func eights[V float32 | float64](dst, src []V, f32 func(dst, src *float32, n int) int, f64 func(dst, src *float64, n int) int) int {
	n := len(src) &^ 7
	if n == 0 {
		return 0
	}
	if unsafe.Sizeof(V(0)) == 4 {
		return f32((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&src[0])), n)
	}
	return f64((*float64)(unsafe.Pointer(&dst[0])), (*float64)(unsafe.Pointer(&src[0])), n)
}

// logSIMD is expSIMD for Log.
func logSIMD[V float32 | float64](dst, src []V) int {
	return fours(dst, src, logF32x4, logF64x4)
}

// fours calls the assembly loop of V's width over the whole groups of
// four of src.
func fours[V float32 | float64](dst, src []V, f32 func(dst, src *float32, n int) int, f64 func(dst, src *float64, n int) int) int {
	n := len(src) &^ 3
	if !useSIMD || n == 0 {
		return 0
	}
	if unsafe.Sizeof(V(0)) == 4 {
		return f32((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&src[0])), n)
	}
	return f64((*float64)(unsafe.Pointer(&dst[0])), (*float64)(unsafe.Pointer(&src[0])), n)
}

// expF64x4 sets dst[i] = ExpFloat64(src[i]) for i < n (a multiple of 4),
// four at a time, up to the first group with a lane out of [-708, 709];
// it returns how many it wrote (exp_amd64.s).
//
//go:noescape
func expF64x4(dst, src *float64, n int) int

// expF32x4 is expF64x4 on float32 values, widened and narrowed.
//
//go:noescape
func expF32x4(dst, src *float32, n int) int

// expF64x8 sets dst[i] = ExpFloat64(src[i]) for i < n (a multiple of 8),
// eight at a time (AVX-512), every lane whatever its value; it returns n.
//
//go:noescape
func expF64x8(dst, src *float64, n int) int

// expF32x8 is expF64x8 on float32 values, widened and narrowed.
//
//go:noescape
func expF32x8(dst, src *float32, n int) int

// logF64x4 sets dst[i] = math.Log(src[i]) for i < n (a multiple of 4),
// four at a time, up to the first group with a lane that is not positive,
// normal and finite; it returns how many it wrote (log_amd64.s).
//
//go:noescape
func logF64x4(dst, src *float64, n int) int

// logF32x4 is logF64x4 on float32 values, widened and narrowed.
//
//go:noescape
func logF32x4(dst, src *float32, n int) int
