package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// convectionDiffusion returns the unsymmetric convection-diffusion operator
// -Laplace(u) + w . grad(u) on an n^dims grid (dims 2 or 3, Dirichlet
// boundary), scaled by h^2: the 5- or 7-point Laplacian plus an upwind first
// difference along each axis with wind w = 100 (1, 1/2, 1/4). CSR float64
// with 32-bit indices, as the bench rows read their matrices.
func convectionDiffusion(t testing.TB, n, dims int) *tensor.Tensor {
	t.Helper()
	size := 1
	for range dims {
		size *= n
	}
	wind := []float64{1, 0.5, 0.25}
	h := 1 / float64(n+1)
	var rows, cols []int64
	var vals []float64
	add := func(i, j int, v float64) {
		rows, cols, vals = append(rows, int64(i)), append(cols, int64(j)), append(vals, v)
	}
	for i := 0; i < size; i++ {
		diag := 0.0
		for k, stride, at := 0, 1, i; k < dims; k, stride, at = k+1, stride*n, at/n {
			c := 100 * wind[k] * h // the upwind term, times h^2
			diag += 2 + c
			if at%n > 0 {
				add(i, i-stride, -1-c)
			}
			if at%n < n-1 {
				add(i, i+stride, -1)
			}
		}
		add(i, i, diag)
	}
	nnz := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals, nnz),
		[]int64{int64(size), int64(size)}, tensor.BuildOptions{})
	require.NoError(t, err)
	csr, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	csr, err = convert.ToIndexWidth(csr, 32)
	require.NoError(t, err)
	return csr
}

// TestConvectionDiffusionLU solves the unsymmetric convection-diffusion
// operators with Spsolve and with Splu under each ordering, to a residual
// near rounding; the operator's first row and its upwind entries are checked
// against the stencil first.
func TestConvectionDiffusionLU(t *testing.T) {
	a := convectionDiffusion(t, 3, 3)
	d := denseOf(t, a)
	// h = 1/4: axis k adds 2 + 25 w_k to the diagonal and -1 - 25 w_k at -stride.
	require.InDelta(t, 6+25*1.75, real(d[13][13]), 1e-12)
	require.InDelta(t, -26, real(d[13][12]), 1e-12)
	require.InDelta(t, -13.5, real(d[13][10]), 1e-12)
	require.InDelta(t, -7.25, real(d[13][4]), 1e-12)
	require.InDelta(t, -1, real(d[13][14]), 1e-12)
	for _, c := range []struct{ n, dims int }{{30, 2}, {8, 3}} {
		a := convectionDiffusion(t, c.n, c.dims)
		b := randomVector(t, a.Dims()[0], 7)
		x, err := Spsolve(a, b, true)
		require.NoError(t, err)
		require.Less(t, residual(t, a, x, b), 1e-13)
		for _, ord := range allOrderings {
			f, err := Splu(a, LUOptions{Ordering: ord, PivotThreshold: 1})
			require.NoError(t, err)
			x, err := f.Solve(b, true)
			require.NoError(t, err)
			require.Less(t, residual(t, a, x, b), 1e-13, "ordering %v", ord)
		}
	}
}
