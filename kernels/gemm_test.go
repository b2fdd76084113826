package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// gemmConfig is one way of running the dense kernels: which tiles, which
// path (packed, direct, the default choice), how small the cache blocks,
// and whether the work is split over goroutines.
type gemmConfig struct {
	name           string
	simd, avx512   bool
	packed, direct bool
	small          bool
	split          bool
}

// gemmConfigs lists the configurations this machine can run: every
// assembly tile it has, switched down to the Go loops, on each path.
func gemmConfigs() []gemmConfig {
	var out []gemmConfig
	tiles := [][2]bool{{false, false}}
	if useSIMD {
		tiles = append(tiles, [2]bool{true, false})
		if useAVX512 {
			tiles = append(tiles, [2]bool{true, true})
		}
	}
	for _, tl := range tiles {
		paths := []string{"default", "packed", "direct"}
		if !tl[0] {
			paths = paths[:1] // without tiles every path is the Go loops
		}
		for _, path := range paths {
			for _, small := range []bool{false, true} {
				for _, split := range []bool{false, true} {
					out = append(out, gemmConfig{
						name: fmt.Sprintf("simd=%v/avx512=%v/%s/small=%v/split=%v", tl[0], tl[1], path, small, split),
						simd: tl[0], avx512: tl[1], packed: path == "packed", direct: path == "direct",
						small: small, split: split})
				}
			}
		}
	}
	return out
}

// with sets the configuration for the duration of f.
func (g gemmConfig) with(f func()) {
	old := []any{useSIMD, useAVX512, gemmKC, gemmMC, gemmNC, gemmPackMinW, gemmPackMinWork, gemmParallelWork}
	defer func() {
		useSIMD, useAVX512 = old[0].(bool), old[1].(bool)
		gemmKC, gemmMC, gemmNC = old[2].(int), old[3].(int), old[4].(int)
		gemmPackMinW, gemmPackMinWork = old[5].(int), old[6].(int64)
		gemmParallelWork = old[7].(int64)
	}()
	useSIMD, useAVX512 = g.simd, g.avx512
	if g.packed {
		gemmPackMinW, gemmPackMinWork = 1, 0
	}
	if g.direct {
		gemmPackMinWork = math.MaxInt64
	}
	if g.small {
		gemmKC, gemmMC, gemmNC = 5, 32, 24
	}
	if g.split {
		gemmParallelWork = 2
		defer withWorkers(3)()
	}
	f()
}

// GemmSubNT, GemmSubNTLower and GemmNegNTLower against the triple loop,
// with leading dimensions above the block heights, over shapes below, at
// and around the tiles and (with small blocks) across several cache
// blocks, in every configuration; the entries outside C's block, and above
// its diagonal for the lower kernels, stay untouched. Every configuration
// with the same chunk of w (gemmKC) gives the same bits, and GemmNegNTLower
// gives those of GemmSubNTLower on a zeroed C.
func TestGemmSubNT(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sizes := []int{0, 1, 3, 4, 5, 7, 8, 9, 16, 17, 33, 131}
	configs := gemmConfigs()
	for _, mode := range []string{"full", "lower", "neg"} {
		lower := mode != "full"
		for _, m := range sizes {
			for _, k := range sizes {
				if lower && k > m+3 {
					continue
				}
				widths := []int{0, 1, 2, 9, 31}
				if max(m, k) > 100 {
					widths = widths[3:] // the long edges; the short widths are covered above
				}
				for _, w := range widths {
					lda, ldb, ldc := m+3, k+1, m+2
					a := randomFloats(rng, max(0, (w-1)*lda+m))
					b := randomFloats(rng, max(0, (w-1)*ldb+k))
					c0 := randomFloats(rng, max(0, k*ldc))
					want := slices.Clone(c0)
					for j := 0; j < k; j++ {
						for i := 0; i < m; i++ {
							if lower && i < j {
								continue
							}
							s := 0.0
							for p := 0; p < w; p++ {
								s += a[i+p*lda] * b[j+p*ldb]
							}
							if mode == "neg" {
								want[i+j*ldc] = -s
							} else {
								want[i+j*ldc] -= s
							}
						}
					}
					first := map[bool][]float64{}
					for _, g := range configs {
						c := slices.Clone(c0)
						var zeroed []float64
						g.with(func() {
							switch mode {
							case "full":
								GemmSubNT(m, k, w, a, lda, b, ldb, c, ldc)
							case "lower":
								GemmSubNTLower(m, k, w, a, lda, b, ldb, c, ldc)
							case "neg":
								GemmNegNTLower(m, k, w, a, lda, b, ldb, c, ldc)
								zeroed = make([]float64, len(c))
								GemmSubNTLower(m, k, w, a, lda, b, ldb, zeroed, ldc)
							}
						})
						for q := range c {
							if !(math.Abs(want[q]-c[q]) <= 1e-12*(1+math.Abs(want[q]))) { // NaN fails too
								require.InDelta(t, want[q], c[q], 1e-12*(1+math.Abs(want[q])), "%s %s m=%d k=%d w=%d at %d", g.name, mode, m, k, w, q)
							}
						}
						if zeroed != nil {
							for j := 0; j < k; j++ {
								for i := j; i < m; i++ {
									requireSameBits(t, zeroed[i+j*ldc:i+j*ldc+1], c[i+j*ldc:i+j*ldc+1], "%s neg against lower on zeros m=%d k=%d w=%d (%d, %d)", g.name, m, k, w, i, j)
								}
							}
						}
						if f, ok := first[g.small]; ok {
							requireSameBits(t, f, c, "%s %s m=%d k=%d w=%d", g.name, mode, m, k, w)
						} else {
							first[g.small] = c
						}
					}
				}
			}
		}
	}
	require.Panics(t, func() { GemmSubNT(4, 4, 2, make([]float64, 7), 4, make([]float64, 8), 4, make([]float64, 16), 4) })
	require.Panics(t, func() { GemmSubNTLower(4, 4, 2, make([]float64, 8), 4, make([]float64, 8), 4, make([]float64, 15), 4) })
	require.Panics(t, func() { GemmNegNTLower(4, 4, 2, make([]float64, 8), 4, make([]float64, 7), 4, make([]float64, 16), 4) })
}

// gemmSplit's bounds are ordered, start at multiples of 16 and cover [0, n).
func TestGemmSplit(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 17, 100, 1000} {
		for _, parts := range []int{1, 2, 3, 7} {
			b := gemmSplit(n, parts, func(i int) int64 { return int64(i + 1) })
			require.Len(t, b, parts+1)
			require.Equal(t, 0, b[0])
			require.Equal(t, n, b[parts])
			for p := 1; p <= parts; p++ {
				require.LessOrEqual(t, b[p-1], b[p])
				require.True(t, b[p]%16 == 0 || b[p] == n, "n=%d parts=%d bounds %v", n, parts, b)
			}
		}
	}
}

// PanelCholesky against the definition: for a random symmetric positive
// definite top block G and rows R below it, L L^T = G and X L^T = R, over
// widths around the recursion's leaf and the column block, in every
// configuration with the same bits; the entries above the diagonal stay
// untouched. A pivot that is not positive is reported at its column.
func TestPanelCholesky(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	configs := gemmConfigs()
	for _, nc := range []int{0, 1, 2, 5, 16, 17, 40, 257, 300} {
		for _, extra := range []int{0, 3, 70} {
			nr, lda := nc+extra, nc+extra+2
			if nc == 0 {
				continue
			}
			a := spdPanel(rng, nr, nc, lda)
			first := map[bool][]float64{}
			for _, g := range configs {
				if nc > 100 && (g.small || !g.simd) {
					continue // the Go loops at this size take too long for a unit test
				}
				l := slices.Clone(a)
				g.with(func() {
					col, _ := PanelCholesky(l, lda, nr, nc)
					require.Equal(t, -1, col, g.name)
				})
				requirePanelFactor(t, a, l, lda, nr, nc, g.name)
				if f, ok := first[g.small]; ok {
					requireSameBits(t, f, l, "%s nr=%d nc=%d", g.name, nr, nc)
				} else {
					first[g.small] = l
				}
			}
		}
	}
	a := spdPanel(rng, 300, 290, 300)
	a[270+270*300] = -a[270+270*300]
	col, piv := PanelCholesky(a, 300, 300, 290)
	require.Equal(t, 270, col)
	require.Less(t, piv, 0.0)
	nan := spdPanel(rng, 20, 20, 20)
	nan[3+3*20] = math.NaN()
	col, piv = PanelCholesky(nan, 20, 20, 20)
	require.Equal(t, 3, col)
	require.True(t, math.IsNaN(piv))
	require.Panics(t, func() { PanelCholesky(make([]float64, 15), 4, 4, 4) })
	require.Panics(t, func() { PanelCholesky(make([]float64, 16), 4, 3, 4) })
}

// spdPanel returns an nr x nc block (leading dimension lda) whose top is
// symmetric and diagonally dominant; NaN above the diagonal and in the
// padding, which PanelCholesky must not read.
func spdPanel(rng *rand.Rand, nr, nc, lda int) []float64 {
	a := make([]float64, nc*lda)
	for i := range a {
		a[i] = math.NaN()
	}
	for j := 0; j < nc; j++ {
		for i := j; i < nr; i++ {
			a[i+j*lda] = rng.Float64()*2 - 1
		}
		a[j+j*lda] = float64(nc) + 1
	}
	return a
}

// requirePanelFactor checks l (PanelCholesky of a) against a.
func requirePanelFactor(t *testing.T, a, l []float64, lda, nr, nc int, name string) {
	for j := 0; j < nc; j++ {
		for i := 0; i < lda; i++ {
			if i < j || i >= nr {
				if !math.IsNaN(l[i+j*lda]) {
					require.Failf(t, "changed", "%s: entry (%d, %d) outside the lower block changed", name, i, j)
				}
				continue
			}
			// Row i of L times row j of L, over the columns both have.
			s := 0.0
			for p := 0; p <= min(i, j, nc-1); p++ {
				s += l[i+p*lda] * l[j+p*lda]
			}
			if tol := 1e-11 * float64(nc); !(math.Abs(a[i+j*lda]-s) <= tol) { // NaN fails too
				require.InDelta(t, a[i+j*lda], s, tol, "%s nr=%d nc=%d at (%d, %d)", name, nr, nc, i, j)
			}
		}
	}
}

// requireSameBits checks that got holds the same float64 bits as want.
func requireSameBits(t *testing.T, want, got []float64, format string, args ...any) {
	require.Len(t, got, len(want))
	for q := range want {
		if math.Float64bits(want[q]) != math.Float64bits(got[q]) {
			require.Failf(t, "bits differ", "%s: at %d, %v against %v", fmt.Sprintf(format, args...), q, got[q], want[q])
		}
	}
}

func randomFloats(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = rng.Float64()*2 - 1
	}
	return v
}
