package cancel

import "sync/atomic"

// Token is a cancellation flag that one thread sets (Cancel) and the
// operations bound to it poll. All methods are safe for concurrent use and
// accept a nil *Token, which is never cancelled.
type Token struct {
	cancelled atomic.Bool
	progress  atomic.Pointer[progress]
}

// New returns a token that is not cancelled.
func New() *Token { return &Token{} }

// cancelledTokens counts the tokens in the cancelled state. While it is zero,
// Poll knows without looking up the caller's token that there is nothing to do.
var cancelledTokens atomic.Int64

// Cancel asks every operation polling t to stop. It returns at once; the
// operation returns its cancellation error at its next poll.
func (t *Token) Cancel() {
	if t != nil && t.cancelled.CompareAndSwap(false, true) {
		cancelledTokens.Add(1)
	}
}

// Reset makes t usable again after a cancellation.
func (t *Token) Reset() {
	if t != nil && t.cancelled.CompareAndSwap(true, false) {
		cancelledTokens.Add(-1)
	}
}

// Release drops t's share of the cancelled count; call it when t is freed.
func (t *Token) Release() { t.Reset() }

// Cancelled says whether t has been cancelled (false for nil).
func (t *Token) Cancelled() bool { return t != nil && t.cancelled.Load() }

// Check stops the calling operation (see Stop) when t has been cancelled.
func (t *Token) Check() {
	if t != nil && t.cancelled.Load() {
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

// Catch, deferred, turns a cancelled poll's panic into *err = ErrCancelled
// and lets every other panic go on.
func Catch(err *error) {
	if v := recover(); v != nil {
		if !IsStop(v) {
			panic(v)
		}
		*err = ErrCancelled
	}
}

// ErrCancelled is the error of an operation stopped by its token.
var ErrCancelled = cancelledError{}

type cancelledError struct{}

func (cancelledError) Error() string { return "cancelled (the operation's cancel token was set)" }

// bound counts the callers with a token bound; while it is zero Current
// returns nil without the lookup.
var bound atomic.Int64

// lookup returns the token bound to the calling goroutine's caller.
var lookup atomic.Pointer[func() *Token]

// SetLookup installs the function that Current calls to find the calling
// goroutine's token (the C ABI's reads the calling thread's binding).
func SetLookup(f func() *Token) { lookup.Store(&f) }

// AddBound adds delta to the count of callers with a token bound.
func AddBound(delta int64) { bound.Add(delta) }

// Current returns the token bound to the caller, or nil. Call it on the
// caller's goroutine at the start of an operation and hand the token to
// helper goroutines.
func Current() *Token {
	if bound.Load() == 0 {
		return nil
	}
	f := lookup.Load()
	if f == nil {
		return nil
	}
	return (*f)()
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
// function is called, which restores the lookup that was installed: for Go
// programs and tests that make one call at a time. The C ABI binds a token
// per thread instead (gs_set_cancel_token).
func BindAll(tok *Token) (restore func()) {
	old := lookup.Load()
	SetLookup(func() *Token { return tok })
	AddBound(1)
	return func() {
		AddBound(-1)
		lookup.Store(old)
	}
}
