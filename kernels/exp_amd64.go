package kernels

import "unsafe"

// expSIMD runs Exp's assembly over the whole groups of four of src (dst as
// long) up to the first group with a lane out of its range, and returns
// how many values it wrote; 0 without AVX2 and FMA.
func expSIMD[V float32 | float64](dst, src []V) int {
	n := len(src) &^ 3
	if !useSIMD || n == 0 {
		return 0
	}
	if unsafe.Sizeof(V(0)) == 4 {
		return expF32x4((*float32)(unsafe.Pointer(&dst[0])), (*float32)(unsafe.Pointer(&src[0])), n)
	}
	return expF64x4((*float64)(unsafe.Pointer(&dst[0])), (*float64)(unsafe.Pointer(&src[0])), n)
}

// expF64x4 sets dst[i] = math.Exp(src[i]) for i < n (a multiple of 4),
// four at a time, up to the first group with a lane out of [-708, 709];
// it returns how many it wrote (exp_amd64.s).
//
//go:noescape
func expF64x4(dst, src *float64, n int) int

// expF32x4 is expF64x4 on float32 values, widened and narrowed.
//
//go:noescape
func expF32x4(dst, src *float32, n int) int
