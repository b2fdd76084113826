package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// laplacian2D returns the 5-point Laplacian of an n x n grid as CSR float64.
func laplacian2D(t testing.TB, n int64) (*tensor.Tensor, error) {
	c, err := gen.Stencil2D(n)
	if err != nil {
		return nil, err
	}
	coo, err := c.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
}

// laplacian3D returns the 7-point Laplacian of an n x n x n grid as CSR float64.
func laplacian3D(t testing.TB, n int64) (*tensor.Tensor, error) {
	c, err := gen.Stencil3D(n)
	if err != nil {
		return nil, err
	}
	coo, err := c.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
}

// residual is ||A x - b|| / ||b|| for the dense vectors of a solve.
func residual(t testing.TB, a, x, b *tensor.Tensor) float64 {
	t.Helper()
	ad := denseCSR(t, a)
	xv, bv := vectorOf(t, x), vectorOf(t, b)
	r := make([]float64, len(bv))
	for i := range r {
		s := -bv[i]
		for p := ad.ptr[i]; p < ad.ptr[i+1]; p++ {
			s += ad.val[p] * xv[ad.idx[p]]
		}
		r[i] = s
	}
	return norm(r) / norm(bv)
}
