package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every shape edge of Gemm's tiles, 8- and 4-row edge tiles and B read in
// place included: m and n = 1..37, k = 1, 5 and 37, row-major operands and
// views with odd row strides (B's rows contiguous, so the narrow products
// read it in place), against the triple loop in float64 within the bound
// of a fused summation, and bit for bit the same on every tile this
// machine has, A packed or read in place, at 1 and 3 goroutines.
func TestGemmEdgeShapes(t *testing.T) {
	testGemmEdgeShapes[float64](t, 0x1p-53)
	testGemmEdgeShapes[float32](t, 0x1p-24)
}

func testGemmEdgeShapes[V float32 | float64](t *testing.T, eps float64) {
	rng := rand.New(rand.NewPCG(37, 12))
	var configs []gemmNNConfig
	for _, g := range gemmNNConfigs() {
		if g.simd && !g.small && g.workers != 2 { // the Go tile, tiny blocks and 2 goroutines: TestGemmFloat64
			configs = append(configs, g)
		}
	}
	if len(configs) == 0 {
		t.Skip("no assembly tiles on this machine")
	}
	for m := 1; m <= 37; m++ {
		for n := 1; n <= 37; n++ {
			for _, k := range []int{1, 5, 37} {
				for _, odd := range []int{0, 3} {
					rsa, rsb := k+odd, n+odd+2*(odd/3)
					a, b := make([]V, (m-1)*rsa+k), make([]V, (k-1)*rsb+n)
					for i := range a {
						a[i] = V(rng.NormFloat64())
					}
					for i := range b {
						b[i] = V(rng.NormFloat64())
					}
					want, bound := make([]float64, m*n), make([]float64, m*n)
					for i := 0; i < m; i++ {
						for j := 0; j < n; j++ {
							for p := 0; p < k; p++ {
								x := float64(a[i*rsa+p]) * float64(b[p*rsb+j])
								want[i*n+j] += x
								bound[i*n+j] += math.Abs(x) * float64(k+2) * eps
							}
						}
					}
					var first []V
					for _, g := range configs {
						c := make([]V, m*n)
						for i := range c {
							c[i] = V(math.NaN())
						}
						g.with(func() { GemmStrided(m, k, n, 1, a, rsa, 1, b, rsb, 1, c) })
						for i, w := range want {
							if !(math.Abs(float64(c[i])-w) <= bound[i]) {
								t.Fatalf("%dx%dx%d strides %d, %d, %v entry (%d, %d): %v, want %v", m, k, n, rsa, rsb, g, i/n, i%n, c[i], w)
							}
						}
						if first == nil {
							first = c
						} else if !sameBits(first, c) {
							t.Fatalf("%dx%dx%d strides %d, %d: %v differs from %v", m, k, n, rsa, rsb, g, configs[0])
						}
					}
				}
			}
		}
	}
}

// sameBits says whether x and y hold the same values bit for bit.
func sameBits[V float32 | float64](x, y []V) bool {
	for i := range x {
		if math.Float64bits(float64(x[i])) != math.Float64bits(float64(y[i])) {
			return false
		}
	}
	return len(x) == len(y)
}

// packNNB lays out B's slivers as its comment says, row-major B (packed a
// row at a time across the whole slivers, the widths of the tiles) and
// strided B alike, with a partial last sliver zero-padded, and writes no
// further than its slivers.
func TestPackNNBLayout(t *testing.T) {
	for _, r := range []int{8, 16, 32, 5} {
		for _, cs := range []int{1, 2} {
			for _, c := range [][2]int{{1, 1}, {3, r}, {7, 2*r + 3}, {4, 3*r - 1}, {9, r - 1}} {
				rows, cols := c[0], c[1]
				rs := cols*cs + 3
				src := make([]float64, rows*rs)
				for i := range src {
					src[i] = float64(i + 1)
				}
				slivers := (cols + r - 1) / r
				dst := make([]float64, slivers*r*rows+5)
				for i := range dst {
					dst[i] = -1
				}
				packNNB(dst, src, rs, cs, rows, cols, r)
				for q := 0; q < slivers; q++ {
					for p := 0; p < rows; p++ {
						for j := 0; j < r; j++ {
							want := 0.0
							if q*r+j < cols {
								want = src[p*rs+(q*r+j)*cs]
							}
							require.Equal(t, want, dst[q*r*rows+p*r+j], "r %d cs %d %dx%d: sliver %d (%d, %d)", r, cs, rows, cols, q, p, j)
						}
					}
				}
				require.Equal(t, []float64{-1, -1, -1, -1, -1}, dst[slivers*r*rows:], "r %d cs %d %dx%d: past the slivers", r, cs, rows, cols)
			}
		}
	}
}
