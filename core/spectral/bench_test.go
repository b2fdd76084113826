package spectral

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// laplacian2D is the 5-point Laplacian of an n x n grid as CSR float64.
func laplacian2D(b *testing.B, n int64) *tensor.Tensor {
	c, err := gen.Stencil2D(n)
	if err != nil {
		b.Fatal(err)
	}
	coo, err := c.Tensor()
	if err != nil {
		b.Fatal(err)
	}
	a, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		b.Fatal(err)
	}
	return a
}

func BenchmarkLobpcgLaplacian500(b *testing.B) {
	a := laplacian2D(b, 500)
	for b.Loop() {
		res, err := Lobpcg(a, LobpcgOptions{K: 4, Niter: 50, Tol: 1e-5, Largest: true, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Iterations), "iters")
	}
}

func BenchmarkSvdLowrankLaplacian500(b *testing.B) {
	a := laplacian2D(b, 500)
	for b.Loop() {
		if _, err := SvdLowrank(a, 6, 2, nil, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPcaLowrankLaplacian500(b *testing.B) {
	a := laplacian2D(b, 500)
	for b.Loop() {
		if _, err := PcaLowrank(a, 6, true, 2, 1); err != nil {
			b.Fatal(err)
		}
	}
}
