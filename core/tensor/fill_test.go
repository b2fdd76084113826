package tensor_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestFillValueCarriedThroughConversions checks a non-zero fill is
// materialised by to_dense and kept by every conversion.
func TestFillValueCarriedThroughConversions(t *testing.T) {
	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 1, 0}, 2, 2), dtype.Float64Array([]float64{5, 6}), []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	withFill, err := tensor.WithFill(coo, tensor.ScalarBytes(dtype.Float64, dtype.Real(-1)))
	require.NoError(t, err)
	want := tensortest.MustDense(t, []float64{-1, 5, 6, -1}, 2, 2)
	d, err := convert.ToDense(withFill)
	require.NoError(t, err)
	require.Equal(t, dtype.AsSlice[float64](want.Values()), dtype.AsSlice[float64](d.Values()))
	for _, l := range tensor.AllLayouts[1:] {
		opt := tensor.DefaultConvert()
		opt.BlockSize = [2]int64{1, 2}
		y, err := convert.ToLayout(withFill, l, opt)
		require.NoError(t, err, "%s", l)
		require.Equal(t, -1.0, dtype.LoadScalar(y.DType(), y.FillElem()).Re(), "%s keeps the fill", l)
		dy, err := convert.ToDense(y)
		require.NoError(t, err)
		require.Equal(t, dtype.AsSlice[float64](want.Values()), dtype.AsSlice[float64](dy.Values()), "%s", l)
	}
	_, err = tensor.WithFill(coo, []byte{1})
	require.Error(t, err)
}

// TestUncoalescedDuplicatesWithNonZeroFill: duplicates sum, the fill only
// stands where nothing is stored.
func TestUncoalescedDuplicatesWithNonZeroFill(t *testing.T) {
	coo, _ := tensor.NewCOO(dtype.Int64Array([]int64{0, 0}, 1, 2), dtype.Float64Array([]float64{1, 2}), []int64{2}, tensor.BuildOptions{})
	f, _ := tensor.WithFill(coo, tensor.ScalarBytes(dtype.Float64, dtype.Real(7)))
	d, err := convert.ToDense(f)
	require.NoError(t, err)
	require.Equal(t, []float64{3, 7}, dtype.AsSlice[float64](d.Values()))
}
