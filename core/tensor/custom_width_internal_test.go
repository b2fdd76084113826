package tensor

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// TestNewCustomWidensWhatDoesNotFit: asked for int32, AssembleFormat keeps
// int64 where a size, the value count or an array's length passes int32
// (the reference's IndexBits rule), int32 otherwise.
func TestNewCustomWidensWhatDoesNotFit(t *testing.T) {
	s := &ustorage.Structure{Format: format.DIAI(), Shape: []int64{3, 3}, LevelSizes: []int64{5, 3},
		Levels: []ustorage.LevelArrays[int64]{{Pos: []int64{0, 3}, Crd: []int64{-1, 0, 1}}, {}}}
	require.True(t, fitsStore32(s, 9))
	require.False(t, fitsStore32(s, math.MaxInt32+1), "the value slots")
	wide := *s
	wide.Shape = []int64{3, math.MaxInt32 + 1}
	require.False(t, fitsStore32(&wide, 9), "a size (a - b's coordinates)")
	wide = *s
	wide.LevelSizes = []int64{math.MaxInt32 + 1, 3}
	require.False(t, fitsStore32(&wide, 9), "a level size")

	vals := dtype.Float64Array(make([]float64, 9))
	x, err := AssembleFormat(s.Format, s, vals, make([]byte, 8), 32)
	require.NoError(t, err)
	require.Equal(t, dtype.Int32, x.ust.Pos[0].DType)
	require.Equal(t, dtype.Int32, x.ust.Crd[0].DType)
	require.Nil(t, x.ust.Pos[1].Data, "a range level stores no array")
	x, err = AssembleFormat(s.Format, s, vals, make([]byte, 8), 64)
	require.NoError(t, err)
	require.Equal(t, dtype.Int64, x.ust.Crd[0].DType)
}
