package linalg

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestMatmulBroadcastSumsDuplicatesFirst: matmul of a 2-D uncoalesced COO
// with a non-zero fill by a 3-D operand repeats the 2-D one over the batch;
// its duplicates must be summed before the repeats are marked coalesced, or
// the fill is split off once per duplicate (found by internal/proptest, seed
// 2 case 73273: row 1 = -3 - 2 read as -3).
func TestMatmulBroadcastSumsDuplicatesFirst(t *testing.T) {
	// A (3 x 1) = [-7, -5, -1] with fill -2: row 1 stored as -3 and -2.
	idx := dtype.Int64Array([]int64{0, 1, 1, 2, 0, 0, 0, 0}, 2, 4)
	a, err := tensor.NewCOO(idx, dtype.Int64Array([]int64{-7, -3, -2, -1}), []int64{3, 1}, tensor.BuildOptions{})
	require.NoError(t, err)
	a, err = tensor.WithFill(a, tensor.ScalarBytes(dtype.Int64, dtype.IntScalar(-2)))
	require.NoError(t, err)
	require.False(t, a.IsCoalesced())
	b, err := tensor.NewStrided(dtype.Int64Array([]int64{-1, -8, -1}, 1, 1, 3))
	require.NoError(t, err)
	got, err := Matmul(a, b)
	require.NoError(t, err)
	d, err := convert.ToDense(got)
	require.NoError(t, err)
	require.Equal(t, []int64{7, 56, 7, 5, 40, 5, 1, 8, 1}, dtype.AsSlice[int64](d.Values()))
}
