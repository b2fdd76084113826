package ustorage

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// TestArrangeMatchesBuild: for every formats.json case, Arrange of the
// nonzeros (listed in reverse order, so the sort is exercised) gives Build's
// structure, and Source points each value slot at its entry (-1: padding).
func TestArrangeMatchesBuild(t *testing.T) {
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		shape := c.Dense.Shape
		want, err := Build(f, shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		var at []int64 // row-major offsets of the nonzeros, reversed
		for i, v := range c.Dense.Data {
			if v != 0 {
				at = append(at, int64(i))
			}
		}
		slices.Reverse(at)
		got, err := Arrange(f, shape, int64(len(at)), func(e int64, dim []int64) {
			r := at[e]
			for d := len(shape) - 1; d >= 0; d-- {
				dim[d] = r % shape[d]
				r /= shape[d]
			}
		}, 8, DefaultByteLimit)
		require.NoError(t, err, c.ID)
		assert.Equal(t, want.LevelSizes, got.LevelSizes, c.ID)
		for l := range want.Levels {
			assert.Equal(t, orEmpty(want.Levels[l].Pos), orEmpty(got.Levels[l].Pos), "%s level %d pos", c.ID, l)
			assert.Equal(t, orEmpty(want.Levels[l].Crd), orEmpty(got.Levels[l].Crd), "%s level %d crd", c.ID, l)
		}
		vals := make([]float64, len(got.Source))
		for p, e := range got.Source {
			if e >= 0 {
				vals[p] = c.Dense.Data[at[e]]
			}
		}
		assert.Equal(t, want.Values, vals, "%s values", c.ID)
	}
}

// TestArrangeLimit: a DIA of a matrix whose two nonzeros sit on far apart
// diagonals pads two whole diagonals; a small limit refuses it.
func TestArrangeLimit(t *testing.T) {
	dim := [][]int64{{0, 999}, {999, 0}}
	_, err := Arrange(format.DIAI(), []int64{1000, 1000}, 2, func(e int64, d []int64) { copy(d, dim[e]) }, 8, 1000)
	assert.ErrorIs(t, err, ErrTooLarge)
	a, err := Arrange(format.DIAI(), []int64{1000, 1000}, 2, func(e int64, d []int64) { copy(d, dim[e]) }, 8, DefaultByteLimit)
	require.NoError(t, err)
	assert.Len(t, a.Source, 2000)
}
