package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// GemmSubNT against the triple loop, with leading dimensions above the
// block heights, over shapes below, at and around the 8 x 4 tile, with the
// assembly on and off; the entries outside C's block stay untouched.
func TestGemmSubNT(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sizes := []int{0, 1, 3, 4, 5, 7, 8, 9, 12, 16, 17, 33}
	for _, on := range []bool{true, false} {
		if on && !useSIMD {
			continue
		}
		old := useSIMD
		useSIMD = on
		for _, m := range sizes {
			for _, k := range sizes {
				for _, w := range []int{0, 1, 2, 5, 8, 31} {
					lda, ldb, ldc := m+3, k+1, m+2
					a := randomFloats(rng, max(0, (w-1)*lda+m))
					b := randomFloats(rng, max(0, (w-1)*ldb+k))
					c := randomFloats(rng, max(0, k*ldc))
					want := append([]float64(nil), c...)
					for j := 0; j < k; j++ {
						for i := 0; i < m; i++ {
							s := 0.0
							for p := 0; p < w; p++ {
								s += a[i+p*lda] * b[j+p*ldb]
							}
							want[i+j*ldc] -= s
						}
					}
					GemmSubNT(m, k, w, a, lda, b, ldb, c, ldc)
					for q := range c {
						require.InDelta(t, want[q], c[q], 1e-12*(1+math.Abs(want[q])), "simd=%v m=%d k=%d w=%d at %d", on, m, k, w, q)
					}
				}
			}
		}
		useSIMD = old
	}
	require.Panics(t, func() { GemmSubNT(4, 4, 2, make([]float64, 7), 4, make([]float64, 8), 4, make([]float64, 16), 4) })
}

func randomFloats(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = rng.Float64()*2 - 1
	}
	return v
}
