package budget

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// withLimit runs f with the limit set to bytes, restoring it afterwards.
func withLimit(t *testing.T, bytes int64, f func()) {
	t.Helper()
	old := Limit()
	require.NoError(t, SetLimit(bytes))
	defer func() { require.NoError(t, SetLimit(old)) }()
	f()
}

func TestSetLimitRefusesNonPositive(t *testing.T) {
	old := Limit()
	for _, b := range []int64{0, -1, math.MinInt64} {
		require.ErrorContains(t, SetLimit(b), "must be > 0")
		require.Equal(t, old, Limit())
	}
}

func TestCheck(t *testing.T) {
	withLimit(t, 1000, func() {
		require.NoError(t, Check("x", 125, 8)) // exactly the limit
		require.NoError(t, Check("x", 0, 8))
		err := Check("row pointers", 126, 8)
		var tl *TooLargeError
		require.True(t, errors.As(err, &tl))
		require.Equal(t, TooLargeError{What: "row pointers", Count: 126, ElemSize: 8, Bytes: 1008, Limit: 1000}, *tl)
		require.EqualError(t, err, "row pointers: 126 elements of 8 bytes (1008 bytes) exceed the memory limit of 1000 bytes")
		// Overflow of count*elemSize, and negative counts, are refused, not wrapped.
		require.ErrorContains(t, Check("pos", math.MaxInt64/4, 8), "overflows int64")
		require.ErrorContains(t, Check("pos", -1, 8), "overflows int64")
	})
}

func TestCheckBytes(t *testing.T) {
	withLimit(t, 1000, func() {
		require.NoError(t, CheckBytes("x", 1000))
		require.EqualError(t, CheckBytes("scratch", 1001), "scratch: 1001 bytes exceed the memory limit of 1000 bytes")
		require.ErrorContains(t, CheckBytes("scratch", math.MaxInt64), "overflows int64")
		require.ErrorContains(t, CheckBytes("scratch", -5), "overflows int64")
	})
}

func TestMulAddSaturate(t *testing.T) {
	require.Equal(t, int64(12), Mul(3, 4))
	require.Equal(t, int64(0), Mul(0, math.MaxInt64))
	require.Equal(t, int64(math.MaxInt64), Mul(1<<40, 1<<30))
	require.Equal(t, int64(math.MaxInt64), Mul(-1, 2))
	require.Equal(t, int64(6), Add(1, 2, 3))
	require.Equal(t, int64(math.MaxInt64), Add(math.MaxInt64-1, 2))
	require.Equal(t, int64(math.MaxInt64), Add(1, -1))
}

func TestMakeRefusesBeforeAllocating(t *testing.T) {
	withLimit(t, 256<<20, func() {
		s, err := Make[int64]("row pointers", 1<<40) // 8 TiB: a plain make would abort the process
		require.Nil(t, s)
		require.ErrorContains(t, err, "row pointers: 1099511627776 elements of 8 bytes")
		m, err := Make[uint32]("marks", 1<<62)
		require.Nil(t, m)
		require.ErrorContains(t, err, "overflows int64")
		s, err = Make[int64]("ok", 3)
		require.NoError(t, err)
		require.Equal(t, []int64{0, 0, 0}, s)
	})
}
