package tensor_test

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// laplacianCSR is the 5-point Laplacian of an n x n grid as CSR.
func laplacianCSR(b *testing.B, n int64) *tensor.Tensor {
	var rows, cols []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		for j := int64(0); j < n; j++ {
			r := i*n + j
			for _, d := range [][3]int64{{-1, 0, -1}, {0, -1, -1}, {0, 0, 4}, {0, 1, -1}, {1, 0, -1}} {
				if i+d[0] >= 0 && i+d[0] < n && j+d[1] >= 0 && j+d[1] < n {
					rows, cols = append(rows, r), append(cols, (i+d[0])*n+j+d[1])
					vals = append(vals, float64(d[2]))
				}
			}
		}
	}
	nse := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nse), dtype.Float64Array(vals), []int64{n * n, n * n}, tensor.BuildOptions{Coalesced: true})
	if err != nil {
		b.Fatal(err)
	}
	csr, err := tensor.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	if err != nil {
		b.Fatal(err)
	}
	return csr
}

// BenchmarkToFormatDIA: CSR -> DIA-I -> CSR of the 2-D Laplacian of a 300 x
// 300 grid (90k rows, 449k nonzeros, 5 diagonals) and of a 600 x 600 one
// (four times as large: the time should grow four times, O(nnz + padding)).
func BenchmarkToFormatDIA(b *testing.B) {
	for _, g := range []int64{300, 600} {
		b.Run(fmt.Sprintf("grid%d", g), func(b *testing.B) { benchToFormatDIA(b, g) })
	}
}

func benchToFormatDIA(b *testing.B, g int64) {
	csr := laplacianCSR(b, g)
	b.Run("csr-to-dia", func(b *testing.B) {
		for b.Loop() {
			if _, err := tensor.ToFormat(csr, format.DIAI()); err != nil {
				b.Fatal(err)
			}
		}
	})
	dia, err := tensor.ToFormat(csr, format.DIAI())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("dia-to-csr", func(b *testing.B) {
		for b.Loop() {
			if _, err := tensor.ToFormat(dia, format.CSR()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
