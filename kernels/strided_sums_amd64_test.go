package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// SumColumnsFloat64 and SumRowsFloat64 give the ordered fold's bits (sums
// and sums of squares, each square rounded before its add) with the
// AVX-512 loops and without: widths around the 8- and 32-column blocks,
// 0-9 and 1100 rows (more than simdRowChunk), values over twelve decades
// with -0 and a NaN.
func TestStridedSumsFoldInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	fill := func(n int) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
		}
		if n > 20 {
			x[3], x[17] = math.Copysign(0, -1), math.NaN()
		}
		return x
	}
	old := useStridedSums512
	defer func() { useStridedSums512 = old }()
	for _, simd := range []bool{false, old} {
		useStridedSums512 = simd
		for _, squares := range []bool{false, true} {
			sq := func(v float64) float64 {
				if squares {
					return float64(v * v)
				}
				return v
			}
			for _, w := range []int{1, 7, 8, 9, 31, 32, 33, 41, 64, 100} {
				for _, rows := range []int{1, 2, 5, 9, 1100} {
					stride := w + rng.IntN(3)
					x := fill((rows-1)*stride + w)
					a := fill(w)
					want := append([]float64(nil), a...)
					for k := range want {
						for r := range rows {
							want[k] += sq(x[r*stride+k])
						}
					}
					SumColumnsFloat64(a, x, rows, stride, squares)
					for k := range a {
						require.Equal(t, math.Float64bits(want[k]), math.Float64bits(a[k]), "simd %v sq %v cols w %d rows %d at %d", simd, squares, w, rows, k)
					}
				}
			}
			for _, n := range []int{1, 7, 8, 9, 16, 17, 130} {
				for _, rn := range []int{0, 1, 2, 7, 13, 1000} {
					x := fill(n * rn)
					a := make([]float64, n)
					SumRowsFloat64(a, x, rn, squares)
					for k := range a {
						s := 0.0
						for _, v := range x[k*rn : (k+1)*rn] {
							s += sq(v)
						}
						require.Equal(t, math.Float64bits(s), math.Float64bits(a[k]), "simd %v sq %v rows n %d rn %d at %d", simd, squares, n, rn, k)
					}
				}
			}
		}
	}
}
