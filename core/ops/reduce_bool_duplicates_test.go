package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// TestSumOfUncoalescedBoolCountsTrueElements: two true duplicates of one
// position are one true element (bool coalescing is an or), so the sum over
// all dims of an uncoalesced bool COO counts distinct true positions (found
// by internal/proptest, seed 1 case 39461: the engine summed the raw values).
func TestSumOfUncoalescedBoolCountsTrueElements(t *testing.T) {
	idx := dtype.Int64Array([]int64{0, 0, 1, 1, 0, 0, 1, 1}, 2, 4) // (0,0) twice, (1,1) twice
	vals := dtype.NewArray(dtype.Bool, []int64{4})
	for i := range vals.Data {
		vals.Data[i] = 1
	}
	coo, err := tensor.NewCOO(idx, vals, []int64{2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.False(t, coo.IsCoalesced())
	got, err := Reduce(coo, []int{0, 1}, "sum")
	require.NoError(t, err)
	d, err := convert.ToDense(got)
	require.NoError(t, err)
	require.Equal(t, 2.0, d.Values().Complex(0).Re())
}
