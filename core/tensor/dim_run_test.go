package tensor

import "testing"

// TestMarkedRun: one run of marked dims is found wherever it stands; none,
// or two runs apart, is not a run.
func TestMarkedRun(t *testing.T) {
	for _, c := range []struct {
		marked []bool
		lo, hi int
		ok     bool
	}{
		{[]bool{false, true, true, false}, 1, 3, true},
		{[]bool{true}, 0, 1, true},
		{[]bool{false, false, true}, 2, 3, true},
		{[]bool{true, false, true}, 0, 0, false},
		{[]bool{false, false}, 0, 0, false},
		{nil, 0, 0, false},
	} {
		lo, hi, ok := MarkedRun(c.marked)
		if ok != c.ok || ok && (lo != c.lo || hi != c.hi) {
			t.Errorf("MarkedRun(%v) = %d, %d, %v; want %d, %d, %v", c.marked, lo, hi, ok, c.lo, c.hi, c.ok)
		}
	}
}
