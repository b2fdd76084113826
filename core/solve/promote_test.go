package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Integer and bool matrices (an integer .mtx file reads as int64) are solved
// in float64, as SciPy does: every solver gives the float64 matrix's answer,
// bit for bit, and an integer B is read in A's dtype.
func TestIntegerMatricesArePromoted(t *testing.T) {
	const n = 9
	m := zeros(n, n)
	for i := range n {
		m[i][i] = 4
		if i > 0 {
			m[i][i-1] = 1
		}
	}
	ones := onesVector(n)
	ref := tensorOf(t, m, dtype.Float64, tensor.CSR)
	bRef := stridedOf(t, ones, dtype.Float64, true)
	type solver func(a, b *tensor.Tensor) (*tensor.Tensor, error)
	solvers := map[string]solver{
		"spsolve": func(a, b *tensor.Tensor) (*tensor.Tensor, error) { return Spsolve(a, b, true) },
		"splu": func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
			f, err := Splu(a, DefaultLUOptions())
			if err != nil {
				return nil, err
			}
			return f.Solve(b, true)
		},
		"triangular": func(a, b *tensor.Tensor) (*tensor.Tensor, error) { return SolveTriangular(a, b, false, true, false) },
	}
	sym := zeros(n, n) // the Cholesky case: symmetric positive definite
	for i := range n {
		sym[i][i] = 4
		if i > 0 {
			sym[i][i-1], sym[i-1][i] = 1, 1
		}
	}
	for name, solve := range solvers {
		want, err := solve(ref, bRef)
		require.NoError(t, err, name)
		for _, d := range []dtype.DType{dtype.Int64, dtype.Int32, dtype.Int8, dtype.UInt8} {
			for _, bd := range []dtype.DType{dtype.Float64, d} {
				got, err := solve(tensorOf(t, m, d, tensor.CSR), stridedOf(t, ones, bd, true))
				require.NoError(t, err, "%s A %s B %s", name, d, bd)
				require.Equal(t, dtype.Float64, got.DType(), name)
				require.Equal(t, denseOf(t, want), denseOf(t, got), "%s A %s B %s", name, d, bd)
			}
		}
	}
	c, err := Cholesky(tensorOf(t, sym, dtype.Int64, tensor.COO), OrderAMD)
	require.NoError(t, err)
	require.Equal(t, dtype.Float64, c.DType())
	cf, err := Cholesky(tensorOf(t, sym, dtype.Float64, tensor.COO), OrderAMD)
	require.NoError(t, err)
	x, err := c.Solve(stridedOf(t, ones, dtype.Int64, true), true)
	require.NoError(t, err)
	xf, err := cf.Solve(bRef, true)
	require.NoError(t, err)
	require.Equal(t, denseOf(t, xf), denseOf(t, x))

	// A bool identity solves to B; float16 is still refused, naming the rule.
	eye := zeros(n, n)
	for i := range n {
		eye[i][i] = 1
	}
	x, err = Spsolve(tensorOf(t, eye, dtype.Bool, tensor.CSC), bRef, true)
	require.NoError(t, err)
	require.Equal(t, denseOf(t, bRef), denseOf(t, x))
	_, err = Spsolve(tensorOf(t, m, dtype.Float16, tensor.CSR), bRef, true)
	require.ErrorContains(t, err, "integers and bool are read as float64")
}
