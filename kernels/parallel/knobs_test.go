package parallel

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// setKnobs sets both thresholds and the worker count for one test.
func setKnobs(t testing.TB, threshold, workers int) {
	old := SetKnobs(Knobs{Threshold: threshold, ChunkedThreshold: threshold, Workers: workers})
	t.Cleanup(func() { SetKnobs(old) })
}

// SetKnobs returns what it replaced, Workers follows the override and
// falls back to GOMAXPROCS without one.
func TestSetKnobs(t *testing.T) {
	before := CurrentKnobs()
	old := SetKnobs(Knobs{Threshold: 10, ChunkedThreshold: 20, Workers: 5})
	require.Equal(t, before, old)
	require.Equal(t, Knobs{Threshold: 10, ChunkedThreshold: 20, Workers: 5}, CurrentKnobs())
	require.Equal(t, 5, Workers())
	require.Equal(t, 1, Parts(9))
	require.Equal(t, 5, Parts(1000))
	require.Equal(t, 1, ChunkedParts(19))
	SetKnobs(Knobs{Threshold: 10, ChunkedThreshold: 20})
	require.Equal(t, runtime.GOMAXPROCS(0), Workers())
	SetKnobs(old)
	require.Equal(t, before, CurrentKnobs())
}

// Chunking: one chunk below the chunked threshold; above it, eight chunks
// a goroutine at least, one per chunkWork, at most maxChunks, and several
// chunks even on one goroutine (the points where a cancel is seen).
func TestChunking(t *testing.T) {
	setKnobs(t, 1000, 4)
	w, c := Chunking(999)
	require.Equal(t, [2]int{1, 1}, [2]int{w, c})
	w, c = Chunking(1000)
	require.Equal(t, [2]int{4, 4 * chunksPerWorker}, [2]int{w, c})
	w, c = Chunking(100 * chunkWork)
	require.Equal(t, [2]int{4, 100}, [2]int{w, c})
	w, c = Chunking(1 << 40)
	require.Equal(t, [2]int{4, maxChunks}, [2]int{w, c})
	setKnobs(t, 1000, 1)
	w, c = Chunking(100 * chunkWork)
	require.Equal(t, [2]int{1, 100}, [2]int{w, c})
}
