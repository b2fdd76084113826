package kernels

import "golang.org/x/sys/cpu"

// useCompareSIMD says whether VecCompare64 and VecCompare32 run their
// assembly (AVX2 for the compares, BMI2's PDEP to spread each mask bit to
// a byte); tests switch it off.
var useCompareSIMD = useSIMD && cpu.X86.HasBMI2

// compareCall is the most values one assembly call compares: assembly
// cannot be preempted, so long ranges are cut to keep the collector's
// stop-the-world pauses short.
const compareCall = 1 << 18

// vecCompare64SIMD runs VecCompare64's assembly over the whole groups of
// eight of x and returns how many bytes of z it wrote; 0 without it.
func vecCompare64SIMD(op VecCmp, z []byte, x, y []float64) int {
	n := len(x) &^ 7
	if !useCompareSIMD || n == 0 {
		return 0
	}
	for i := 0; i < n; i += compareCall {
		vecCompareF64x8(int(op), &z[i], &x[i], &y[i], min(compareCall, n-i))
	}
	return n
}

// vecCompare32SIMD is vecCompare64SIMD over float32 values.
func vecCompare32SIMD(op VecCmp, z []byte, x, y []float32) int {
	n := len(x) &^ 7
	if !useCompareSIMD || n == 0 {
		return 0
	}
	for i := 0; i < n; i += compareCall {
		vecCompareF32x8(int(op), &z[i], &x[i], &y[i], min(compareCall, n-i))
	}
	return n
}

// vecCompareF64x8 sets z[i] = x[i] op y[i] (0 or 1) for i < n, a
// multiple of 8 (compare_amd64.s).
//
//go:noescape
func vecCompareF64x8(op int, z *byte, x, y *float64, n int)

// vecCompareF32x8 is vecCompareF64x8 over float32 values.
//
//go:noescape
func vecCompareF32x8(op int, z *byte, x, y *float32, n int)
