package solve

import (
	"testing"

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
			a, err := tensor.ToIndexWidth(a, 32)
			if err != nil {
				b.Fatal(err)
			}
			rhs := randomVector(b, a.Shape()[0], 1)
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
// and 30^3), one right-hand side.
func BenchmarkSpsolveConvectionDiffusion(b *testing.B) {
	for _, c := range []struct {
		name    string
		n, dims int
	}{{"2d_200", 200, 2}, {"3d_20", 20, 3}, {"3d_30", 30, 3}} {
		b.Run(c.name, func(b *testing.B) {
			a := convectionDiffusion(b, c.n, c.dims)
			rhs := randomVector(b, a.Shape()[0], 1)
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
