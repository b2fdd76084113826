package cancel

import (
	"sync"
	"sync/atomic"
	"time"
)

// ReportInterval is the least time between two progress reports of a token.
const ReportInterval = 100 * time.Millisecond

// progress is a token's report function and the state that throttles it.
type progress struct {
	mu     sync.Mutex
	report func(fraction float64)
	lo, hi float64   // the span of the call that the current pass covers
	last   time.Time // of the last report
	shown  float64   // the last fraction reported in this span
}

// SetProgress makes the operations polling t report their fraction done to
// report (nil stops the reports). Reports come from the operation's calling
// goroutine, at most every ReportInterval.
func (t *Token) SetProgress(report func(fraction float64)) {
	if t == nil {
		return
	}
	if report == nil {
		t.progress.Store(nil)
		return
	}
	reporting.Store(true)
	t.progress.Store(&progress{report: report, hi: 1})
}

// reporting is set once any token has had a progress function: EndCall
// costs one atomic load until then.
var reporting atomic.Bool

// EndCall starts the caller's token's fractions afresh for its next call
// (the fraction told never goes back inside a call; a new call starts at 0).
// The C boundary calls it when every call returns.
func EndCall() {
	if !reporting.Load() || bound.Load() == 0 {
		return
	}
	if p := Current().progressOf(); p != nil {
		p.mu.Lock()
		p.lo, p.hi, p.shown, p.last = 0, 1, 0, time.Time{}
		p.mu.Unlock()
	}
}

// progressOf is t's progress state, nil for a nil token or none set.
func (t *Token) progressOf() *progress {
	if t == nil {
		return nil
	}
	return t.progress.Load()
}

// Span says that the passes that follow cover the fractions [lo, hi] of the
// call (a product's symbolic and numeric phases); Span(0, 1) after the last
// starts the fractions afresh for the next call. Inside a call the fraction
// told never goes back: a pass that reported more than lo before its span
// began (a pass outside the spans) holds the reports until they pass it.
func (t *Token) Span(lo, hi float64) {
	if t == nil {
		return
	}
	if p := t.progress.Load(); p != nil {
		p.mu.Lock()
		p.lo, p.hi = lo, hi
		if lo == 0 && hi == 1 {
			p.shown = 0
		} else {
			p.shown = max(p.shown, lo)
		}
		p.mu.Unlock()
	}
}

// Report tells t's progress function that done of total parts of the
// current pass are finished, unless a report was made less than
// ReportInterval ago (the end of a pass, done == total, is always told) or
// the fraction would go back. Call it on the
// operation's calling goroutine.
func (t *Token) Report(done, total int) {
	if t == nil || total <= 0 {
		return
	}
	p := t.progress.Load()
	if p == nil {
		return
	}
	now := time.Now()
	p.mu.Lock()
	f := p.lo + (p.hi-p.lo)*float64(done)/float64(total)
	ok := (done == total || now.Sub(p.last) >= ReportInterval) && f > p.shown
	if ok {
		p.last, p.shown = now, f
	}
	p.mu.Unlock()
	if ok {
		p.report(f)
	}
}
