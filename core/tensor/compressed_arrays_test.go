package tensor_test

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// CompressedArrays gives crow/col for CSR and ccol/row for CSC, the arrays
// of the matching accessors.
func TestCompressedArrays(t *testing.T) {
	d := dtype.Float64Array([]float64{1, 0, 2, 0, 0, 3}, 2, 3)
	x, err := tensor.NewStrided(d)
	require.NoError(t, err)
	csr, err := convert.ToLayout(x, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	comp, plain, err := tensor.CompressedArrays(csr)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 2, 3}, indexValues(comp))
	require.Equal(t, []int64{0, 2, 2}, indexValues(plain))
	csc, err := convert.ToLayout(x, tensor.CSC, tensor.DefaultConvert())
	require.NoError(t, err)
	comp, plain, err = tensor.CompressedArrays(csc)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 1, 1, 3}, indexValues(comp))
	require.Equal(t, []int64{0, 0, 1}, indexValues(plain))
}

func indexValues(a dtype.Array) []int64 {
	out := make([]int64, a.Numel())
	for i := range out {
		out[i] = a.Index(int64(i))
	}
	return out
}
