package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGatherRunsMatchesNaive gathers random runs of a random array, small
// and large enough to split over goroutines, against appending the runs.
func TestGatherRunsMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 17, 1 << 20} {
		src := make([]int32, 3*n)
		for i := range src {
			src[i] = rng.Int32()
		}
		k := n / 3
		lo, hi := make([]int32, k), make([]int32, k)
		want := []int32{}
		for i := range k {
			a := rng.IntN(n)
			b := a + rng.IntN(min(n-a, 9)+1)
			lo[i], hi[i] = int32(a), int32(b)
			want = append(want, src[3*a:3*b]...)
		}
		out := make([]int32, k+1)
		total := RunPos(out, lo, hi, 5)
		require.Equal(t, int64(len(want)/3), total)
		require.Equal(t, int32(5), out[0])
		dst := make([]int32, 3*total)
		GatherRuns(dst, src, 3, lo, hi, out)
		require.Equal(t, want, dst, "n=%d", n)
	}
}

// TestShiftCopyAndLowerBound: the rebase and the locate of the run gathers.
func TestShiftCopyAndLowerBound(t *testing.T) {
	src := []int64{0, 3, 3, 8}
	dst := make([]int64, 4)
	ShiftCopy(dst, src, -3)
	require.Equal(t, []int64{-3, 0, 0, 5}, dst)
	for v := int64(-1); v <= 9; v++ {
		want, _ := slices.BinarySearch(src, v)
		require.Equal(t, want, LowerBound(src, v), "v=%d", v)
	}
	require.Equal(t, 0, LowerBound([]int32{}, 4))
}
