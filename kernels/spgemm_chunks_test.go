package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"
)

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
