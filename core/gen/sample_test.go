package gen

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSamplerDistinct(t *testing.T) {
	var s sampler
	r := &splitMix{s: 5}
	for _, tc := range []struct {
		total uint64
		k     int
	}{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {10, 5}, {10, 6}, {10, 10}, {1000, 999}, {1000, 3}, {1 << 63, 1000}, {^uint64(0), 100}} {
		got := s.distinct(r, tc.total, tc.k)
		require.Len(t, got, tc.k, "%+v", tc)
		for i, x := range got {
			require.Less(t, x, tc.total)
			if i > 0 {
				require.Less(t, got[i-1], x, "%+v: strictly increasing", tc)
			}
		}
	}
}

func TestRadixSortMatchesStableSort(t *testing.T) {
	for _, procs := range []int{1, 3} {
		withProcs(procs, func() { testRadixSort(t) })
	}
}

func testRadixSort(t *testing.T) {
	r := &splitMix{s: 1}
	var sorter radix[int]
	cases := []struct{ n, nbits int }{
		{0, 8}, {1, 8}, {40, 5}, {49, 5}, {1000, 4}, {5000, 20}, {5000, 64}, {3000, 0},
		{2*radixChunk + 7, 13}, {2*radixChunk + 7, 36}, {2 * radixChunk, 1},
	}
	for _, tc := range cases {
		keys := make([]uint64, tc.n)
		for i := range keys {
			if tc.nbits > 0 {
				keys[i] = r.next() >> (64 - tc.nbits)
			}
		}
		order := make([]int, tc.n)
		for i := range order {
			order[i] = i
		}
		want := slices.Clone(order)
		// Stable order: by key, then by original position.
		slices.SortFunc(want, func(a, b int) int {
			if c := cmp.Compare(keys[a], keys[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		wantKeys := make([]uint64, tc.n)
		for i, j := range want {
			wantKeys[i] = keys[j]
		}
		sorter.sort(keys, order, tc.nbits)
		assert.Equal(t, wantKeys, keys, "%+v", tc)
		assert.Equal(t, want, order, "%+v: equal keys keep their order", tc)
	}
}

func TestMergeUnique(t *testing.T) {
	assert.Equal(t, []uint64{1, 2, 3, 5, 8}, mergeUnique(nil, []uint64{1, 3, 8}, []uint64{2, 3, 3, 5, 8}))
	assert.Empty(t, mergeUnique(nil, nil, nil))
}

func TestParallelForCoversRangeOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 5} {
		withProcs(procs, func() {
			for _, n := range []int64{0, 1, 7, 100, 10001} {
				hits := make([]int32, n)
				parallelFor(n, 3, func(lo, hi int64) {
					for i := lo; i < hi; i++ {
						hits[i]++
					}
				})
				for i, h := range hits {
					require.Equal(t, int32(1), h, "procs %d, n %d, item %d", procs, n, i)
				}
			}
		})
	}
}
