package mmio

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// bigArray is an n x n array file of the given field and symmetry whose
// stored value at (i, j) (0-based, column by column, the lower triangle
// unless general) is edit's line for it, with a comment every 1000 values;
// it returns the text and the line of each stored (i, j). Some MB: many
// chunks and batches.
func bigArray(n int, field, sym string, edit func(i, j int) string) (string, map[[2]int]int) {
	var b strings.Builder
	fmt.Fprintf(&b, "%%%%MatrixMarket matrix array %s %s\n%d %d\n", field, sym, n, n)
	line := 2
	at := map[[2]int]int{}
	k := 0
	for j := range n {
		first := 0
		switch sym {
		case SymmetrySymmetric, SymmetryHermitian:
			first = j
		case SymmetrySkew:
			first = j + 1
		}
		for i := first; i < n; i++ {
			if k++; k%1000 == 0 {
				b.WriteString("% comment\n")
				line++
			}
			b.WriteString(edit(i, j))
			line++
			at[[2]int{i, j}] = line
		}
	}
	return b.String(), at
}

// Array files are read in parallel chunks: every value lands at its place
// (and its mirror), and each broken rule is reported at its own line however
// deep into the file, the first in file order: a bad number, a hermitian
// diagonal value with an imaginary part, a value too many.
func TestParseArrayAcrossChunks(t *testing.T) {
	const n = 700
	real := func(i, j int) string { return fmt.Sprintf("%d\n", i*n+j) }
	for _, sym := range []string{SymmetryGeneral, SymmetrySymmetric, SymmetrySkew} {
		in, _ := bigArray(n, FieldInteger, sym, real)
		m := parseString(t, in)
		got := dtype.AsSlice[int64](m.Dense)
		for i := range n {
			for j := range n {
				want := int64(i*n + j)
				switch {
				case sym == SymmetrySkew && i == j:
					want = 0
				case sym == SymmetrySkew && i < j:
					want = -int64(j*n + i)
				case sym == SymmetrySymmetric && i < j:
					want = int64(j*n + i)
				}
				require.Equal(t, want, got[i*n+j], "%s (%d, %d)", sym, i, j)
			}
		}
	}
	cplx := func(bad [2]int) func(i, j int) string {
		return func(i, j int) string {
			if i == j && [2]int{i, j} != bad {
				return fmt.Sprintf("%d 0\n", i)
			}
			return fmt.Sprintf("%d %d\n", i, j+1)
		}
	}
	in, at := bigArray(n, FieldComplex, SymmetryHermitian, cplx([2]int{-1, -1}))
	m := parseString(t, in)
	require.Equal(t, complex(float64(650), float64(-11)), dtype.AsSlice[complex128](m.Dense)[10*n+650])

	in, at = bigArray(n, FieldComplex, SymmetryHermitian, cplx([2]int{600, 600}))
	_, err := Parse(strings.NewReader(in))
	requireIOError(t, err, fmt.Sprintf("line %d: hermitian diagonal entry (601, 601) = (600+601i)", at[[2]int{600, 600}]))

	// A bad number before the bad diagonal is the one reported.
	in, _ = bigArray(n, FieldComplex, SymmetryHermitian, func(i, j int) string {
		if i == 650 && j == 599 {
			return "x 1\n"
		}
		return cplx([2]int{600, 600})(i, j)
	})
	_, err = Parse(strings.NewReader(in))
	requireIOError(t, err, fmt.Sprintf("line %d: real part \"x\" is not a real number", at[[2]int{650, 599}]))

	in, at = bigArray(n, FieldInteger, SymmetryGeneral, real)
	_, err = Parse(strings.NewReader(in + "5\n"))
	requireIOError(t, err, fmt.Sprintf("line %d: too many values: the size line (line 2) promises %d", at[[2]int{n - 1, n - 1}]+1, n*n))
	_, err = Parse(strings.NewReader(strings.Replace(in, fmt.Sprintf("%d\n", 400*n+500), "1 2\n", 1)))
	requireIOError(t, err, fmt.Sprintf("line %d: an array entry must hold 1 number(s) (value), found 2", at[[2]int{400, 500}]))
}

// A general array file's column-major values land row-major at every shape
// (kernels.Transpose's tiles with ragged edges, a single row or column), as
// the plain column-by-column loop places them.
func TestDenseRowMajorGeneralShapes(t *testing.T) {
	for _, sh := range [][2]int64{{1, 1}, {1, 37}, {37, 1}, {3, 5}, {301, 517}, {517, 301}} {
		rows, cols := sh[0], sh[1]
		vals := make([]int64, rows*cols)
		for k := range vals {
			vals[k] = int64(k)*7 + 1
		}
		got := denseRowMajor(vals, rows, cols, SymmetryGeneral, same[int64])
		k := 0
		for j := range cols {
			for i := range rows {
				require.Equal(t, vals[k], got[i*cols+j], "%d x %d at (%d, %d)", rows, cols, i, j)
				k++
			}
		}
	}
}
