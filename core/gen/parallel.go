package gen

import "github.com/gosparse/gosparse/kernels/parallel"

// parallelFor runs body over consecutive ranges of grain items (the last
// may be shorter) covering [0, n), taken in turn by up to GOMAXPROCS
// goroutines on the kernels' scheduler (parallel.RunChunks): a panic in a
// range reaches the caller, and a cancelled call stops between ranges.
// Generators fill disjoint ranges of preallocated slices, so the result
// does not depend on the split.
func parallelFor(n, grain int64, body func(lo, hi int64)) {
	grain = max(grain, 1)
	chunks := int((n + grain - 1) / grain)
	parallel.RunChunks(min(parallel.Workers(), chunks), chunks, func(_, c int) {
		lo := int64(c) * grain
		body(lo, min(lo+grain, n))
	})
}
