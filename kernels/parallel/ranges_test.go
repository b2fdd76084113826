package parallel

import (
	"sync/atomic"
	"testing"
)

// ForChunks calls every chunk once with the documented bounds, on any
// number of workers, and ForRows covers every row exactly once.
func TestForChunksAndForRowsCoverOnce(t *testing.T) {
	for _, workers := range []int{1, 3, 8} {
		setKnobs(t, 4, workers)
		for _, n := range []int{0, 1, 7, 64, 1000} {
			seen := make([]atomic.Int32, n)
			chunks := ForChunks(n, 16, func(c, lo, hi int) {
				if lo != c*16 || hi != min((c+1)*16, n) {
					t.Errorf("n %d chunk %d: [%d, %d)", n, c, lo, hi)
				}
				for i := lo; i < hi; i++ {
					seen[i].Add(1)
				}
			})
			if want := (n + 15) / 16; chunks != want {
				t.Errorf("n %d: %d chunks, want %d", n, chunks, want)
			}
			for i := range seen {
				if seen[i].Load() != 1 {
					t.Fatalf("ForChunks n %d workers %d: element %d seen %d times", n, workers, i, seen[i].Load())
				}
			}
			prefix := make([]int64, n+1)
			for r := 1; r <= n; r++ {
				prefix[r] = prefix[r-1] + int64(r%5)
			}
			rows := make([]atomic.Int32, n)
			ForRows(prefix, int64(n)+prefix[n], func(lo, hi int) {
				for r := lo; r < hi; r++ {
					rows[r].Add(1)
				}
			})
			for r := range rows {
				if rows[r].Load() != 1 {
					t.Fatalf("ForRows n %d workers %d: row %d seen %d times", n, workers, r, rows[r].Load())
				}
			}
		}
	}
}
