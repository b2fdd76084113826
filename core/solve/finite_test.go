package solve

import (
	"fmt"
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Every solver and factorization refuses a NaN or infinite entry of A by
// naming the value and its place, on every layout and dtype, instead of
// reporting a zero or NaN pivot in some other column.
func TestNonFiniteEntryIsNamed(t *testing.T) {
	const n = 12
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, d := range []dtype.DType{dtype.Float32, dtype.Float64, dtype.Complex64, dtype.Complex128} {
			for _, layout := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
				m := zeros(n, n)
				for i := range n {
					m[i][i] = 4
				}
				m[7][3] = complex(bad, 0)
				a := tensorOf(t, m, d, layout)
				b := stridedOf(t, onesVector(n), d, true)
				want := "at row 7, column 3: the solvers need finite values"
				for name, f := range map[string]func() error{
					"spsolve":    func() error { _, err := Spsolve(a, b, true); return err },
					"splu":       func() error { _, err := Splu(a, DefaultLUOptions()); return err },
					"cholesky":   func() error { _, err := Cholesky(a, OrderAMD); return err },
					"triangular": func() error { _, err := SolveTriangular(a, b, false, true, false); return err },
				} {
					err := f()
					require.Error(t, err, "%s %v %s %s", name, bad, d, layout)
					require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
					require.Contains(t, err.Error(), want, "%s %v %s %s", name, bad, d, layout)
					require.Contains(t, err.Error(), fmt.Sprint(bad), "%s names the value", name)
				}
			}
		}
	}
}

// onesVector is an n x 1 dense matrix of ones (a right-hand side).
func onesVector(n int) dense {
	m := zeros(n, 1)
	for i := range m {
		m[i][0] = 1
	}
	return m
}

// checkFinite scans the values in one pass and looks the slice up only for
// its message: a bad value at every position of a matrix with empty slices
// (first, last and between them), in either orientation, a NaN in a complex
// value's imaginary part, and storage whose pointer starts past 0 (values
// before it are not the matrix's) name the entry's row and column.
func TestCheckFiniteNamesEveryPlace(t *testing.T) {
	// 5 slices: two empty ones in front, one between, one at the end.
	ptr, idx := []int{0, 0, 0, 2, 2, 5, 5}, []int{1, 4, 0, 2, 3}
	slice := []int{2, 2, 4, 4, 4}
	for _, byCol := range []bool{true, false} {
		for at := range idx {
			for _, bad := range []complex128{complex(math.NaN(), 0), complex(0, math.Inf(-1)), complex(1, math.NaN())} {
				val := []complex128{1, 2, 3, 4, 5}
				val[at] = bad
				m := &compressed[complex128]{rows: 6, cols: 6, byCol: byCol, ptr: ptr, idx: idx, val: val}
				row, col := idx[at], slice[at]
				if !byCol {
					row, col = col, row
				}
				err := checkFinite("A", m)
				require.Error(t, err)
				require.Contains(t, err.Error(), fmt.Sprintf("at row %d, column %d:", row, col), "entry %d", at)
			}
			real := []float64{1, 2, 3, 4, 5}
			real[at] = math.Inf(1)
			m := &compressed[float64]{rows: 6, cols: 6, byCol: byCol, ptr: ptr, idx: idx, val: real}
			require.ErrorContains(t, checkFinite("A", m), "+Inf at row")
		}
	}
	// Values before ptr[0] are not read.
	m := &compressed[float64]{rows: 2, cols: 2, byCol: true, ptr: []int{1, 2, 3}, idx: []int{9, 0, 1}, val: []float64{math.NaN(), 1, 2}}
	require.NoError(t, checkFinite("A", m))
	m.val[2] = math.NaN()
	require.ErrorContains(t, checkFinite("A", m), "at row 1, column 1:")
}
