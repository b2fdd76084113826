package ustorage

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// TestFilterRowsOrder: a CSR source converts to DCSR (and CSC to DCSC)
// through filterRows where its rows are ascending, and through the general
// routes, to the same storage as Arrange, where a row holds its columns out
// of order; a column outside the level is refused.
func TestFilterRowsOrder(t *testing.T) {
	csr := func(pos, crd []int64) *Structure {
		return &Structure{Format: format.CSR(), Shape: []int64{4, 5}, LevelSizes: []int64{4, 5},
			Levels: []Level{{}, {Pos: pos, Crd: crd}}}
	}
	sorted := csr([]int64{0, 2, 2, 5, 6}, []int64{1, 3, 0, 2, 4, 4})
	unsorted := csr([]int64{0, 2, 2, 5, 6}, []int64{3, 1, 4, 0, 2, 4})
	for _, src := range []*Structure{sorted, unsorted, narrowed(sorted), narrowed(unsorted)} {
		want, err := arrangeWalked(src.wide(), 6, format.DCSR(), DefaultByteLimit)
		require.NoError(t, err)
		got, err := Convert(src, 6, format.DCSR(), 8, DefaultByteLimit, nil)
		require.NoError(t, err)
		sameArrangement(t, want, got, "CSR -> DCSR")
	}
	assert.True(t, filterPair(sorted, format.DCSR()))
	assert.False(t, filterPair(sorted, format.DCSC()), "CSR -> DCSC is not a filter")
	_, err := Convert(csr([]int64{0, 2, 2, 5, 6}, []int64{1, 3, 0, 2, 9, 4}), 6, format.DCSR(), 8, DefaultByteLimit, nil)
	assert.ErrorContains(t, err, "outside")
}
