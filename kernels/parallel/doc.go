// Package parallel is the scheduler of the kernels and of core/engine's
// loops: how many goroutines a piece of work gets, where it is cut, and the
// pool of helper goroutines that run the pieces.
//
// Two kinds of split. A fixed split (Parts, SplitEven or SplitByWeight,
// For) gives each of a few goroutines one part and waits for all; it pays
// from a few hundred microseconds of work, since it waits for goroutines to
// wake. A chunked split (ForRows, ForEven, ForChunks, or Chunking with
// RunChunks) cuts the work into chunks of about equal nonzeros plus rows
// (at least eight per goroutine, each a few hundred microseconds of work),
// which up to runtime.GOMAXPROCS(0) goroutines take in turn, so a goroutine
// slowed by other work on its core holds nobody up. The caller takes chunks
// itself and waits for the chunks, never for a helper that has not started;
// the helpers are pooled and poll for the next job for a while after each
// (as OpenMP runtimes do, SetHelperSpin), so back-to-back calls split well.
// Below a size threshold one goroutine does everything.
//
// A panic in any part or chunk is carried back to the calling goroutine,
// so that a recover at the C boundary sees it; the caller's cancel token
// (kernels/cancel) is checked before each chunk and stops the call there.
//
// It imports nothing of the project but kernels/cancel.
package parallel
