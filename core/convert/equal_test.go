package convert_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// undefCOO is an uncoalesced 3x4 COO with an undefined fill, storing a 0
// and a 1 (the values a stand-in fill could take) and a duplicate.
func undefCOO(t *testing.T) *tensor.Tensor {
	idx := dtype.Int64Array([]int64{0, 2, 0, 0, 0, 1, 3, 3}, 2, 4)
	c, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{0, 1, 2.5, -1}, 4), []int64{3, 4}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err := tensor.WithUndefinedFill(c)
	require.NoError(t, err)
	return u
}

// TestUndefinedFillConversionsKeepEntries: every conversion between sparse
// layouts, coalesce, clone and to(dtype) keep the undefined fill and every
// stored element (the 0 and the 1 included), and Equal compares masks and
// values.
func TestUndefinedFillConversionsKeepEntries(t *testing.T) {
	u := undefCOO(t)
	require.True(t, u.UndefinedFill())
	want, err := convert.Coalesce(u)
	require.NoError(t, err)
	require.True(t, want.UndefinedFill())
	require.Equal(t, int64(3), want.NNZ())
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
		c, err := convert.ToLayout(u, l, tensor.DefaultConvert())
		require.NoError(t, err, l)
		require.True(t, c.UndefinedFill(), l)
		if l != tensor.COO { // COO to COO keeps the duplicate
			require.Equal(t, int64(3), c.NNZ(), l)
		}
		eq, err := convert.Equal(c, want)
		require.NoError(t, err)
		require.True(t, eq, l)
		back, err := convert.ToLayout(c, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		eq, err = convert.Equal(back, want)
		require.NoError(t, err)
		require.True(t, eq, l)
	}
	f, err := convert.ToDType(u, dtype.Float32)
	require.NoError(t, err)
	require.True(t, f.UndefinedFill())
	require.Equal(t, int64(3), f.NNZ()) // coalesced before the cast
	require.True(t, tensor.Clone(u).UndefinedFill())
	// Equal: another value, or a defined fill, is not equal.
	other, err := tensor.WithFill(u, make([]byte, 8))
	require.NoError(t, err)
	eq, err := convert.Equal(u, other)
	require.NoError(t, err)
	require.False(t, eq)
	require.Contains(t, u.String(), "fill_value=[]")
	require.Equal(t, []int64{0}, u.SlotFill().Shape)
}
