package kernels

import (
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// allocated returns the heap bytes that f allocates.
func allocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// The scratch estimates cover what the kernels allocate by the shape, for
// a tall matrix of few entries (where the shape dominates), and stay in
// proportion: a caller that sizes them against a limit is neither fooled
// nor needlessly refused.
func TestScratchEstimatesCoverTheKernels(t *testing.T) {
	const nrows, ncols, n = 1 << 22, 8, 100
	rows, cols, vals := make([]int64, n), make([]int64, n), make([]float64, n)
	for i := range rows {
		rows[i], cols[i], vals[i] = int64(i*40000%nrows), int64(i%ncols), float64(i)
	}
	entries := int64(n * 64) // the entries' own arrays, generously

	scratch := CompressRowsScratch[int64](nrows, ncols, n)
	require.GreaterOrEqual(t, scratch, int64(8*(nrows+1)))
	got := allocated(func() {
		_, err := CompressRows(rows, cols, vals, nrows, ncols, func(d *float64, s float64) { *d += s }, true)
		require.NoError(t, err)
	})
	require.LessOrEqual(t, got, scratch+entries+256<<10, "CompressRows allocated %d bytes, estimate %d", got, scratch)
	require.LessOrEqual(t, scratch, 2*got, "the estimate %d is far above the %d bytes allocated", scratch, got)

	scratch = CountingSortScratch[int64](n, nrows)
	require.GreaterOrEqual(t, scratch, int64(8*(nrows+1)))
	got = allocated(func() {
		_, _, err := CountingSortByKey(rows, nrows)
		require.NoError(t, err)
	})
	require.LessOrEqual(t, got, scratch+entries+256<<10, "CountingSortByKey allocated %d bytes, estimate %d", got, scratch)
	require.LessOrEqual(t, scratch, 2*got, "the estimate %d is far above the %d bytes allocated", scratch, got)
}

// Shapes whose scratch does not fit in int64 saturate instead of wrapping.
func TestScratchEstimatesSaturate(t *testing.T) {
	require.Equal(t, int64(math.MaxInt64), CompressRowsScratch[int64](math.MaxInt64, 1, 2))
	require.Equal(t, int64(math.MaxInt64), CompressRowsScratch[int64](-1, 1, 2))
	require.Equal(t, int64(math.MaxInt64), CountingSortScratch[int32](2, math.MaxInt64))
	require.Equal(t, int64(math.MaxInt64), CountingSortScratch[int32](2, -1))
	require.Equal(t, int64(8*((1<<40)+1)), CompressRowsScratch[int64](1<<40, 1, 0))
	require.GreaterOrEqual(t, CompressRowsScratch[int32](1<<40, 1, 2), int64(4*((1<<40)+1)))
	require.Greater(t, CompressRowsScratch[int64](1<<62, 1<<40, 2), int64(1)<<62)
}
