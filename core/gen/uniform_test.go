package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUniformCountsAndShapes(t *testing.T) {
	for _, tc := range []struct{ rows, cols, nnz int64 }{
		{0, 0, 0}, {0, 5, 0}, {5, 0, 0}, {1, 1, 0}, {1, 1, 1}, {3, 4, 12}, {3, 4, 11},
		{3, 4, 6}, {3, 4, 7}, {10, 10, 1}, {100, 100, 5000}, {100, 100, 5001},
		{100, 100, 9999}, {1000, 7, 6000}, {1 << 20, 1 << 20, 20000}, {1 << 40, 1 << 23, 100},
	} {
		c, err := Uniform(tc.rows, tc.cols, tc.nnz, 3)
		require.NoError(t, err, "%+v", tc)
		checkCOO(t, c)
		checkValuesSymmetric(t, c)
		assert.Equal(t, tc.rows, c.Rows)
		assert.Equal(t, tc.cols, c.Cols)
		assert.Equal(t, tc.nnz, c.NNZ(), "%+v", tc)
	}
}

func TestUniformFullMatrix(t *testing.T) {
	c, err := Uniform(13, 17, 13*17, 1)
	require.NoError(t, err)
	for k := range c.Row {
		require.Equal(t, int64(k)/17, c.Row[k])
		require.Equal(t, int64(k)%17, c.Col[k])
	}
}

func TestUniformHugeShapes(t *testing.T) {
	// rows*cols >= 2^64: positions drawn as (row, col) pairs.
	for _, tc := range []struct{ rows, cols int64 }{{1 << 32, 1 << 32}, {math.MaxInt64, math.MaxInt64}, {1 << 62, 4}} {
		c, err := Uniform(tc.rows, tc.cols, 3000, 8)
		require.NoError(t, err, "%+v", tc)
		checkCOO(t, c)
		checkValuesSymmetric(t, c)
		assert.Equal(t, int64(3000), c.NNZ())
		var high int
		for _, r := range c.Row {
			if r >= tc.rows/2 {
				high++
			}
		}
		assert.InDelta(t, 1500, high, 250, "%+v: rows spread over the whole range", tc)
	}
}

// positionFrequencies counts, over many seeds, how often each position of a
// rows x cols matrix is chosen.
func positionFrequencies(t *testing.T, rows, cols, nnz int64, seeds int, gen func(rows, cols, nnz int64, seed uint64) (*COO, error)) []int {
	t.Helper()
	freq := make([]int, rows*cols)
	for s := 0; s < seeds; s++ {
		c, err := gen(rows, cols, nnz, uint64(s))
		require.NoError(t, err)
		for k := range c.Row {
			freq[c.Row[k]*cols+c.Col[k]]++
		}
	}
	return freq
}

func TestUniformIsUniform(t *testing.T) {
	const seeds = 3000
	// The sparse path (nnz <= total/2) and the complement path (nnz > total/2).
	for _, nnz := range []int64{10, 50, 51, 90} {
		p := float64(nnz) / 100
		mean, sd := seeds*p, math.Sqrt(seeds*p*(1-p))
		for pos, f := range positionFrequencies(t, 10, 10, nnz, seeds, Uniform) {
			require.InDelta(t, mean, f, 5*sd, "nnz = %d: position %d chosen %d times", nnz, pos, f)
		}
	}
}

func TestUniformDeterminism(t *testing.T) {
	a, err := Uniform(300, 400, 5000, 1)
	require.NoError(t, err)
	b, err := Uniform(300, 400, 5000, 1)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c, err := Uniform(300, 400, 5000, 2)
	require.NoError(t, err)
	assert.False(t, sameStructure(a, c))
	assert.NotEqual(t, a.Val, c.Val)
	assertSplitIndependent(t, func() (*COO, error) { return Uniform(2000, 3000, 200000, 4) })
}

func TestUniformArgumentErrors(t *testing.T) {
	_, err := Uniform(-1, 2, 0, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "rows = -1")
	_, err = Uniform(2, -1, 0, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "cols = -1")
	_, err = Uniform(2, 2, -1, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "nnz = -1")
	_, err = Uniform(2, 3, 7, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "nnz = 7")
	_, err = Uniform(0, 3, 1, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "rows*cols = 0")
	_, err = Uniform(1<<40, 1<<40, MaxEntries+1, 0)
	assertArgError(t, err, core.ErrTooLarge, "MaxEntries")
}

func TestMemoryLimitRefusesLargeResults(t *testing.T) {
	old := core.MemoryLimit()
	require.NoError(t, core.SetMemoryLimit(1<<20))
	defer func() { require.NoError(t, core.SetMemoryLimit(old)) }()
	_, err := Uniform(1000, 1000, 100000, 0)
	assertArgError(t, err, core.ErrTooLarge, "memory limit")
	_, err = Stencil2D(300)
	assertArgError(t, err, core.ErrTooLarge, "memory limit")
	_, err = RMAT(14, 16, 0)
	assertArgError(t, err, core.ErrTooLarge, "memory limit")
	_, err = Uniform(100, 100, 1000, 0)
	assert.NoError(t, err, "small results still fit")
}

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
	assertArgError(t, err, core.ErrInvalidArgument, "rows = -1")
	_, err = ShortWide(2, -2, 0, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "cols = -2")
	_, err = ShortWide(2, 2, -3, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "perRow = -3")
	_, err = ShortWide(2, 5, 6, 0)
	assertArgError(t, err, core.ErrInvalidArgument, "perRow = 6")
	_, err = ShortWide(1<<30, 1<<40, 4, 0)
	assertArgError(t, err, core.ErrTooLarge, "rows = 1073741824")
	_, err = ShortWide(math.MaxInt64, math.MaxInt64, math.MaxInt64, 0)
	assertArgError(t, err, core.ErrTooLarge, "overflows")
}
