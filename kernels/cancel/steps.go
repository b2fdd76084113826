package cancel

// PollStep is how many elements a loop handles between two checks of the
// caller's token: some 64K, well under a millisecond of work even on a
// loaded core, so that every pass over entries or rows stops within the
// ~50 ms that a cancel may take.
const PollStep = 1 << 16

// InSteps calls f(lo, hi) over [0, n) in steps of PollStep, checking tok
// before each: how a part of a fixed split (parallel.For), which may run on
// a helper goroutine without the caller's binding, polls the caller's token
// (taken with Current on the caller's goroutine). A nil tok is never
// cancelled.
func InSteps(tok *Token, n int, f func(lo, hi int)) {
	for lo := 0; lo < n; lo += PollStep {
		tok.Check()
		f(lo, min(lo+PollStep, n))
	}
}
