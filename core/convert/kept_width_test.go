package convert_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestKeptWidth: 64 where the indices are int64 (a named layout's arrays or
// a custom tensor's storage), else 0 (automatic), a strided tensor's too.
func TestKeptWidth(t *testing.T) {
	dense, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 0, 0, 2}, 2, 2))
	require.NoError(t, err)
	assert.Equal(t, 0, convert.KeptWidth(dense), "strided")
	for _, w := range []int{32, 64} {
		csr, err := convert.ToLayout(dense, tensor.CSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: w})
		require.NoError(t, err)
		assert.Equal(t, w&64, convert.KeptWidth(csr), "CSR of width %d", w)
	}
	vals := dtype.Float64Array([]float64{0, 1, 2, 0, 0, 0})
	dia32, err := convert.WrapFormat(format.DIAI(), []int64{2, 2}, []dtype.Array{dtype.Int32Array([]int32{0, 2}), {}},
		[]dtype.Array{dtype.Int32Array([]int32{-1, 0}), {}}, dtype.Float64Array([]float64{0, 1, 2, 0}))
	require.NoError(t, err)
	assert.Equal(t, 0, convert.KeptWidth(dia32), "custom int32 storage")
	dia64, err := convert.WrapFormat(format.DIAI(), []int64{2, 3}, []dtype.Array{dtype.Int64Array([]int64{0, 3}), {}},
		[]dtype.Array{dtype.Int64Array([]int64{-1, 0, 1}), {}}, vals)
	require.NoError(t, err)
	assert.Equal(t, 64, convert.KeptWidth(dia64), "custom int64 storage")
}
