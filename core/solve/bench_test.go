package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
)

func benchLaplacian(b *testing.B, grid int64, factor func(a *tensor.Tensor) (Factor, error)) {
	a, err := laplacian2D(b, grid)
	if err != nil {
		b.Fatal(err)
	}
	benchFactor(b, a, factor)
}

func benchFactor(b *testing.B, a *tensor.Tensor, factor func(a *tensor.Tensor) (Factor, error)) {
	var err error
	rhs := randomVector(b, a.Dims()[0], 1)
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
	benchLaplacian(b, 500, func(a *tensor.Tensor) (Factor, error) { return Splu(a, DefaultLUOptions()) })
}

// BenchmarkLaplacian500LUAMD is Splu with AMD on A + A^T instead of ColAMD.
func BenchmarkLaplacian500LUAMD(b *testing.B) {
	benchLaplacian(b, 500, func(a *tensor.Tensor) (Factor, error) {
		return Splu(a, LUOptions{Ordering: OrderAMD, PivotThreshold: 1})
	})
}

// BenchmarkLaplacian500Cholesky factors the same matrix with Cholesky (AMD); fill is nnz(L).
func BenchmarkLaplacian500Cholesky(b *testing.B) {
	benchLaplacian(b, 500, func(a *tensor.Tensor) (Factor, error) { return Cholesky(a, OrderDefault) })
}

// BenchmarkLaplacian3D60Cholesky factors the 7-point Laplacian of a 60^3
// grid (n = 216000) with Cholesky (AMD).
func BenchmarkLaplacian3D60Cholesky(b *testing.B) {
	a, err := laplacian3D(b, 60)
	if err != nil {
		b.Fatal(err)
	}
	benchFactor(b, a, func(a *tensor.Tensor) (Factor, error) { return Cholesky(a, OrderDefault) })
}
