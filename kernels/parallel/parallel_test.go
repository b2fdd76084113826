package parallel

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSplitByWeight(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, rows := range []int{0, 1, 2, 5, 100} {
		for _, parts := range []int{1, 2, 3, 7} {
			ptr := make([]int64, rows+1)
			ptr[0] = 17 // views start anywhere
			for i := 1; i <= rows; i++ {
				step := int64(r.IntN(10))
				if r.IntN(10) == 0 {
					step = 500 // a heavy row
				}
				ptr[i] = ptr[i-1] + step
			}
			b := SplitByWeight(ptr, parts)
			require.Len(t, b, parts+1)
			require.Equal(t, 0, b[0])
			require.Equal(t, rows, b[parts])
			total := int64(rows) + ptr[rows] - ptr[0]
			var heaviest int64
			for i := range rows {
				heaviest = max(heaviest, 1+ptr[i+1]-ptr[i])
			}
			for p := range parts {
				require.LessOrEqual(t, b[p], b[p+1])
				w := int64(b[p+1]-b[p]) + ptr[b[p+1]] - ptr[b[p]]
				// A part exceeds its share by at most one row.
				require.LessOrEqual(t, w, total/int64(parts)+heaviest+1, "rows %d parts %d", rows, parts)
			}
		}
	}
}

func TestParts(t *testing.T) {
	setKnobs(t, 1000, 4)
	require.Equal(t, 1, Parts(999))
	require.Equal(t, 4, Parts(1000))
	require.Equal(t, 4, Parts(1<<40))
	setKnobs(t, 1000, 64)
	// Parts get at least a quarter of the threshold each.
	require.Equal(t, 8, Parts(2000))
}

func TestFor(t *testing.T) {
	var sum atomic.Int64
	For(5, func(p int) { sum.Add(int64(p + 1)) })
	require.Equal(t, int64(15), sum.Load())
	// A panic in any part reaches the caller after every part stopped.
	var done atomic.Int64
	require.PanicsWithValue(t, true, func() {
		defer func() {
			r := recover()
			require.Equal(t, int64(3), done.Load())
			panic(r != nil)
		}()
		For(4, func(p int) {
			if p == 2 {
				var s []int
				_ = s[p]
			}
			done.Add(1)
		})
	})
}

// For returns only once every part has finished, also parts that
// outlast the caller's polling (awaitSpin), so that the caller parks.
func TestForAwaitsSlowParts(t *testing.T) {
	for _, slow := range []time.Duration{0, 10 * time.Microsecond, 4 * awaitSpin} {
		var finished atomic.Int32
		For(3, func(p int) {
			if p > 0 {
				time.Sleep(slow)
			}
			finished.Add(1)
		})
		require.Equal(t, int32(3), finished.Load(), "parts of %v", slow)
	}
}

// Every chunk runs exactly once, on a worker id in range, whatever the
// worker and chunk counts (more workers than chunks included).
func TestRunChunks(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		for _, chunks := range []int{0, 1, 2, 5, 40} {
			seen := make([]atomic.Int32, chunks)
			var bad atomic.Int32
			RunChunks(workers, chunks, func(w, c int) {
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

// ForRows and ForEven cover every item exactly once, in ranges
// that are cut only at multiples of the unit, serially and split.
func TestForRowsAndEven(t *testing.T) {
	for _, threshold := range []int{1 << 40, 1} {
		setKnobs(t, threshold, 3)
		for _, n := range []int{0, 1, 2, 7, 100, 1001} {
			ptr := make([]int32, n+1)
			for i := 1; i <= n; i++ {
				ptr[i] = ptr[i-1] + int32(i%7)
			}
			for _, unit := range []int{0, 1, 4} {
				seen := make([]atomic.Int32, n)
				var badCut atomic.Int32
				visit := func(lo, hi int) {
					if unit > 1 && lo%unit != 0 {
						badCut.Add(1)
					}
					for i := lo; i < hi; i++ {
						seen[i].Add(1)
					}
				}
				work := int64(n) * 1000
				if unit == 0 {
					ForRows(ptr, work, visit)
				} else {
					ForEven(n, unit, work, visit)
				}
				require.Zero(t, badCut.Load(), "n %d unit %d", n, unit)
				for i := range seen {
					require.Equal(t, int32(1), seen[i].Load(), "threshold %d n %d unit %d: item %d", threshold, n, unit, i)
				}
			}
		}
	}
}

func TestChunkCount(t *testing.T) {
	// At least chunksPerWorker chunks a goroutine, one per chunkWork of
	// work, never more than the items or maxChunks.
	require.Equal(t, 2*chunksPerWorker, chunkCount(10, 2, 1000))
	require.Equal(t, 100, chunkCount(100*chunkWork, 2, 1000))
	require.Equal(t, 5, chunkCount(100*chunkWork, 2, 5))
	require.Equal(t, maxChunks, chunkCount(1<<40, 2, 1<<30))
	require.Equal(t, 1, chunkCount(10, 2, 0))
}

// The caller returns only once every chunk has finished, also when a
// helper's last chunk outlasts the caller's polling (awaitSpin), so that
// the caller parks on done.
func TestRunChunksAwaitsSlowChunks(t *testing.T) {
	for _, slow := range []time.Duration{0, 10 * time.Microsecond, 4 * awaitSpin} {
		var arrived, finished atomic.Int32
		second := make(chan struct{})
		RunChunks(2, 2, func(_, _ int) {
			// The first to arrive (the caller, usually) waits for the
			// second, which is then the slow one.
			if arrived.Add(1) == 1 {
				<-second
			} else {
				close(second)
				time.Sleep(slow)
			}
			finished.Add(1)
		})
		require.Equal(t, int32(2), finished.Load(), "a chunk of %v", slow)
	}
}

// A panic in a chunk reaches the caller once every chunk has finished,
// and the other chunks still run.
func TestRunChunksPanic(t *testing.T) {
	var ran atomic.Int64
	require.Panics(t, func() {
		RunChunks(2, 10, func(_, c int) {
			if c == 3 {
				var s []int
				_ = s[c]
			}
			ran.Add(1)
		})
	})
	require.Equal(t, int64(9), ran.Load())
}

// Jobs from many goroutines at once (the pool's helpers join one, the
// others start their own) each run every chunk exactly once, with no two
// calls of one goroutine number overlapping.
func TestRunChunksConcurrentJobs(t *testing.T) {
	const callers, jobs, chunks, workers = 6, 150, 12, 3
	var bad atomic.Int64
	done := make(chan struct{})
	for range callers {
		go func() {
			defer func() { done <- struct{}{} }()
			for range jobs {
				var seen [chunks]atomic.Int32
				var busy [workers]atomic.Int32
				RunChunks(workers, chunks, func(w, c int) {
					if w < 0 || w >= workers || busy[w].Add(1) != 1 {
						bad.Add(1)
					}
					seen[c].Add(1)
					busy[w].Add(-1)
				})
				for c := range seen {
					if seen[c].Load() != 1 {
						bad.Add(1)
					}
				}
			}
		}()
	}
	for range callers {
		<-done
	}
	require.Zero(t, bad.Load())
}
