package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
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
	assertArgError(t, err, errs.ErrInvalidArgument, "rows = -1")
	_, err = Uniform(2, -1, 0, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "cols = -1")
	_, err = Uniform(2, 2, -1, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "nnz = -1")
	_, err = Uniform(2, 3, 7, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "nnz = 7")
	_, err = Uniform(0, 3, 1, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "rows*cols = 0")
	_, err = Uniform(1<<40, 1<<40, MaxEntries+1, 0)
	assertArgError(t, err, errs.ErrTooLarge, "MaxEntries")
}
