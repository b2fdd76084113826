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
