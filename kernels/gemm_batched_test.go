package kernels

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// GemmBatched gives each batch Gemm's bits, whether its batches run on one
// goroutine or are split over four (the split forced by thresholds of 1):
// 0-9 batches of shapes with tile edges, alpha 1 and not, float64 and float32.
func TestGemmBatchedMatchesGemm(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 64))
	for _, knobs := range []parallel.Knobs{{Threshold: 1 << 40, ChunkedThreshold: 1 << 40, Workers: 1}, {Threshold: 1, ChunkedThreshold: 1, Workers: 4}} {
		prev := parallel.SetKnobs(knobs)
		oldWork := gemmBatchedWork
		if knobs.Workers > 1 {
			gemmBatchedWork = 1
		}
		for nb := 0; nb <= 9; nb++ {
			for _, s := range [][3]int{{1, 1, 1}, {7, 5, 9}, {13, 17, 33}, {64, 64, 32}} {
				m, k, n := s[0], s[1], s[2]
				for _, alpha := range []float64{1, -0.5} {
					a, b := make([]float64, nb*m*k), make([]float64, nb*k*n)
					for i := range a {
						a[i] = rng.NormFloat64()
					}
					for i := range b {
						b[i] = rng.NormFloat64()
					}
					got := make([]float64, nb*m*n)
					GemmBatched(nb, m, k, n, alpha, a, b, got)
					a32, b32, got32 := make([]float32, len(a)), make([]float32, len(b)), make([]float32, len(got))
					for i := range a {
						a32[i] = float32(a[i])
					}
					for i := range b {
						b32[i] = float32(b[i])
					}
					GemmBatched(nb, m, k, n, float32(alpha), a32, b32, got32)
					for i := range nb {
						want := make([]float64, m*n)
						Gemm(m, k, n, alpha, a[i*m*k:(i+1)*m*k], b[i*k*n:(i+1)*k*n], want)
						require.Equal(t, want, got[i*m*n:(i+1)*m*n], "batch %d of %d, %v, knobs %+v", i, nb, s, knobs)
						want32 := make([]float32, m*n)
						Gemm(m, k, n, float32(alpha), a32[i*m*k:(i+1)*m*k], b32[i*k*n:(i+1)*k*n], want32)
						require.Equal(t, want32, got32[i*m*n:(i+1)*m*n], "float32 batch %d of %d, %v", i, nb, s)
					}
				}
			}
		}
		parallel.SetKnobs(prev)
		gemmBatchedWork = oldWork
	}
}

// BenchmarkGemmBatched is the strided_bmm row's product (8 x 64x64 @
// 64x32, float64) and smaller batches around gemmBatchedWork (where the
// split over goroutines starts) on the default goroutines and on one, in
// GFLOP/s of wall time and of CPU time and CPU nanoseconds a call.
func BenchmarkGemmBatched(b *testing.B) {
	for _, s := range [][4]int{{8, 64, 64, 32}, {2, 64, 64, 32}, {4, 32, 32, 32}, {8, 32, 32, 16}} {
		nb, m, k, n := s[0], s[1], s[2], s[3]
		for _, w := range []int{0, 1} {
			name := fmt.Sprintf("%dx%dx%dx%d/threads=", nb, m, k, n)
			if w > 0 {
				name += strconv.Itoa(w)
			} else {
				name += "default"
			}
			b.Run(name, func(b *testing.B) {
				defer withWorkers(w)()
				x, y, z := make([]float64, nb*m*k), make([]float64, nb*k*n), make([]float64, nb*m*n)
				for i := range x {
					x[i] = float64(i%7) - 3
				}
				for i := range y {
					y[i] = float64(i%5) - 2
				}
				b.ReportAllocs()
				cpu := gemmCPUTime()
				for b.Loop() {
					GemmBatched(nb, m, k, n, 1, x, y, z)
				}
				used := (gemmCPUTime() - cpu).Seconds()
				flops := 2 * float64(nb*m*k*n) * float64(b.N)
				b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
				b.ReportMetric(flops/used/1e9, "GFLOP/cpu-s")
				b.ReportMetric(used*1e9/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
