package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestSortedNamedIsNamed checks that tensor.SortedNamed's counting sort
// gives Named's tensor bit for bit (dims, dtype, width, coalesced flag,
// indices, values, fill) for every custom format of formats.json, fills 0
// and 2.5, in three dtypes, nonunique formats (Named's) included.
func TestSortedNamedIsNamed(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int32, dtype.Complex128} {
		for _, c := range customCases(t, d) {
			want, err := tensor.Named(c.a)
			require.NoError(t, err, c.id)
			got, err := tensor.SortedNamed(c.a)
			require.NoError(t, err, c.id)
			require.Equal(t, tensor.COO, got.Layout(), c.id)
			require.Equal(t, want.Dims(), got.Dims(), c.id)
			require.Equal(t, want.DType(), got.DType(), c.id)
			require.Equal(t, want.IndexWidth(), got.IndexWidth(), c.id)
			require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), c.id)
			require.Equal(t, want.BatchDim(), got.BatchDim(), c.id)
			require.Equal(t, want.DenseDim(), got.DenseDim(), c.id)
			require.Equal(t, want.FillElem(), got.FillElem(), c.id)
			require.Equal(t, want.Indices().DType, got.Indices().DType, c.id)
			require.Equal(t, want.Indices().Shape, got.Indices().Shape, c.id)
			require.Equal(t, want.Indices().Data, got.Indices().Data, c.id)
			require.Equal(t, want.Values().Shape, got.Values().Shape, c.id)
			require.Equal(t, want.Values().Data, got.Values().Data, c.id)
		}
	}
}
