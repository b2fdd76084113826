package linalg_test

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkSparseMm squares, through linalg.SparseMm (the whole path a
// binding takes), the 2-D Laplacian on a 1000^2 grid and a uniform random
// 100K x 100K matrix of 8 entries a row, both as CSR with int32 and with
// int64 indices: the two widths must take the same fast route.
func BenchmarkSparseMm(b *testing.B) {
	inputs := []struct {
		name string
		make func() (*gen.COO, error)
	}{
		{"laplacian1000", func() (*gen.COO, error) { return gen.Stencil2D(1000) }},
		{"uniform100k", func() (*gen.COO, error) { return gen.Uniform(100_000, 100_000, 800_000, 1) }},
	}
	for _, in := range inputs {
		c, err := in.make()
		if err != nil {
			b.Fatal(err)
		}
		t, err := c.Tensor()
		if err != nil {
			b.Fatal(err)
		}
		for _, width := range []int{32, 64} {
			a, err := convert.ToLayout(t, tensor.CSR, tensor.ConvertOptions{IndexWidth: width})
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/int%d", in.name, width), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					r, err := linalg.SparseMm(a, a)
					if err != nil {
						b.Fatal(err)
					}
					if r.IndexWidth() != width {
						b.Fatalf("result index width %d, want the input's %d", r.IndexWidth(), width)
					}
				}
			})
		}
	}
}
