package kernels

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Gemm agrees with the plain triple loop (to rounding) on shapes that
// reach the packed path, the direct path and every edge, and gives the
// same bits on one goroutine as on several.
func TestGemmMatchesLoopsAndThreadCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 32))
	for _, s := range [][3]int{{1, 1, 1}, {3, 5, 2}, {17, 9, 33}, {100, 37, 16}, {70, 300, 90}, {400, 520, 24}, {700, 600, 20}, {5, 0, 4}} {
		m, k, n := s[0], s[1], s[2]
		a, b := make([]float64, m*k), make([]float64, k*n)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		c := make([]float64, m*n)
		for i := range c {
			c[i] = math.NaN() // every entry must be written
		}
		Gemm(m, k, n, 2, a, b, c)
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				want := 0.0
				for p := 0; p < k; p++ {
					want += a[i*k+p] * b[p*n+j]
				}
				require.InDelta(t, 2*want, c[i*n+j], 1e-9*(1+math.Abs(want)), "%v at (%d, %d)", s, i, j)
			}
		}
		for _, w := range []int{1, 3} {
			func() {
				old, oldWork := workersOverride, gemmParallelWork
				workersOverride, gemmParallelWork = w, 64
				defer func() { workersOverride, gemmParallelWork = old, oldWork }()
				d := make([]float64, m*n)
				Gemm(m, k, n, 2, a, b, d)
				require.Equal(t, c, d, "%v on %d goroutines", s, w)
			}()
		}
	}
}

// BenchmarkGemm is the dense @ dense product of a Cora-sized GCN layer
// (2708 x 1433 @ 1433 x 16) and of two 500 x 500 matrices.
func BenchmarkGemm(b *testing.B) {
	for _, s := range [][3]int{{2708, 1433, 16}, {500, 500, 500}} {
		m, k, n := s[0], s[1], s[2]
		x, y, z := make([]float64, m*k), make([]float64, k*n), make([]float64, m*n)
		for i := range x {
			x[i] = float64(i%7) - 3
		}
		for i := range y {
			y[i] = float64(i%5) - 2
		}
		b.Run(formatShape(s), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Gemm(m, k, n, 1, x, y, z)
			}
		})
	}
}

func formatShape(s [3]int) string {
	return strconv.Itoa(s[0]) + "x" + strconv.Itoa(s[1]) + "x" + strconv.Itoa(s[2])
}
