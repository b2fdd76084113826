package kernels

import "math"

// Exp sets dst[i] to exp(src[i]) for i < len(src), computed in float64 and
// narrowed for float32: bit for bit V(math.Exp(float64(src[i]))). With
// AVX2 and FMA four lanes run at a time in assembly, by the sequence of
// roundings of math.Exp's own amd64 code; groups of four with a lane whose
// result is not a normal number (NaN, infinities, overflow, underflow) and
// the last few values go to math.Exp. Panics (a caller's bug) when dst is
// shorter than src.
func Exp[V float32 | float64](dst, src []V) { byFours(dst, src, expSIMD[V], math.Exp) }

// Log sets dst[i] to log(src[i]) as Exp does exp: bit for bit
// V(math.Log(float64(src[i]))), four lanes at a time in assembly (math.Log's
// amd64 sequence of roundings) where every lane is positive, normal and
// finite, math.Log elsewhere.
func Log[V float32 | float64](dst, src []V) { byFours(dst, src, logSIMD[V], math.Log) }

// byFours runs simd over src from each position on (it returns how many
// values it wrote, stopping before a group of four it does not take), and
// f on the group it stopped at and on the last values.
func byFours[V float32 | float64](dst, src []V, simd func(dst, src []V) int, f func(float64) float64) {
	dst = dst[:len(src)]
	for i := 0; i < len(src); {
		i += simd(dst[i:], src[i:])
		for end := min(i+4, len(src)); i < end; i++ {
			dst[i] = V(f(float64(src[i])))
		}
	}
}
