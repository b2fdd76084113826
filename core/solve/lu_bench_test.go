package solve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
)

// spsolveSystems are the square real matrices of the spsolve bench rows that
// are not singular (karate and bcspwr10, read with ones, are).
var spsolveSystems = []string{"west0067.mtx", "cryg2500.mtx", "pushpull.mtx", "bcsstk13.mtx", "bayer10.mtx", "arrow.mtx"}

// BenchmarkSpsolveReal times Spsolve on the real matrices, each read as the
// bench rows read it (float64 CSR, 32-bit indices), with one right-hand side.
func BenchmarkSpsolveReal(b *testing.B) {
	for _, name := range spsolveSystems {
		b.Run(name, func(b *testing.B) {
			a := realMatrix(b, name)
			a, err := convert.ToIndexWidth(a, 32)
			if err != nil {
				b.Fatal(err)
			}
			rhs := randomVector(b, a.Dims()[0], 1)
			var x *tensor.Tensor
			for b.Loop() {
				if x, err = Spsolve(a, rhs, true); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(residual(b, a, x, rhs), "residual")
		})
	}
}

// BenchmarkSpsolveConvectionDiffusion times Spsolve on the unsymmetric
// convection-diffusion operators of the bench rows (2-D 200^2, 3-D 20^3
// and 30^3) and the 2-D 300^2, one right-hand side.
func BenchmarkSpsolveConvectionDiffusion(b *testing.B) {
	for _, c := range []struct {
		name    string
		n, dims int
	}{{"2d_200", 200, 2}, {"2d_300", 300, 2}, {"3d_20", 20, 3}, {"3d_30", 30, 3}} {
		b.Run(c.name, func(b *testing.B) {
			a := convectionDiffusion(b, c.n, c.dims)
			rhs := randomVector(b, a.Dims()[0], 1)
			var x *tensor.Tensor
			var err error
			for b.Loop() {
				if x, err = Spsolve(a, rhs, true); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(residual(b, a, x, rhs), "residual")
		})
	}
}

// BenchmarkSpluLaplacian times Splu as the splu bench row calls it (COLAMD,
// partial pivoting) on the 2-D Laplacian: 200^2 and 300^2 to iterate on,
// 500^2 is the row's size. It reports the fill, the share of columns
// factored in panels and the subtrees factored as tasks (lu_parallel.go;
// tree=false factors every column in one pass).
func BenchmarkSpluLaplacian(b *testing.B) {
	for _, c := range []struct {
		n          int64
		post, tree bool
	}{{200, true, true}, {300, true, true}, {500, true, true}, {300, false, true}, {500, false, true}, {300, true, false}, {500, true, false}} {
		n := c.n
		b.Run(fmt.Sprintf("%d/postorder=%v/tree=%v", n, c.post, c.tree), func(b *testing.B) {
			luPostorder = c.post
			defer func() { luPostorder = true }()
			if !c.tree {
				old := luSplitMinColumns
				luSplitMinColumns = math.MaxInt
				defer func() { luSplitMinColumns = old }()
			}
			a, err := laplacian2D(b, n)
			if err != nil {
				b.Fatal(err)
			}
			var f *LU
			cpu := processCPUTime()
			for b.Loop() {
				if f, err = Splu(a, LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}); err != nil {
					b.Fatal(err)
				}
			}
			// The machine is shared: the process's CPU time is steadier than the wall time.
			b.ReportMetric(float64(processCPUTime()-cpu)/float64(b.N)/1e9, "cpu-s/op")
			b.ReportMetric(float64(f.Fill()), "fill")
			b.ReportMetric(float64(panelColumnsOf(f))/float64(f.Order()), "panel-share")
			if impl, ok := f.impl.(*luNumeric[float64]); ok {
				b.ReportMetric(float64(impl.supernodeColumns)/float64(f.Order()), "supernode-share")
				b.ReportMetric(float64(impl.tasks), "tasks")
			}
		})
	}
}

// BenchmarkTrsmUnitLowerT times a panel's triangular solve with a block's
// unit lower triangle (s columns, 16 or 32 right-hand sides), reporting the
// CPU time per call.
func BenchmarkTrsmUnitLowerT(b *testing.B) {
	for _, s := range []int{8, 16, 32, 64, 128} {
		for _, nc := range []int{16, 32} {
			b.Run(fmt.Sprintf("s=%d/nc=%d", s, nc), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				ld := s + 50
				l := make([]float64, ld*s)
				for i := range l {
					l[i] = (rng.Float64() - 0.5) / float64(s) // repeated solves stay finite
				}
				bt := make([]float64, nc*s)
				for i := range bt {
					bt[i] = rng.Float64()
				}
				cpu := processCPUTime()
				for b.Loop() {
					trsmUnitLowerT(s, nc, l, ld, bt)
				}
				b.ReportMetric(float64(processCPUTime()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// processCPUTime is the process's CPU time so far (user and system).
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
