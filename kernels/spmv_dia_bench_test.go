package kernels

import (
	"slices"
	"testing"
	"time"
)

// laplacianDIA returns the 5-point Laplacian of a g x g grid as DIA-I:
// offsets -g, -1, 0, 1, g, with the zeros a CSR of it leaves out (the
// -1 diagonals' entries across grid rows) stored as zeros.
func laplacianDIA(g int) DIA[float64] {
	n := g * g
	offs := []int64{-int64(g), -1, 0, 1, int64(g)}
	a := DIA[float64]{Rows: n, Cols: n, Offsets: offs, Stride: n, Val: make([]float64, len(offs)*n)}
	for i := range n {
		a.Val[2*n+i] = 4
		if i >= g {
			a.Val[i] = -1
		}
		if i%g > 0 {
			a.Val[n+i] = -1
		}
		if i%g < g-1 {
			a.Val[3*n+i] = -1
		}
		if i < n-g {
			a.Val[4*n+i] = -1
		}
	}
	return a
}

// BenchmarkSpMVDIALaplacian: y = A x for the 2-D Laplacian of a 2000 x
// 2000 grid (4M rows, 20M nonzeros), DIA-I against CSR (int32 indices).
// Each iteration times one call of each, alternated, so that load from
// elsewhere on a shared machine hits both; it reports the median times and
// the median of the per-pair ratios (csr/dia, above 1 when DIA is faster).
func BenchmarkSpMVDIALaplacian(b *testing.B) {
	const g = 2000
	csr := laplacian2D[int32, float64](g)
	dia := laplacianDIA(g)
	x, y := make([]float64, g*g), make([]float64, g*g)
	for i := range x {
		x[i] = float64(i%7) - 3
	}
	benchModes(b, func(b *testing.B) {
		var tc, td, ratio []float64
		for b.Loop() {
			t0 := time.Now()
			_ = SpMV(1, csr, x, 0, y)
			t1 := time.Now()
			_ = SpMVDIA(1, dia, x, 0, y)
			t2 := time.Now()
			c, d := t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds()
			tc, td, ratio = append(tc, c), append(td, d), append(ratio, c/d)
		}
		b.ReportMetric(median(tc)*1e3, "csr-ms")
		b.ReportMetric(median(td)*1e3, "dia-ms")
		b.ReportMetric(median(ratio), "csr/dia")
	})
}

// median returns the median of v (which it sorts).
func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}

// BenchmarkSpMMDIALaplacian: C = A B with B of 8 columns for the 2-D
// Laplacian of a 1000 x 1000 grid (1M rows), DIA-I and DIA-J against CSR
// (int32 indices), calls alternated as BenchmarkSpMVDIALaplacian's; it
// reports the median times and the median of the per-pair ratios (csr/dia).
func BenchmarkSpMMDIALaplacian(b *testing.B) {
	const g, k = 1000, 8
	csr := laplacian2D[int32, float64](g)
	diaI := laplacianDIA(g)
	diaJ := diaI
	diaJ.ByCol = true // the same matrix up to which slot holds an entry: the timing is what matters
	bm, c := make([]float64, g*g*k), make([]float64, g*g*k)
	for i := range bm {
		bm[i] = float64(i%7) - 3
	}
	for _, tc := range []struct {
		name string
		a    DIA[float64]
	}{{"dia-i", diaI}, {"dia-j", diaJ}} {
		b.Run(tc.name, func(b *testing.B) {
			benchModes(b, func(b *testing.B) {
				b.ReportAllocs()
				var tcsr, td, ratio []float64
				for b.Loop() {
					t0 := time.Now()
					_ = SpMM(1, csr, bm, k, 0, c)
					t1 := time.Now()
					_ = SpMMDIA(1, tc.a, bm, k, 0, c)
					t2 := time.Now()
					x, d := t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds()
					tcsr, td, ratio = append(tcsr, x), append(td, d), append(ratio, x/d)
				}
				b.ReportMetric(median(tcsr)*1e3, "csr-ms")
				b.ReportMetric(median(td)*1e3, "dia-ms")
				b.ReportMetric(median(ratio), "csr/dia")
			})
		})
	}
}
