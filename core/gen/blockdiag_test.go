package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBlockDiagonalStructure(t *testing.T) {
	cases := []struct{ nblocks, block int64 }{{0, 0}, {0, 4}, {3, 0}, {1, 1}, {1, 5}, {4, 1}, {3, 4}, {7, 3}}
	for _, tc := range cases {
		c, err := BlockDiagonal(tc.nblocks, tc.block, 5)
		require.NoError(t, err, "%+v", tc)
		checkCOO(t, c)
		checkValuesSymmetric(t, c)
		size := tc.nblocks * tc.block
		assert.Equal(t, size, c.Rows)
		assert.Equal(t, size, c.Cols)
		assert.Equal(t, tc.nblocks*tc.block*tc.block, c.NNZ(), "%+v", tc)
		for k := range c.Row {
			require.Equal(t, c.Row[k]/tc.block, c.Col[k]/tc.block, "%+v: entry (%d, %d) outside the diagonal blocks", tc, c.Row[k], c.Col[k])
		}
	}
}

func TestBlockDiagonalDeterminism(t *testing.T) {
	a, err := BlockDiagonal(20, 6, 1)
	require.NoError(t, err)
	b, err := BlockDiagonal(20, 6, 1)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c, err := BlockDiagonal(20, 6, 2)
	require.NoError(t, err)
	assert.True(t, sameStructure(a, c))
	assert.NotEqual(t, a.Val, c.Val)
	assertSplitIndependent(t, func() (*COO, error) { return BlockDiagonal(1000, 5, 3) })
}

func TestBlockDiagonalArgumentErrors(t *testing.T) {
	_, err := BlockDiagonal(-1, 2, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "nblocks = -1")
	_, err = BlockDiagonal(2, -5, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "block = -5")
	_, err = BlockDiagonal(1, 1<<16, 0)
	assertArgError(t, err, errs.ErrTooLarge, "block = 65536")
	_, err = BlockDiagonal(1<<40, 1<<40, 0)
	assertArgError(t, err, errs.ErrTooLarge, "overflows")
	_, err = BlockDiagonal(math.MaxInt64, 2, 0)
	assertArgError(t, err, errs.ErrTooLarge, "nblocks = ")
}
