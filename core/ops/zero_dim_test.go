package ops

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestZeroDimTakesDimZero: a 0-d tensor takes dim 0 and -1 as torch's dim
// wrapping does (found by internal/proptest, seed 1 case 97); the ops that
// torch refuses on it (select, narrow_copy, cat) refuse it by that rule.
func TestZeroDimTakesDimZero(t *testing.T) {
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{2.5}))
	require.NoError(t, err)
	x, err = Reshape(x, []int64{})
	require.NoError(t, err)
	require.Empty(t, x.Dims())
	value := func(r *tensor.Tensor) float64 {
		t.Helper()
		require.Empty(t, r.Dims())
		d, err := convert.ToDense(r)
		require.NoError(t, err)
		return dtype.AsSlice[float64](d.Values())[0]
	}
	for _, dim := range []int{0, -1} {
		r, err := Transpose(x, dim, 0)
		require.NoError(t, err, "transpose %d", dim)
		assert.Equal(t, 2.5, value(r))
		r, err = Squeeze(x, &dim)
		require.NoError(t, err, "squeeze %d", dim)
		assert.Equal(t, 2.5, value(r))
		r, err = IndexSelect(x, dim, dtype.Int64Array([]int64{0}, 1))
		require.NoError(t, err, "index_select %d", dim)
		assert.Equal(t, 2.5, value(r))
		coo, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
		require.NoError(t, err)
		r, err = Softmax(coo, dim, false)
		require.NoError(t, err, "softmax %d", dim)
		assert.Equal(t, 1.0, value(r))
		r, err = Softmax(coo, dim, true)
		require.NoError(t, err, "log_softmax %d", dim)
		assert.Equal(t, 0.0, value(r))
		_, err = Select(x, dim, 0)
		assert.ErrorContains(t, err, "0-dim")
		_, err = NarrowCopy(x, dim, 0, 1)
		assert.ErrorContains(t, err, "0-dim")
		_, err = Cat([]*tensor.Tensor{x, x}, dim)
		assert.ErrorContains(t, err, "zero-dimensional")
	}
	_, err = Transpose(x, 1, 0)
	assert.ErrorContains(t, err, "expected to be in range of [-1, 0]")
	_, err = IndexSelect(x, 0, dtype.Int64Array([]int64{0, 0}, 2))
	assert.ErrorContains(t, err, "only 1 value")
	h, err := HStack([]*tensor.Tensor{x, x})
	require.NoError(t, err)
	assert.Equal(t, []int64{2}, h.Dims())
}
