package kernels

import "github.com/gosparse/gosparse/kernels/cancel"

// pollStep is how many elements a loop handles between two checks of the
// caller's cancel token: some 64K, well under a millisecond of work even on
// a loaded core, so that every pass over entries or rows stops within the
// ~50 ms that a cancel may take.
const pollStep = 1 << 16

// inSteps calls f(lo, hi) over [0, n) in steps of pollStep, checking tok
// before each: how a part of a parallelFor, which may run on a helper
// goroutine without the caller's binding, polls the caller's token (taken
// with cancel.Current on the caller's goroutine).
func inSteps(tok *cancel.Token, n int, f func(lo, hi int)) {
	for lo := 0; lo < n; lo += pollStep {
		tok.Check()
		f(lo, min(lo+pollStep, n))
	}
}
