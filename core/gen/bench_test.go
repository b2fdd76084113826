package gen

import "testing"

// benchGen times one generator and reports its output rate.
func benchGen(b *testing.B, gen func() (*COO, error)) {
	b.ReportAllocs()
	var nnz int64
	for b.Loop() {
		c, err := gen()
		if err != nil {
			b.Fatal(err)
		}
		nnz = c.NNZ()
	}
	b.ReportMetric(float64(nnz)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnnz/s")
}

// BenchmarkStencil2D is the reference size: a 1000 x 1000 grid, 4,996,000 nonzeros.
func BenchmarkStencil2D(b *testing.B) { benchGen(b, func() (*COO, error) { return Stencil2D(1000) }) }

func BenchmarkStencil3D(b *testing.B) { benchGen(b, func() (*COO, error) { return Stencil3D(100) }) }

func BenchmarkBanded(b *testing.B) {
	benchGen(b, func() (*COO, error) { return Banded(1_000_000, 2, 2, 1) })
}

func BenchmarkBlockDiagonal(b *testing.B) {
	benchGen(b, func() (*COO, error) { return BlockDiagonal(50_000, 10, 1) })
}

func BenchmarkRMAT(b *testing.B) { benchGen(b, func() (*COO, error) { return RMAT(18, 16, 1) }) }

func BenchmarkUniform(b *testing.B) {
	benchGen(b, func() (*COO, error) { return Uniform(1_000_000, 1_000_000, 5_000_000, 1) })
}

func BenchmarkUniformDense(b *testing.B) {
	benchGen(b, func() (*COO, error) { return Uniform(3000, 3000, 6_000_000, 1) })
}

func BenchmarkShortWide(b *testing.B) {
	benchGen(b, func() (*COO, error) { return ShortWide(10_000, 1_000_000, 500, 1) })
}

func BenchmarkTensor(b *testing.B) {
	c, err := Stencil2D(1000)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := c.Tensor(); err != nil {
			b.Fatal(err)
		}
	}
}
