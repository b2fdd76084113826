package gen

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRMATWellFormed(t *testing.T) {
	for _, tc := range []struct {
		scale int
		ef    int64
	}{{0, 0}, {3, 0}, {0, 1}, {1, 1}, {4, 2}, {10, 8}, {12, 16}} {
		c, err := RMAT(tc.scale, tc.ef, 1)
		require.NoError(t, err, "%+v", tc)
		checkCOO(t, c)
		n := int64(1) << tc.scale
		assert.Equal(t, n, c.Rows)
		assert.Equal(t, n, c.Cols)
		m := tc.ef * n
		assert.LessOrEqual(t, c.NNZ(), m, "merging never adds entries")
		if m > 0 {
			assert.Positive(t, c.NNZ())
		}
		for _, v := range c.Val {
			require.Less(t, math.Abs(v), float64(m), "a sum of at most m values in [-1, 1)")
		}
	}
}

func TestRMATMergesDuplicatesAndKeepsSelfLoops(t *testing.T) {
	// One vertex: every edge is the self-loop (0, 0); they merge into one
	// entry holding the sum of the edges' values.
	c, err := RMAT(0, 50, 7)
	require.NoError(t, err)
	require.Equal(t, int64(1), c.NNZ())
	assert.Equal(t, []int64{0}, c.Row)
	assert.Equal(t, []int64{0}, c.Col)
	vs := streamSeed(7, streamValues)
	sum := 0.0
	for e := uint64(0); e < 50; e++ {
		sum += symmetric(at(vs, e))
	}
	assert.InDelta(t, sum, c.Val[0], 1e-12)

	// Two vertices and many edges: all four positions, self-loops included.
	c, err = RMAT(1, 1000, 7)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 0, 1, 1}, c.Row)
	assert.Equal(t, []int64{0, 1, 0, 1}, c.Col)
}

func TestRMATQuadrantSkew(t *testing.T) {
	// With few edges over many positions, repeats are rare and the share of
	// distinct edges in each top-level quadrant follows a, b, c, d.
	const scale = 16
	c, err := RMAT(scale, 1, 11)
	require.NoError(t, err)
	half := int64(1) << (scale - 1)
	var q [2][2]float64
	for k := range c.Row {
		q[c.Row[k]/half][c.Col[k]/half]++
	}
	total := float64(c.NNZ())
	assert.InDelta(t, 0.57, q[0][0]/total, 0.02)
	assert.InDelta(t, 0.19, q[0][1]/total, 0.02)
	assert.InDelta(t, 0.19, q[1][0]/total, 0.02)
	assert.InDelta(t, 0.05, q[1][1]/total, 0.02)
}

func TestRMATDeterminism(t *testing.T) {
	a, err := RMAT(10, 4, 99)
	require.NoError(t, err)
	b, err := RMAT(10, 4, 99)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c, err := RMAT(10, 4, 100)
	require.NoError(t, err)
	assert.False(t, sameStructure(a, c), "another seed, another graph")
	assertSplitIndependent(t, func() (*COO, error) { return RMAT(12, 8, 5) })
}

func TestMergeSorted(t *testing.T) {
	keys := []uint64{0<<3 | 1, 0<<3 | 1, 2<<3 | 0, 2<<3 | 5, 2<<3 | 5, 2<<3 | 5, 7<<3 | 7}
	vals := []float64{1, 2, 3, 4, 5, 6, 7}
	c := mergeSorted(8, 8, 3, keys, vals)
	assert.Equal(t, []int64{0, 2, 2, 7}, c.Row)
	assert.Equal(t, []int64{1, 0, 5, 7}, c.Col)
	assert.Equal(t, []float64{3, 3, 15, 7}, c.Val)
}

func TestRMATArgumentErrors(t *testing.T) {
	_, err := RMAT(-1, 1, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "scale = -1")
	_, err = RMAT(4, -2, 0)
	assertArgError(t, err, errs.ErrInvalidArgument, "edgeFactor = -2")
	_, err = RMAT(63, 0, 0)
	assertArgError(t, err, errs.ErrTooLarge, "scale = 63")
	_, err = RMAT(31, 2, 0)
	assertArgError(t, err, errs.ErrTooLarge, "edgeFactor = 2")
	_, err = RMAT(40, math.MaxInt64, 0)
	assertArgError(t, err, errs.ErrTooLarge, "overflows")
}
