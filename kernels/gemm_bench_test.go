package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkGemmSubNT times C -= A B^T on shapes of the supernodal Cholesky
// (a trailing update of width 256, a descendant's update of a few columns,
// a mid-sized one) with each tile this machine has, on one goroutine, and
// reports GFLOP/s.
func BenchmarkGemmSubNT(b *testing.B) {
	shapes := [][3]int{{2000, 2000, 256}, {1000, 256, 256}, {3000, 24, 64}, {300, 100, 50}, {64, 16, 16}}
	tiles := []gemmConfig{{name: "go"}}
	if useSIMD {
		tiles = append(tiles, gemmConfig{name: "avx2", simd: true})
		if useAVX512 {
			tiles = append(tiles, gemmConfig{name: "avx512", simd: true, avx512: true})
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range shapes {
		m, k, w := s[0], s[1], s[2]
		a, bb, c := randomFloats(rng, m*w), randomFloats(rng, k*w), randomFloats(rng, m*k)
		for _, g := range tiles {
			for _, path := range []string{"packed", "direct"} {
				g := g
				g.packed, g.direct = path == "packed", path == "direct"
				b.Run(fmt.Sprintf("%dx%dx%d/%s/%s", m, k, w, g.name, path), func(b *testing.B) {
					g.gemmParallelOff(func() {
						for b.Loop() {
							GemmSubNT(m, k, w, a, m, bb, k, c, m)
						}
					})
					b.ReportMetric(2*float64(m)*float64(k)*float64(w)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
				})
			}
		}
	}
}

// gemmParallelOff runs f in configuration g on one goroutine.
func (g gemmConfig) gemmParallelOff(f func()) {
	old := gemmParallelWork
	gemmParallelWork = 1 << 62
	defer func() { gemmParallelWork = old }()
	g.with(f)
}
