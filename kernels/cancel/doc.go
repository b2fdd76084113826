// Package cancel owns the cancellation token that long operations (sparse @
// sparse, conversions, coalesce, Matrix Market reads, factorizations) poll
// between chunks of work.
//
// A token is bound to a caller (the C ABI binds it to the calling thread,
// gs_set_cancel_token) and found again by Current at the start of a kernel,
// on the caller's goroutine; the kernels carry it to their helper goroutines
// themselves (kernels/parallel), and a pass over entries polls it every
// PollStep elements (InSteps). A poll is one atomic load, cheap enough for
// every such step. A cancelled poll panics with a value that the
// chunk scheduler passes on and the C boundary turns into GS_ERR_CANCELLED
// (Catch does it for Go callers): results are made in fresh memory and
// published only at the end, so unwinding leaves inputs untouched and
// nothing half-made.
//
// It imports nothing of the project, so kernels and core may both use it.
package cancel
