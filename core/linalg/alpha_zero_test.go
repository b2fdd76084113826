package linalg

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestAlphaZeroIgnoresProduct: with alpha zero every addmm-like product is
// ignored, its NaN and infinities too (torch's addmm), as input is for beta
// zero: the result is beta * input.
func TestAlphaZeroIgnoresProduct(t *testing.T) {
	inf := math.Inf(1)
	coo := func(fill float64) *tensor.Tensor {
		x, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 1, 0}, 2, 2), dtype.Float64Array([]float64{2, 3}, 2), []int64{2, 2}, tensor.BuildOptions{})
		require.NoError(t, err)
		if fill != 0 {
			x, err = tensor.WithFill(x, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
			require.NoError(t, err)
		}
		return x
	}
	withInf := tensortest.MustDense(t, []float64{inf, 1, 1, math.NaN()}, 2, 2)
	input := tensortest.MustDense(t, []float64{1, 2, 3, 4}, 2, 2)
	zero, two := dtype.IntScalar(0), dtype.IntScalar(2)
	want := dmat{shape: []int64{2, 2}, v: []complex128{2, 4, 6, 8}}

	got, err := Addmm(input, withInf, withInf, two, zero)
	require.NoError(t, err)
	requireIEEE(t, want, got, dtype.Float64, "addmm dense")
	got, err = Addmm(input, coo(0), withInf, two, zero)
	require.NoError(t, err)
	requireIEEE(t, want, got, dtype.Float64, "addmm sparse @ dense")
	got, err = SparseAddmm(coo(0), coo(inf), coo(math.NaN()), two, zero)
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: []complex128{0, 4, 6, 0}}, got, dtype.Float64, "sparse.addmm all sparse")
	got, err = SparseAddmm(coo(0), coo(inf), coo(math.NaN()), zero, zero)
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: make([]complex128, 4)}, got, dtype.Float64, "sparse.addmm all sparse, beta 0")

	vec := tensortest.MustDense(t, []float64{inf, math.NaN()}, 2)
	got, err = Addmv(tensortest.MustDense(t, []float64{1, 2}, 2), coo(0), vec, two, zero)
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2}, v: []complex128{2, 4}}, got, dtype.Float64, "addmv")

	got, err = Sspaddmm(coo(0), coo(0), withInf, two, zero)
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: []complex128{0, 4, 6, 0}}, got, dtype.Float64, "sspaddmm")
	got, err = Sspaddmm(coo(1), coo(0), withInf, zero, zero)
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: make([]complex128, 4)}, got, dtype.Float64, "sspaddmm, input with a fill, beta 0")

	csr, err := convert.ToLayout(coo(0), tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	got, err = SampledAddmm(csr, withInf, withInf, two, zero)
	require.NoError(t, err)
	requireIEEE(t, dmat{shape: []int64{2, 2}, v: []complex128{0, 4, 6, 0}}, got, dtype.Float64, "sampled_addmm")
}
