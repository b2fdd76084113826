package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// gemmNNConfig is one way of running Gemm: which tile, how small the
// cache blocks, how many goroutines.
type gemmNNConfig struct {
	simd, avx512 bool
	small        bool
	direct       bool
	workers      int
}

func (g gemmNNConfig) String() string {
	return fmt.Sprintf("simd=%v/avx512=%v/small=%v/direct=%v/workers=%d", g.simd, g.avx512, g.small, g.direct, g.workers)
}

// gemmNNConfigs lists the configurations this machine can run: every tile
// it has down to the Go tile, with the default and with tiny cache blocks,
// A packed or read in place, on 1, 2 and 3 goroutines.
func gemmNNConfigs() []gemmNNConfig {
	tiles := [][2]bool{{false, false}}
	if useSIMD {
		tiles = append(tiles, [2]bool{true, false})
		if useAVX512 {
			tiles = append(tiles, [2]bool{true, true})
		}
	}
	var out []gemmNNConfig
	for _, tl := range tiles {
		for _, small := range []bool{false, true} {
			for _, direct := range []bool{false, true} {
				for _, w := range []int{1, 2, 3} {
					out = append(out, gemmNNConfig{simd: tl[0], avx512: tl[1], small: small, direct: direct, workers: w})
				}
			}
		}
	}
	return out
}

// with sets the configuration for the duration of f (splits forced on
// small products when workers > 1).
func (g gemmNNConfig) with(f func()) {
	oldS, old5, oldK, oldM, oldN, oldP, oldD, oldB := useSIMD, useAVX512, gemmNNKC, gemmNNMC, gemmNNNC, gemmParallelWork, gemmNNDirectSlivers, gemmNNPanelBytes
	defer func() {
		useSIMD, useAVX512, gemmNNKC, gemmNNMC, gemmNNNC, gemmParallelWork, gemmNNDirectSlivers, gemmNNPanelBytes = oldS, old5, oldK, oldM, oldN, oldP, oldD, oldB
	}()
	useSIMD, useAVX512 = g.simd, g.avx512
	gemmNNDirectSlivers = 0
	if g.direct {
		gemmNNDirectSlivers = math.MaxInt32
	}
	if g.small {
		gemmNNKC, gemmNNMC, gemmNNNC, gemmNNPanelBytes = 5, 13, 40, 2000
	}
	defer withWorkers(g.workers)()
	if g.workers > 1 {
		gemmParallelWork = 1
	}
	f()
}

// gemmNNCase is one product: shapes, strides and how they were laid out.
type gemmNNCase struct {
	name               string
	m, k, n            int
	rsa, csa, rsb, csb int
	alpha              float64
}

// gemmNNCases covers vectors (1 x N, N x 1), odd sizes around every tile
// shape, k = 0, several cache blocks, alpha != 1, and strided operands:
// transposed views of A and B and every other column (non-contiguous).
func gemmNNCases() []gemmNNCase {
	var out []gemmNNCase
	shapes := [][3]int{{1, 1, 1}, {1, 37, 50}, {45, 29, 1}, {1, 300, 1}, {3, 5, 2}, {6, 7, 16}, {7, 9, 17},
		{12, 11, 32}, {13, 260, 33}, {17, 9, 8}, {25, 31, 9}, {100, 37, 16}, {70, 300, 90}, {5, 0, 4}, {0, 3, 4}, {200, 520, 24}}
	for _, s := range shapes {
		m, k, n := s[0], s[1], s[2]
		out = append(out,
			gemmNNCase{"rowmajor", m, k, n, k, 1, n, 1, 1},
			gemmNNCase{"alpha", m, k, n, k, 1, n, 1, -0.75},
			gemmNNCase{"aT", m, k, n, 1, m, n, 1, 1},
			gemmNNCase{"bT", m, k, n, k, 1, 1, k, 1},
			gemmNNCase{"everyOther", m, k, n, 2*k + 3, 2, 2 * n, 2, 1})
	}
	return out
}

// testGemmNN checks Gemm in every configuration against the triple loop
// in float64 (within the bound of a fused summation, (k+2) eps sum |a b|),
// checks that every entry of c is written (c starts as NaN), and that all
// configurations with the same cache blocks give the same bits (float32 on
// the Go tile: see GemmStrided's note on double rounding).
func testGemmNN[V float32 | float64](t *testing.T, eps float64) {
	rng := rand.New(rand.NewPCG(3, 32))
	for _, tc := range gemmNNCases() {
		m, k, n := tc.m, tc.k, tc.n
		la, lb := 1, 1
		if m > 0 && k > 0 {
			la = (m-1)*tc.rsa + (k-1)*tc.csa + 1
		}
		if k > 0 && n > 0 {
			lb = (k-1)*tc.rsb + (n-1)*tc.csb + 1
		}
		a, b := make([]V, la), make([]V, lb)
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
					x := float64(a[i*tc.rsa+p*tc.csa]) * float64(b[p*tc.rsb+j*tc.csb])
					want[i*n+j] += x
					bound[i*n+j] += math.Abs(x)
				}
				want[i*n+j] *= float64(V(tc.alpha))
				bound[i*n+j] *= math.Abs(tc.alpha) * float64(k+2) * eps
			}
		}
		first := map[bool][]V{}
		for _, g := range gemmNNConfigs() {
			c := make([]V, m*n)
			for i := range c {
				c[i] = V(math.NaN())
			}
			g.with(func() { GemmStrided(m, k, n, V(tc.alpha), a, tc.rsa, tc.csa, b, tc.rsb, tc.csb, c) })
			for i := range c {
				require.InDelta(t, want[i], float64(c[i]), bound[i]+1e-300, "%s %dx%dx%d %v entry %d", tc.name, m, k, n, g, i)
			}
			if eps < 1e-10 || g.simd { // float32 on the Go tile may differ in the last bit
				if ref, ok := first[g.small]; ok {
					require.Equal(t, ref, c, "%s %dx%dx%d: %v differs from the first configuration", tc.name, m, k, n, g)
				} else {
					first[g.small] = c
				}
			}
		}
	}
}

// Gemm on float64 and float32 against the triple loop, on every path,
// bit-identical across tiles and goroutine counts.
func TestGemmFloat64(t *testing.T) { testGemmNN[float64](t, 0x1p-53) }
func TestGemmFloat32(t *testing.T) { testGemmNN[float32](t, 0x1p-24) }

// The Go tile on its own gives the fused sums, stored or added: the
// fallback of every machine without the assembly.
func TestGemmNNGoTile(t *testing.T) {
	a := []float64{1, 2, 3, 4} // kc = 2, mr = 2: column p of A's sliver is a[2p:2p+2]
	b := []float64{5, 6, 7, 8} // nr = 2
	c := []float64{100, 100, 100, 100}
	gemmNNGo(2, a, 1, 2, b, 2, c, 2, 2, 2, 0)
	// c[i][j] = a[0*2+i]*b[0*2+j] + a[1*2+i]*b[1*2+j]
	require.Equal(t, []float64{1*5 + 3*7, 1*6 + 3*8, 2*5 + 4*7, 2*6 + 4*8}, c)
	gemmNNGo(2, a, 1, 2, b, 2, c, 2, 2, 2, 1)
	require.Equal(t, []float64{52, 60, 76, 88}, c)
	c32 := make([]float32, 4)
	gemmNNGo(2, []float32{1, 2, 3, 4}, 1, 2, []float32{5, 6, 7, 8}, 2, c32, 2, 2, 2, 0)
	require.Equal(t, []float32{26, 30, 38, 44}, c32)
}

// Gemm refuses slices shorter than their shape and negative strides.
func TestGemmShortSlicesPanic(t *testing.T) {
	require.Panics(t, func() { Gemm(2, 3, 2, 1, make([]float64, 5), make([]float64, 6), make([]float64, 4)) })
	require.Panics(t, func() { Gemm(2, 3, 2, 1, make([]float32, 6), make([]float32, 6), make([]float32, 3)) })
	require.Panics(t, func() {
		GemmStrided(2, 2, 2, 1, make([]float64, 4), -1, 1, make([]float64, 4), 2, 1, make([]float64, 4))
	})
}

// BenchmarkGemm is the dense @ dense product of a Cora-sized GCN layer
// (2708 x 1433 @ 1433 x 16), of two 1000 x 1000 matrices (the bench's
// strided_mm_square) and of two 1024 x 1024 ones, float32 and
// float64, on the default goroutines and on one, in GFLOP/s of wall time
// and of CPU time (the steadier figure on a shared machine) and CPU
// nanoseconds a call.
func BenchmarkGemm(b *testing.B) {
	for _, s := range [][3]int{{2708, 1433, 16}, {1000, 1000, 1000}, {1024, 1024, 1024}} {
		for _, w := range []int{0, 1} {
			name := formatShape(s) + "/threads=default"
			if w > 0 {
				name = formatShape(s) + "/threads=" + strconv.Itoa(w)
			}
			b.Run(name+"/float32", func(b *testing.B) { benchGemm[float32](b, s, w) })
			b.Run(name+"/float64", func(b *testing.B) { benchGemm[float64](b, s, w) })
		}
	}
}

func benchGemm[V float32 | float64](b *testing.B, s [3]int, workers int) {
	defer withWorkers(workers)()
	m, k, n := s[0], s[1], s[2]
	x, y, z := make([]V, m*k), make([]V, k*n), make([]V, m*n)
	for i := range x {
		x[i] = V(i%7) - 3
	}
	for i := range y {
		y[i] = V(i%5) - 2
	}
	b.ReportAllocs()
	cpu := gemmCPUTime()
	for b.Loop() {
		Gemm(m, k, n, 1, x, y, z)
	}
	used := (gemmCPUTime() - cpu).Seconds()
	flops := 2 * float64(m) * float64(k) * float64(n) * float64(b.N)
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	b.ReportMetric(flops/used/1e9, "GFLOP/cpu-s")
	b.ReportMetric(used*1e9/float64(b.N), "cpu-ns/op")
}

// gemmCPUTime is the process's CPU time so far (user and system).
func gemmCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func formatShape(s [3]int) string {
	return strconv.Itoa(s[0]) + "x" + strconv.Itoa(s[1]) + "x" + strconv.Itoa(s[2])
}

// A large packed panel of B goes back to the memory package's recycler and
// is taken again by the next product, a collection in between (a sync.Pool
// would have dropped it, and the next product faulted in a new one).
func TestGemmPanelOutlivesCollection(t *testing.T) {
	m, k, n := 12, 512, 512 // a 2 MiB panel
	a, b, c := make([]float64, m*k), make([]float64, k*n), make([]float64, m*n)
	Gemm(m, k, n, 1, a, b, c)
	runtime.GC()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	Gemm(m, k, n, 1, a, b, c)
	runtime.ReadMemStats(&after)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated by a product after a collection")
}
