package kernels

import (
	"slices"
	"testing"
)

// TestRunStarts: each run of equal adjacent keys starts once, the last
// bound is the length, and unsorted keys split where they change (runs, not
// distinct values).
func TestRunStarts(t *testing.T) {
	cases := []struct {
		keys []uint64
		want []int64
	}{
		{nil, []int64{0}},
		{[]uint64{7}, []int64{0, 1}},
		{[]uint64{1, 1, 2, 5, 5, 5}, []int64{0, 2, 3, 6}},
		{[]uint64{3, 1, 1, 3}, []int64{0, 1, 3, 4}},
	}
	for _, c := range cases {
		if got := RunStarts(c.keys); !slices.Equal(got, c.want) {
			t.Errorf("RunStarts(%v) = %v, want %v", c.keys, got, c.want)
		}
	}
	if got := RunStarts([]int32{4, 4, 4}); !slices.Equal(got, []int64{0, 3}) {
		t.Errorf("RunStarts(int32 4 4 4) = %v, want [0 3]", got)
	}
}
