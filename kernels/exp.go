package kernels

import "math"

// Exp sets dst[i] to exp(src[i]) for i < len(src): ExpFloat64 of each
// value, computed in float64 and narrowed for float32 (within 1 ulp of
// the exact exponential either way; float64 results are not always
// math.Exp's bits, which differ from them by at most 1 ulp). With AVX-512
// eight lanes run at a time in assembly over every value (special values,
// overflow and subnormal results included), with AVX2 and FMA four, where
// groups with a lane outside [-708, 709] go to ExpFloat64 itself; either
// runs ExpFloat64's own sequence of roundings, so the bits do not depend on
// the machine or the path. The last few values go to ExpFloat64. Panics (a
// caller's bug) when dst is shorter than src.
func Exp[V float32 | float64](dst, src []V) { byFours(dst, src, expSIMD[V], ExpFloat64) }

// Log sets dst[i] to log(src[i]) as Exp does exp: bit for bit
// V(math.Log(float64(src[i]))), four lanes at a time in assembly (math.Log's
// amd64 sequence of roundings) where every lane is positive, normal and
// finite, math.Log elsewhere.
func Log[V float32 | float64](dst, src []V) { byFours(dst, src, logSIMD[V], math.Log) }

// byFours runs simd over src from each position on (it returns how many
// values it wrote, stopping before a group of four or eight it does not
// take), and f on the four values it stopped at and on the last values.
func byFours[V float32 | float64](dst, src []V, simd func(dst, src []V) int, f func(float64) float64) {
	dst = dst[:len(src)]
	for i := 0; i < len(src); {
		i += simd(dst[i:], src[i:])
		for end := min(i+4, len(src)); i < end; i++ {
			dst[i] = V(f(float64(src[i])))
		}
	}
}
