package linalg

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkDenseProducts times strided @ strided through linalg (Matmul
// and Bmm) at the sizes of the strided rows of make bench: a GCN layer,
// 1000 x 1000 squared, eight 64 x 64 @ 64 x 32 batches and 8 x 8 (the
// per-call cost below the bindings), float64 and float32.
func BenchmarkDenseProducts(b *testing.B) {
	cases := []struct {
		name   string
		sa, sb []int64
		bmm    bool
	}{
		{"gcn", []int64{2708, 1433}, []int64{1433, 16}, false},
		{"square", []int64{1000, 1000}, []int64{1000, 1000}, false},
		{"bmm", []int64{8, 64, 64}, []int64{8, 64, 32}, true},
		{"8x8", []int64{8, 8}, []int64{8, 8}, false},
	}
	for _, c := range cases {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			x, y := benchStrided(b, d, c.sa), benchStrided(b, d, c.sb)
			b.Run(fmt.Sprintf("%s/%s", c.name, d), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					var err error
					if c.bmm {
						_, err = Bmm(x, y)
					} else {
						_, err = Matmul(x, y)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchStrided is a strided tensor of the shape with small varied values.
func benchStrided(b *testing.B, d dtype.DType, shape []int64) *tensor.Tensor {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	arr := dtype.NewArray(d, shape)
	for i := range n {
		dtype.StoreScalar(d, arr.Data[i*int64(d.Size()):], dtype.Real(float64(i%7)-3))
	}
	t, err := tensor.NewStrided(arr)
	if err != nil {
		b.Fatal(err)
	}
	return t
}
