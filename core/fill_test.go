package core

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// TestFillValueCarriedThroughConversions checks a non-zero fill is
// materialised by to_dense and kept by every conversion.
func TestFillValueCarriedThroughConversions(t *testing.T) {
	coo, err := NewCOO(dtype.Int64Array([]int64{0, 1, 1, 0}, 2, 2), dtype.Float64Array([]float64{5, 6}), []int64{2, 2}, BuildOptions{})
	require.NoError(t, err)
	withFill, err := WithFill(coo, ScalarBytes(dtype.Float64, dtype.Real(-1)))
	require.NoError(t, err)
	want := mustDense(t, []float64{-1, 5, 6, -1}, 2, 2)
	d, err := ToDense(withFill)
	require.NoError(t, err)
	require.Equal(t, dtype.AsSlice[float64](want.values), dtype.AsSlice[float64](d.values))
	for _, l := range AllLayouts[1:] {
		opt := DefaultConvert()
		opt.BlockSize = [2]int64{1, 2}
		y, err := ToLayout(withFill, l, opt)
		require.NoError(t, err, "%s", l)
		require.Equal(t, -1.0, y.Fill().Re(), "%s keeps the fill", l)
		dy, err := ToDense(y)
		require.NoError(t, err)
		require.Equal(t, dtype.AsSlice[float64](want.values), dtype.AsSlice[float64](dy.values), "%s", l)
	}
	_, err = WithFill(coo, []byte{1})
	require.Error(t, err)
}

// TestUncoalescedDuplicatesWithNonZeroFill: duplicates sum, the fill only
// stands where nothing is stored.
func TestUncoalescedDuplicatesWithNonZeroFill(t *testing.T) {
	coo, _ := NewCOO(dtype.Int64Array([]int64{0, 0}, 1, 2), dtype.Float64Array([]float64{1, 2}), []int64{2}, BuildOptions{})
	f, _ := WithFill(coo, ScalarBytes(dtype.Float64, dtype.Real(7)))
	d, err := ToDense(f)
	require.NoError(t, err)
	require.Equal(t, []float64{3, 7}, dtype.AsSlice[float64](d.values))
}
