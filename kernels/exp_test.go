package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// expCases are edge values of exp (zeros, NaNs of both signs, quiet and
// signalling, infinities, the ends of the assembly's range and just past
// them, overflow, subnormal and zero results, subnormal inputs) and random values over the whole range, in
// an order that puts edge values inside groups of four of normal ones.
func expCases(rng *rand.Rand) []float64 {
	edge := []float64{0, math.Copysign(0, -1), 1, -1, math.NaN(), math.Inf(1), math.Inf(-1), -708, 709,
		math.Nextafter(-708, math.Inf(-1)), math.Nextafter(709, math.Inf(1)), 709.782712893384, 709.79, 710, 1e300,
		-709, -720, -744.4, -745.1332191019412, -745.14, -746, -1e300, 5e-324, -5e-324, 1e-310, 1e-20, -1e-20,
		math.Ln2, 0.5 * math.Ln2, -0.5 * math.Ln2, 88.72, -87.33, -103.97, -104, 89,
		math.Float64frombits(0x7FF0000000000001), math.Float64frombits(0xFFF0000000000123), // signalling NaNs
		math.Float64frombits(0xFFF8000000000456)}
	var out []float64
	for _, e := range edge {
		out = append(out, e, rng.Float64()*20-10, rng.Float64()*2-1)
	}
	for range 20000 {
		switch rng.IntN(3) {
		case 0:
			out = append(out, rng.Float64()*1417-708)
		case 1:
			out = append(out, rng.NormFloat64())
		default:
			out = append(out, (rng.Float64()*2-1)*math.Ldexp(1, -rng.IntN(60)))
		}
	}
	return out
}

// logCases are edge values of log (zeros, negatives, NaN, infinities,
// subnormals, the smallest normal, 1 and its neighbours, sqrt(2)/2 times
// powers of two, where the reduction switches) and random positive values
// over the whole range, edge values inside groups of four of normal ones.
func logCases(rng *rand.Rand) []float64 {
	h := 7.07106781186547524401e-01
	edge := []float64{0, math.Copysign(0, -1), -1, -1e-300, math.NaN(), math.Inf(1), math.Inf(-1), 5e-324, 1e-310,
		0x1p-1022, math.Nextafter(0x1p-1022, 0), math.MaxFloat64, 1, math.Nextafter(1, 2), math.Nextafter(1, 0),
		h, math.Nextafter(h, 0), math.Nextafter(h, 1), 2 * h, h / 4, h * 1024, math.Sqrt2, math.E, 3.4e38, 1.4e-45}
	for j := -1021; j < 1024; j++ { // f = sqrt(2)/2 exactly, at every exponent
		edge = append(edge, math.Ldexp(h, j))
	}
	var out []float64
	for _, e := range edge {
		out = append(out, e, rng.Float64()*20, rng.Float64()+0.5)
	}
	for range 20000 {
		switch rng.IntN(3) {
		case 0:
			out = append(out, math.Ldexp(rng.Float64()+0.5, rng.IntN(2044)-1021))
		case 1:
			out = append(out, rng.Float64()*2)
		default:
			out = append(out, 1+(rng.Float64()*2-1)*math.Ldexp(1, -rng.IntN(50)))
		}
	}
	return out
}

// Log gives math.Log's bits as Exp gives math.Exp's.
func TestLogIsMathLog(t *testing.T) {
	testByFours(t, logCases(rand.New(rand.NewPCG(9, 10))), Log[float64], Log[float32], math.Log)
}

func testByFours(t *testing.T, x []float64, f64 func(dst, src []float64), f32 func(dst, src []float32), want func(float64) float64) {
	x32 := make([]float32, len(x))
	for i, v := range x {
		x32[i] = float32(v)
	}
	for _, simd := range []bool{false, useSIMD} {
		old := useSIMD
		useSIMD = simd
		for start := 0; start < 5; start++ {
			for _, n := range []int{0, 1, 3, 4, 5, 7, len(x) - start} {
				src, src32 := x[start:start+n], x32[start:start+n]
				got, got32 := make([]float64, n), make([]float32, n)
				f64(got, src)
				f32(got32, src32)
				for i := range src {
					require.Equal(t, math.Float64bits(want(src[i])), math.Float64bits(got[i]), "simd=%v f(%v)", simd, src[i])
					require.Equal(t, math.Float32bits(float32(want(float64(src32[i])))), math.Float32bits(got32[i]), "simd=%v float32 f(%v)", simd, src32[i])
				}
			}
		}
		useSIMD = old
	}
}

// BenchmarkExp is exp of 1M float64 and float32 values in [-10, 10], and
// log of their exps.
func BenchmarkExp(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x, y := make([]float64, 1<<20), make([]float64, 1<<20)
	x32, y32 := make([]float32, 1<<20), make([]float32, 1<<20)
	for i := range x {
		x[i] = rng.Float64()*20 - 10
		x32[i] = float32(x[i])
	}
	b.Run("float64", func(b *testing.B) {
		for b.Loop() {
			Exp(y, x)
		}
	})
	b.Run("float32", func(b *testing.B) {
		for b.Loop() {
			Exp(y32, x32)
		}
	})
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			for i, v := range x {
				y[i] = math.Exp(v)
			}
		}
	})
	Exp(x, x)
	b.Run("log/float64", func(b *testing.B) {
		for b.Loop() {
			Log(y, x)
		}
	})
	b.Run("math.Log", func(b *testing.B) {
		for b.Loop() {
			for i, v := range x {
				y[i] = math.Log(v)
			}
		}
	})
}
