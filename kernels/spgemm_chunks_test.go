package kernels

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every chunk runs exactly once, on a worker id in range, whatever the
// worker and chunk counts (more workers than chunks included).
func TestRunChunks(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		for _, chunks := range []int{0, 1, 2, 5, 40} {
			seen := make([]atomic.Int32, chunks)
			var bad atomic.Int32
			runChunks(workers, chunks, func(w, c int) {
				if w < 0 || w >= max(workers, 1) {
					bad.Add(1)
				}
				seen[c].Add(1)
			})
			require.Zero(t, bad.Load(), "workers %d chunks %d", workers, chunks)
			for c := range seen {
				require.Equal(t, int32(1), seen[c].Load(), "workers %d chunks %d: chunk %d", workers, chunks, c)
			}
		}
	}
}

// Per-chunk prefix sums plus the chunk bases give the global prefix sums.
func TestChunkBases(t *testing.T) {
	setKnobs(t, 1, 3)
	counts := []int64{3, 0, 1, 4, 1, 5, 9, 2, 6}
	bounds := []int{0, 2, 2, 6, 9}
	prefix := make([]int64, len(counts)+1)
	totals := make([]int64, len(bounds)-1)
	for c := range totals {
		var s int64
		for i := bounds[c]; i < bounds[c+1]; i++ {
			s += counts[i]
			prefix[i+1] = s
		}
		totals[c] = s
	}
	require.Equal(t, int64(31), chunkBases(totals))
	require.Equal(t, []int64{0, 3, 3, 14}, totals)
	addChunkBases(3, bounds, totals, prefix)
	require.Equal(t, []int64{0, 3, 3, 4, 8, 9, 14, 23, 25, 31}, prefix)
}
