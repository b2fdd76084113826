package kernels

import (
	"math"
	"testing"
)

// TestCastIndices widens and narrows index arrays split into several parts
// (threshold lowered) and alone, each element carried over, and refuses a
// destination of another length.
func TestCastIndices(t *testing.T) {
	for _, split := range []bool{false, true} {
		if split {
			setKnobs(t, 4, 3)
		}
		src := make([]int32, 1001)
		for i := range src {
			src[i] = int32(i*7919) - 3_000_000
		}
		src[0], src[1] = math.MaxInt32, math.MinInt32
		wide := make([]int64, len(src))
		if err := CastIndices(wide, src); err != nil {
			t.Fatal(err)
		}
		narrow := make([]int32, len(src))
		if err := CastIndices(narrow, wide); err != nil {
			t.Fatal(err)
		}
		for i, v := range src {
			if wide[i] != int64(v) || narrow[i] != v {
				t.Fatalf("split %v: element %d: %d widened to %d, narrowed back to %d", split, i, v, wide[i], narrow[i])
			}
		}
	}
	if err := CastIndices(make([]int64, 3), make([]int32, 4)); err == nil {
		t.Fatal("a dst of 3 for a src of 4 was accepted")
	}
}
