package kernels

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"

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
			b := splitByWeight(ptr, parts)
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

func TestNumParts(t *testing.T) {
	setKnobs(t, 1000, 4)
	require.Equal(t, 1, numParts(999))
	require.Equal(t, 4, numParts(1000))
	require.Equal(t, 4, numParts(1<<40))
	setKnobs(t, 1000, 64)
	// Parts get at least a quarter of the threshold each.
	require.Equal(t, 8, numParts(2000))
}

func TestParallelFor(t *testing.T) {
	var sum atomic.Int64
	parallelFor(5, func(p int) { sum.Add(int64(p + 1)) })
	require.Equal(t, int64(15), sum.Load())
	// A panic in any part reaches the caller after every part stopped.
	var done atomic.Int64
	require.PanicsWithValue(t, true, func() {
		defer func() {
			r := recover()
			require.Equal(t, int64(3), done.Load())
			panic(r != nil)
		}()
		parallelFor(4, func(p int) {
			if p == 2 {
				var s []int
				_ = s[p]
			}
			done.Add(1)
		})
	})
}
