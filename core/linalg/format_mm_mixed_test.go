package linalg

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestFormatWalkLeavesMixedWidthStorage: a custom tensor wrapped over an
// int32 pos and an int64 crd takes the level walk read as int64; the walk
// widens copies of its own (USTStorage gives the tensor's storage itself,
// which nothing may write), so the tensor's level arrays stay the caller's,
// at their widths, and the product equals the dense one.
func TestFormatWalkLeavesMixedWidthStorage(t *testing.T) {
	f, err := format.Parse("(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)")
	require.NoError(t, err)
	// rows 0-1 pair 0, rows 2-3 pair 1: column lists {0, 2} and {1}.
	pos := []dtype.Array{{}, dtype.Int32Array([]int32{0, 2, 3}), {}}
	crd := []dtype.Array{{}, dtype.Int64Array([]int64{0, 2, 1}), {}}
	vals := dtype.Float64Array([]float64{1, 2, 3, 0, 4, 5})
	a, err := convert.WrapFormat(f, []int64{4, 3}, pos, crd, vals)
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, a.Layout())
	require.Equal(t, routeWalk, sparseDenseRoute(a, 1))
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 10, 100}))
	require.NoError(t, err)
	got, err := Mv(a, x)
	require.NoError(t, err)
	dense, err := convert.ToDense(a)
	require.NoError(t, err)
	want, err := Mv(dense, x)
	require.NoError(t, err)
	require.Equal(t, want.Values().Data, got.Values().Data)

	u, err := a.USTStorage()
	require.NoError(t, err)
	require.Equal(t, dtype.Int32, u.Pos[1].DType, "the walk widened the tensor's own pos")
	require.Same(t, &pos[1].Data[0], &u.Pos[1].Data[0])
	require.True(t, bytes.Equal(dtype.Int32Array([]int32{0, 2, 3}).Data, u.Pos[1].Data))
}
