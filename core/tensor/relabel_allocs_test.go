package tensor_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestRelabelCopiesFormatOnce: a transpose of a custom-format tensor asks
// whether the relabelled format is a named layout's once, on a view of the
// dims (on the stack, the levels shared), and copies the format only where
// the result keeps it: DIA-I^T (custom, its format named by position) 1
// allocation, the result and its store, shape and levels (relabelBox); BSR
// with column-major blocks^T (BSC, sharing every array, from the same call)
// 1, the BSC's tensor, shape, levels and values' shape. They were 11 and 16
// with a copy of the format for each check and again to rename its dims,
// then 9 and 10 with the shape, fill and outer index slices each copied,
// then 1 and 3 (the BSC's shape and levels each made, after a relabel that
// declined and two more lookups).
func TestRelabelCopiesFormatOnce(t *testing.T) {
	pos := []dtype.Array{dtype.Int64Array([]int64{0, 3}), {}}
	crd := []dtype.Array{dtype.Int64Array([]int64{-1, 0, 1}), {}}
	vals := dtype.Float64Array([]float64{0, 3, 6, 1, 4, 7, 2, 5, 0})
	dia, err := convert.NewFromFormat(format.DIAI(), []int64{3, 3}, pos, crd, vals)
	require.NoError(t, err)
	bsrc, err := format.BSRColMajor(1, 1)
	require.NoError(t, err)
	bsr, err := convert.ToFormat(dia, bsrc)
	require.NoError(t, err)
	perm := []int{1, 0}

	r, ok, err := tensor.CustomPermuted(dia, perm)
	require.NoError(t, err)
	require.True(t, ok)
	u, err := r.USTStorage()
	require.NoError(t, err)
	require.Equal(t, "(i, j) -> (i - j : compressed, j : range)", u.Format.String())
	custom := testing.AllocsPerRun(50, func() { _, _, _ = tensor.CustomPermuted(dia, perm) })

	r, ok, err = tensor.CustomPermuted(bsr, perm)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, tensor.BSC, r.Layout(), "BSR column-major^T is BSC, a named layout")
	c, ok, err := tensor.CustomPermutedCompressed(bsr, perm)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, r.Levels(), c.Levels())
	require.Equal(t, r.Dims(), c.Dims())
	named := testing.AllocsPerRun(50, func() { _, _, _ = tensor.CustomPermuted(bsr, perm) })
	compressed := testing.AllocsPerRun(50, func() { _, _, _ = tensor.CustomPermutedCompressed(bsr, perm) })
	t.Logf("allocations: DIA-I^T %v, BSR column-major^T %v (CustomPermutedCompressed %v)", custom, named, compressed)
	require.Equal(t, 1.0, custom)
	require.Equal(t, 1.0, named)
	require.Equal(t, 1.0, compressed)
}
