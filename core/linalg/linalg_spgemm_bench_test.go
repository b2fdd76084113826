package linalg_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkSparseMmLaplacian squares the 2-D Laplacian on a 1000^2 grid
// (CSR, int32 indices), the whole path from linalg.SparseMm.
func BenchmarkSparseMmLaplacian(b *testing.B) {
	c, err := gen.Stencil2D(1000)
	if err != nil {
		b.Fatal(err)
	}
	t, err := c.Tensor()
	if err != nil {
		b.Fatal(err)
	}
	a, err := tensor.ToLayout(t, tensor.CSR, tensor.ConvertOptions{IndexWidth: 32})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := linalg.SparseMm(a, a); err != nil {
			b.Fatal(err)
		}
	}
}
