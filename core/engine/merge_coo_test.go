package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestCOORowPointerParallel: the row pointer built in chunks of entries on
// several goroutines equals the counting pass's (entries per linearised
// row, then a prefix sum) for 2-D and 3-D indices whose first and last rows
// and runs of rows between are empty, across chunk boundaries (and a 1-D
// tensor's one row); a row that
// decreases, in any chunk, is refused.
func TestCOORowPointerParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	for _, shape := range [][]int64{{5000, 40}, {50, 100, 7}, {1, 9}, {40}} { // 5000 rows hold the 3-chunk case
		s := len(shape)
		rows := int64(1)
		for _, e := range shape[:s-1] {
			rows *= e
		}
		for _, n := range []int64{0, 1, 3*cooChunk + 77} {
			// Nondecreasing rows, none in row 0 nor in the last ones (unless
			// rows is 1), a new row every 40 entries and a gap of five empty
			// rows at each chunk boundary.
			keys := make([]int64, n)
			for k := range keys {
				if rows > 1 {
					keys[k] = 1 + int64(k)/40 + 5*(int64(k)/cooChunk)
				}
			}
			idx := make([]int64, int64(s)*n)
			for k, key := range keys {
				for dim := s - 2; dim >= 0; dim-- {
					idx[int64(dim)*n+int64(k)] = key % shape[dim]
					key /= shape[dim]
				}
				idx[int64(s-1)*n+int64(k)] = int64(rng.IntN(int(shape[s-1])))
			}
			want := make([]int64, rows+1)
			for _, key := range keys {
				want[key+1]++
			}
			for r := int64(1); r <= rows; r++ {
				want[r] += want[r-1]
			}
			for _, w := range []int{1, 2, 3, 7} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				got, ok := cooRowPointer(idx, shape, n, rows)
				var bad bool
				if n > 2*cooChunk && rows > 1 {
					k := int64(2*cooChunk + 5) // a later chunk's entry below its predecessor's row
					keep := idx[k]
					idx[k] = -1
					_, ok2 := cooRowPointer(idx, shape, n, rows)
					idx[k] = keep
					bad = !ok2
				}
				parallel.SetKnobs(old)
				require.True(t, ok, "shape %v n %d workers %d", shape, n, w)
				require.Equal(t, want, got, "shape %v n %d workers %d", shape, n, w)
				if n > 2*cooChunk && rows > 1 {
					require.True(t, bad, "shape %v workers %d: a decreasing row is refused", shape, w)
				}
			}
		}
	}
}
