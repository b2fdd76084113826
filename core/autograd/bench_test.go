package autograd

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkSparseMmBackward is the backward of sparse.mm of the 2-D
// Laplacian on a 1000 x 1000 grid (CSR) times a dense (1e6 x 64): both
// gradients, the sparse one sampled on the Laplacian's pattern.
func BenchmarkSparseMmBackward(b *testing.B) {
	m, err := gen.Stencil2D(1000)
	if err != nil {
		b.Fatal(err)
	}
	coo, err := m.Tensor()
	if err != nil {
		b.Fatal(err)
	}
	a, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := a.Dims()[0]
	x := benchDense(rng, n, 64)
	g := benchDense(rng, n, 64)
	b.ResetTimer()
	for range b.N {
		if _, _, err := mmGrads(a, x, g, true, true); err != nil {
			b.Fatal(err)
		}
	}
}

func benchDense(rng *rand.Rand, m, n int64) *tensor.Tensor {
	v := dtype.NewArray(dtype.Float64, []int64{m, n})
	for i, s := 0, dtype.AsSlice[float64](v); i < len(s); i++ {
		s[i] = rng.NormFloat64()
	}
	d, _ := tensor.NewStrided(v)
	return d
}
