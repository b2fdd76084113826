package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core"
)

func benchLaplacian(b *testing.B, grid int64, factor func(a *core.Tensor) (Factor, error)) {
	a, err := laplacian2D(b, grid)
	if err != nil {
		b.Fatal(err)
	}
	rhs := randomVector(b, grid*grid, 1)
	var f Factor
	b.ResetTimer()
	for b.Loop() {
		if f, err = factor(a); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	x, err := f.Solve(rhs, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(f.Fill()), "fill")
	b.ReportMetric(residual(b, a, x, rhs), "residual")
}

// BenchmarkLaplacian500LU factors the 2-D Laplacian of a 500 x 500 grid
// (n = 250000) with Splu's defaults; fill is nnz(L) + nnz(U).
func BenchmarkLaplacian500LU(b *testing.B) {
	benchLaplacian(b, 500, func(a *core.Tensor) (Factor, error) { return Splu(a, DefaultLUOptions()) })
}

// BenchmarkLaplacian500LUAMD is Splu with AMD on A + A^T instead of ColAMD.
func BenchmarkLaplacian500LUAMD(b *testing.B) {
	benchLaplacian(b, 500, func(a *core.Tensor) (Factor, error) {
		return Splu(a, LUOptions{Ordering: OrderAMD, PivotThreshold: 1})
	})
}

// BenchmarkLaplacian500Cholesky factors the same matrix with Cholesky (AMD); fill is nnz(L).
func BenchmarkLaplacian500Cholesky(b *testing.B) {
	benchLaplacian(b, 500, func(a *core.Tensor) (Factor, error) { return Cholesky(a, OrderDefault) })
}
