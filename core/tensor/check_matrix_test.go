package tensor

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// CheckPlainMatrix takes a 2-D matrix of sparse dimensions only and names the
// argument and the broken rule otherwise.
func TestCheckPlainMatrix(t *testing.T) {
	m, err := NewStrided(dtype.NewArray(dtype.Float64, []int64{2, 3}))
	require.NoError(t, err)
	require.NoError(t, CheckPlainMatrix("A", m))

	cube, err := NewStrided(dtype.NewArray(dtype.Float64, []int64{2, 2, 2}))
	require.NoError(t, err)
	// One sparse dimension and one dense: 2-D, but not a plain matrix.
	hybrid, err := NewCOO(dtype.Int64Array([]int64{0, 1}, 1, 2), dtype.NewArray(dtype.Float64, []int64{2, 3}), []int64{2, 3}, BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, 1, hybrid.DenseDim())
	for x, want := range map[*Tensor]string{
		nil:    "A: must not be null",
		cube:   "A: expected a 2-D matrix, got shape [2, 2, 2]",
		hybrid: "A: expected a matrix without batch or dense dimensions, got 0 batch and 1 dense",
	} {
		err := CheckPlainMatrix("A", x)
		require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
		require.ErrorContains(t, err, want)
	}
}
