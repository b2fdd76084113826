package kernels

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// tallDelta returns the bench rows' matrix (format_delta8 in bench/): rows
// x 256 with 5 random columns a row (duplicates merged), as CSR and as its
// delta(8) gaps.
func tallDelta(rows int) (csr, delta CSR[int32, float64]) {
	rng := rand.New(rand.NewPCG(36, 0))
	csr = CSR[int32, float64]{Rows: rows, Cols: 256, Ptr: make([]int32, rows+1)}
	for i := range rows {
		var cols []int32
		for range 5 {
			cols = append(cols, int32(rng.IntN(256)))
		}
		slices.Sort(cols)
		cols = slices.Compact(cols)
		for _, c := range cols {
			csr.Idx = append(csr.Idx, c)
			csr.Val = append(csr.Val, rng.NormFloat64())
		}
		csr.Ptr[i+1] = int32(len(csr.Idx))
	}
	delta = csr
	delta.Idx = slices.Clone(csr.Idx)
	for i := range rows {
		prev := int32(-1)
		for p := csr.Ptr[i]; p < csr.Ptr[i+1]; p++ {
			delta.Idx[p] = csr.Idx[p] - prev - 1
			prev = csr.Idx[p]
		}
	}
	return csr, delta
}

// BenchmarkSpMMDelta: SpMV and SpMM (8 columns) of the delta(8) matrix of
// the bench rows against the same product of its CSR, one goroutine,
// alternated call by call, reporting the process CPU time of each (the
// machine is shared: wall time swings more than their ratio) and
// csr/delta, above 1 where delta(8) is faster.
func BenchmarkSpMMDelta(b *testing.B) {
	csr, delta := tallDelta(200000)
	for _, k := range []int{1, 8} {
		x := make([]float64, 256*k)
		for i := range x {
			x[i] = float64(i%7) - 3
		}
		y := make([]float64, csr.Rows*k)
		b.Run("k="+string(rune('0'+k)), func(b *testing.B) {
			setKnobs(b, math.MaxInt, 0)
			var cpu [2]time.Duration
			for b.Loop() {
				t0 := gemmCPUTime()
				if err := SpMMDelta(1, delta, 8, x, k, y); err != nil {
					b.Fatal(err)
				}
				t1 := gemmCPUTime()
				if err := SpMM(1, csr, x, k, 0, y); err != nil {
					b.Fatal(err)
				}
				cpu[0] += t1 - t0
				cpu[1] += gemmCPUTime() - t1
			}
			b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(b.N), "delta-cpu-ns/op")
			b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(b.N), "csr-cpu-ns/op")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "csr/delta")
		})
	}
}
