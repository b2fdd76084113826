package tensor_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Tensors the library builds or converts pass Validate in every layout.
func TestValidatePassesValidTensors(t *testing.T) {
	dense, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 0, 2, 0, 0, 3, 4, 0, 0, 0, 5, 6, 0, 0, 7, 8}, 4, 4))
	require.NoError(t, err)
	require.NoError(t, tensor.Validate(dense))
	for _, l := range tensor.AllLayouts {
		opt := tensor.ConvertOptions{DenseDim: -1, SparseDim: -1}
		if l == tensor.BSR || l == tensor.BSC {
			opt.BlockSize = [2]int64{2, 2}
		}
		x, err := convert.ToLayout(dense, l, opt)
		require.NoError(t, err, "%s", l)
		require.NoError(t, tensor.Validate(x), "%s", l)
	}
	// Uncoalesced COO and batched CSR too.
	u, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 0, 1, 0, 0, 0}, 2, 3), dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.NoError(t, tensor.Validate(u))
	b, err := tensor.NewCompressed(tensor.CSR, dtype.Int64Array([]int64{0, 1, 1, 0, 0, 1}, 2, 3), dtype.Int64Array([]int64{0, 1}, 2, 1),
		dtype.Float64Array([]float64{1, 2}, 2, 1), []int64{2, 2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.NoError(t, tensor.Validate(b))
}

// A tensor built with NoCheck from bad data fails Validate, naming the rule.
func TestValidateNamesTheBrokenInvariant(t *testing.T) {
	noCheck := tensor.BuildOptions{NoCheck: true}
	csr, err := tensor.NewCompressed(tensor.CSR, dtype.Int64Array([]int64{0, 2, 1, 3}, 4), dtype.Int64Array([]int64{0, 1, 2}, 3),
		dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{3, 3}, noCheck)
	require.NoError(t, err)
	require.ErrorContains(t, tensor.Validate(csr), "crow_indices")
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(tensor.Validate(csr)))

	csc, err := tensor.NewCompressed(tensor.CSC, dtype.Int64Array([]int64{0, 1, 2, 3}, 4), dtype.Int64Array([]int64{0, 9, 2}, 3),
		dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{3, 3}, noCheck)
	require.NoError(t, err)
	require.ErrorContains(t, tensor.Validate(csc), "row_indices")

	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 2, 0, 7, 1}, 2, 3), dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{3, 3}, noCheck)
	require.NoError(t, err)
	require.ErrorContains(t, tensor.Validate(coo), "indices[1, 1] = 7 is out of range")

	unsorted, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 0, 0, 0}, 2, 2), dtype.Float64Array([]float64{1, 2}, 2), []int64{2, 2},
		tensor.BuildOptions{NoCheck: true, Coalesced: true})
	require.NoError(t, err)
	require.ErrorContains(t, tensor.Validate(unsorted), "declared coalesced")
}
