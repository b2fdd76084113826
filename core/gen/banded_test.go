package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBandedStoresExactlyTheBand(t *testing.T) {
	cases := []struct{ n, lower, upper int64 }{
		{0, 0, 0}, {0, 5, 5}, {1, 0, 0}, {1, 3, 7}, {5, 0, 0}, {5, 1, 1}, {5, 2, 0},
		{5, 0, 3}, {6, 4, 5}, {6, 10, 10}, {7, 6, 0}, {9, 2, 3},
	}
	for _, tc := range cases {
		c, err := Banded(tc.n, tc.lower, tc.upper, 1)
		require.NoError(t, err, "%+v", tc)
		checkCOO(t, c)
		checkValuesSymmetric(t, c)
		assert.Equal(t, tc.n, c.Rows)
		assert.Equal(t, tc.n, c.Cols)
		stored := map[[2]int64]bool{}
		for k := range c.Row {
			stored[[2]int64{c.Row[k], c.Col[k]}] = true
		}
		want := 0
		for i := int64(0); i < tc.n; i++ {
			for j := int64(0); j < tc.n; j++ {
				inBand := j-i >= -tc.lower && j-i <= tc.upper
				if inBand {
					want++
				}
				assert.Equal(t, inBand, stored[[2]int64{i, j}], "%+v at (%d, %d)", tc, i, j)
			}
		}
		assert.Equal(t, int64(want), c.NNZ(), "%+v", tc)
	}
}

func TestBandStartMatchesRowCounts(t *testing.T) {
	for n := int64(1); n <= 8; n++ {
		for l := int64(0); l < n; l++ {
			for u := int64(0); u < n; u++ {
				sum := int64(0)
				for i := int64(0); i <= n; i++ {
					require.Equal(t, sum, bandStart(i, n, l, u), "n=%d l=%d u=%d i=%d", n, l, u, i)
					if i < n {
						sum += min(n-1, i+u) - max(0, i-l) + 1
					}
				}
			}
		}
	}
}

func TestBandedDeterminism(t *testing.T) {
	a, err := Banded(200, 3, 5, 42)
	require.NoError(t, err)
	b, err := Banded(200, 3, 5, 42)
	require.NoError(t, err)
	assert.Equal(t, a, b, "same seed, same matrix")
	c, err := Banded(200, 3, 5, 43)
	require.NoError(t, err)
	assert.True(t, sameStructure(a, c), "the structure does not depend on the seed")
	assert.NotEqual(t, a.Val, c.Val, "another seed, other values")
	assertSplitIndependent(t, func() (*COO, error) { return Banded(5000, 7, 2, 9) })
}

func TestBandedArgumentErrors(t *testing.T) {
	_, err := Banded(-1, 0, 0, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "n = -1")
	_, err = Banded(4, -2, 0, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "lower = -2")
	_, err = Banded(4, 0, -3, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "upper = -3")
	_, err = Banded(1<<32, 0, 0, 0)
	assertArgError(t, err, errs.ErrTooLarge, "n = 4294967296")
	_, err = Banded(1<<20, 1<<11, 0, 0)
	assertArgError(t, err, errs.ErrTooLarge, "lower = 2048")
	_, err = Banded(math.MaxInt64, math.MaxInt64, math.MaxInt64, 0)
	assertArgError(t, err, errs.ErrTooLarge, "MaxEntries")
}
