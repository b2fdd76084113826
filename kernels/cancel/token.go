package cancel

import (
	"sync"
	"sync/atomic"
)

// Token is a cancellation flag that one thread sets (Cancel) and the
// operations bound to it poll. A cancellation ends with the call it stops:
// each caller answers the cancels it has seen (Answer), and a caller's view
// of the token (View) is cancelled only by cancels it has not answered. All
// methods are safe for concurrent use and accept a nil *Token, which is
// never cancelled.
type Token struct {
	*shared
	answered atomic.Uint64 // the cancels this view's caller has answered
}

// shared is the state of a token common to its callers' views.
type shared struct {
	mu       sync.Mutex    // orders Cancel and Reset, which keep cancelledTokens
	cancels  atomic.Uint64 // Cancel calls so far
	resetAt  atomic.Uint64 // cancels at the last Reset: those concern no caller
	progress atomic.Pointer[progress]
}

// New returns a token that is not cancelled.
func New() *Token { return &Token{shared: &shared{}} }

// cancelledTokens counts the tokens with a cancel made since their last
// Reset. While it is zero, Poll knows without looking up the caller's token
// that there is nothing to do.
var cancelledTokens atomic.Int64

// Cancel asks every operation polling t to stop. It returns at once; the
// operation returns its cancellation error at its next poll. A caller with
// no operation running is stopped at its next poll.
func (t *Token) Cancel() {
	if t == nil {
		return
	}
	t.mu.Lock()
	if t.cancels.Load() == t.resetAt.Load() {
		cancelledTokens.Add(1)
	}
	t.cancels.Add(1)
	t.mu.Unlock()
}

// Reset drops every cancel made so far, answered or not, for all callers.
func (t *Token) Reset() {
	if t == nil {
		return
	}
	t.mu.Lock()
	if c := t.cancels.Load(); c != t.resetAt.Load() {
		t.resetAt.Store(c)
		cancelledTokens.Add(-1)
	}
	t.mu.Unlock()
}

// Release drops t's share of the cancelled count; call it when t is freed.
func (t *Token) Release() { t.Reset() }

// Cancels returns the number of Cancel calls made on t so far: what a caller
// that has answered them all passes to View.
func (t *Token) Cancels() uint64 {
	if t == nil {
		return 0
	}
	return t.cancels.Load()
}

// View returns t as seen by a caller that has answered the first answered
// cancels: cancelled only by the later ones. It is t itself when no cancel
// is outstanding, so that the common case allocates nothing.
func (t *Token) View(answered uint64) *Token {
	if t == nil || answered == 0 || t.cancels.Load() == t.resetAt.Load() {
		return t
	}
	v := &Token{shared: t.shared}
	v.answered.Store(answered)
	return v
}

// Cancelled says whether t has a cancel that its caller has not answered and
// that no Reset dropped (false for nil).
func (t *Token) Cancelled() bool {
	return t != nil && t.cancels.Load() > max(t.answered.Load(), t.resetAt.Load())
}

// Check stops the calling operation (see Stop) when t has been cancelled.
func (t *Token) Check() {
	if t.Cancelled() {
		panic(stopped)
	}
}

// stop is the panic value of a cancelled poll.
type stop struct{}

var stopped any = stop{}

// IsStop says whether v, a recovered panic value, is a cancelled poll.
func IsStop(v any) bool { _, ok := v.(stop); return ok }

// Stop panics with the cancelled poll's value: for a loop that saw t
// cancelled by other means (Cancelled) and must unwind.
func Stop() { panic(stopped) }

// Catch, deferred, turns a cancelled poll's panic into *err = ErrCancelled,
// answering the caller's cancels (Answer), and lets every other panic go on.
func Catch(err *error) {
	if v := recover(); v != nil {
		if !IsStop(v) {
			panic(v)
		}
		*err = ErrCancelled
		Answer()
	}
}

// ErrCancelled is the error of an operation stopped by its token.
var ErrCancelled = cancelledError{}

type cancelledError struct{}

func (cancelledError) Error() string { return "cancelled (the operation's cancel token was set)" }

// bound counts the callers with a token bound; while it is zero Current
// returns nil without the lookup.
var bound atomic.Int64

// Binding finds the calling goroutine's caller's token (Current) and records
// that the caller has answered the cancels made so far (Answer).
type Binding struct {
	Current func() *Token
	Answer  func()
}

// binding is the installed Binding.
var binding atomic.Pointer[Binding]

// SetBinding installs the functions that Current and Answer call (the C
// ABI's read and write the calling thread's binding).
func SetBinding(b Binding) { binding.Store(&b) }

// AddBound adds delta to the count of callers with a token bound.
func AddBound(delta int64) { bound.Add(delta) }

// Current returns the token bound to the caller, as the caller sees it (View),
// or nil. Call it on the caller's goroutine at the start of an operation and
// hand the token to helper goroutines.
func Current() *Token {
	if bound.Load() == 0 {
		return nil
	}
	b := binding.Load()
	if b == nil {
		return nil
	}
	return b.Current()
}

// Answer ends the cancellation of the caller's current call: the cancels of
// its token made so far no longer stop the caller. The C boundary calls it
// when a call returns its cancellation error, so a cancellation ends with the
// call it stopped. One atomic load while no token anywhere is cancelled.
func Answer() {
	if cancelledTokens.Load() == 0 || bound.Load() == 0 {
		return
	}
	if b := binding.Load(); b != nil && b.Answer != nil {
		b.Answer()
	}
}

// Poll stops the calling operation when the caller's token is cancelled: one
// atomic load while no token anywhere is cancelled. Kernels that have the
// token at hand call its Check instead.
func Poll() {
	if cancelledTokens.Load() == 0 {
		return
	}
	Current().Check()
}

// BindAll makes Current return tok for every caller until the returned
// function is called, which restores the binding that was installed: for Go
// programs and tests that make one call at a time. The C ABI binds a token
// per thread instead (gs_set_cancel_token).
func BindAll(tok *Token) (restore func()) {
	old := binding.Load()
	SetBinding(Binding{
		Current: func() *Token { return tok },
		Answer:  func() { tok.answered.Store(tok.Cancels()) },
	})
	AddBound(1)
	return func() {
		AddBound(-1)
		binding.Store(old)
	}
}
