package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShortWide(t *testing.T) {
	for _, tc := range []struct{ rows, cols, perRow int64 }{
		{0, 0, 0}, {0, 10, 3}, {5, 0, 0}, {4, 10, 0}, {4, 10, 10}, {4, 10, 6}, {4, 10, 5},
		{64, 1 << 20, 100}, {3, 1 << 40, 60}, {1000, 50, 49},
	} {
		c, err := ShortWide(tc.rows, tc.cols, tc.perRow, 2)
		require.NoError(t, err, "%+v", tc)
		checkCOO(t, c)
		checkValuesSymmetric(t, c)
		assert.Equal(t, tc.rows, c.Rows)
		assert.Equal(t, tc.cols, c.Cols)
		perRow := make([]int64, tc.rows)
		for _, r := range c.Row {
			perRow[r]++
		}
		for r, got := range perRow {
			require.Equal(t, tc.perRow, got, "%+v: row %d", tc, r)
		}
	}
}

func TestShortWideIsUniformWithinRows(t *testing.T) {
	const seeds = 3000
	sw := func(rows, cols, nnz int64, seed uint64) (*COO, error) { return ShortWide(rows, cols, nnz/rows, seed) }
	for _, perRow := range []int64{2, 7} {
		p := float64(perRow) / 10
		mean, sd := seeds*p, math.Sqrt(seeds*p*(1-p))
		for pos, f := range positionFrequencies(t, 3, 10, 3*perRow, seeds, sw) {
			require.InDelta(t, mean, f, 5*sd, "perRow = %d: position %d chosen %d times", perRow, pos, f)
		}
	}
}

func TestShortWideDeterminism(t *testing.T) {
	a, err := ShortWide(50, 100000, 64, 1)
	require.NoError(t, err)
	b, err := ShortWide(50, 100000, 64, 1)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c, err := ShortWide(50, 100000, 64, 2)
	require.NoError(t, err)
	assert.False(t, sameStructure(a, c))
	assertSplitIndependent(t, func() (*COO, error) { return ShortWide(3000, 5000, 40, 6) })
}

func TestShortWideArgumentErrors(t *testing.T) {
	_, err := ShortWide(-1, 2, 0, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "rows = -1")
	_, err = ShortWide(2, -2, 0, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "cols = -2")
	_, err = ShortWide(2, 2, -3, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "perRow = -3")
	_, err = ShortWide(2, 5, 6, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "perRow = 6")
	_, err = ShortWide(1<<30, 1<<40, 4, 0)
	assertArgError(t, err, errs.ErrTooLarge, "rows = 1073741824")
	_, err = ShortWide(math.MaxInt64, math.MaxInt64, math.MaxInt64, 0)
	assertArgError(t, err, errs.ErrTooLarge, "overflows")
}
