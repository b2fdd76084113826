package kernels

import "math"

// Exp sets dst[i] to exp(src[i]) for i < len(src), computed in float64 and
// narrowed for float32: bit for bit V(math.Exp(float64(src[i]))). With
// AVX2 and FMA four lanes run at a time in assembly, by the sequence of
// roundings of math.Exp's own amd64 code; groups of four with a lane whose
// result is not a normal number (NaN, infinities, overflow, underflow) and
// the last few values go to math.Exp. Panics (a caller's bug) when dst is
// shorter than src.
func Exp[V float32 | float64](dst, src []V) {
	dst = dst[:len(src)]
	for i := 0; i < len(src); {
		i += expSIMD(dst[i:], src[i:])
		// The group expSIMD stopped at (or the tail): math.Exp.
		for end := min(i+4, len(src)); i < end; i++ {
			dst[i] = V(math.Exp(float64(src[i])))
		}
	}
}
