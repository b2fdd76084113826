package convert

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/format"
)

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
			if _, err := ToFormat(csr, format.DIAI()); err != nil {
				b.Fatal(err)
			}
		}
	})
	dia, err := ToFormat(csr, format.DIAI())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("dia-to-csr", func(b *testing.B) {
		for b.Loop() {
			if _, err := ToFormat(dia, format.CSR()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
