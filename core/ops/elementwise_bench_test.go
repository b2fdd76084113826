package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// ewBenchCSR is a random n x n CSR matrix with nnz stored entries.
func ewBenchCSR(b *testing.B, seed uint64, n, nnz int64) *tensor.Tensor {
	b.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	rows, cols := make([]int64, nnz), make([]int64, nnz)
	for i := range rows {
		rows[i], cols[i] = rng.Int64N(n), rng.Int64N(n)
	}
	vals := make([]float64, nnz)
	for i := range vals {
		vals[i] = rng.Float64()
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals), []int64{n, n}, tensor.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	csr, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		b.Fatal(err)
	}
	return csr
}

func BenchmarkUnarySinCSR1M(b *testing.B) {
	x := ewBenchCSR(b, 1, 100000, 1000000)
	b.ResetTimer()
	for range b.N {
		if _, err := UnaryByName("sin", x, UnaryArgs{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBinaryAddCSR1M(b *testing.B) {
	x, y := ewBenchCSR(b, 1, 100000, 1000000), ewBenchCSR(b, 2, 100000, 1000000)
	b.ResetTimer()
	for range b.N {
		if _, err := BinaryByName("add", TensorOperand(x), TensorOperand(y), BinaryArgs{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBinaryMulNumberCSR1M(b *testing.B) {
	x := ewBenchCSR(b, 1, 100000, 1000000)
	b.ResetTimer()
	for range b.N {
		if _, err := BinaryByName("mul", TensorOperand(x), NumberOperand(dtype.FloatNumber(3)), BinaryArgs{}); err != nil {
			b.Fatal(err)
		}
	}
}
