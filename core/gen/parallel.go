package gen

import (
	"runtime"
	"sync"
)

// parallelFor splits [0, n) into contiguous chunks of at least grain items,
// one per available CPU, and runs body on them concurrently. Generators fill
// disjoint ranges of preallocated slices, so the result does not depend on the
// split.
func parallelFor(n, grain int64, body func(lo, hi int64)) {
	workers := int64(runtime.GOMAXPROCS(0))
	if grain < 1 {
		grain = 1
	}
	if c := n / grain; c < workers {
		workers = c
	}
	if workers <= 1 {
		body(0, n)
		return
	}
	var wg sync.WaitGroup
	step, extra := n/workers, n%workers
	lo := int64(0)
	for w := int64(0); w < workers; w++ {
		hi := lo + step
		if w < extra {
			hi++
		}
		wg.Add(1)
		go func(lo, hi int64) {
			defer wg.Done()
			body(lo, hi)
		}(lo, hi)
		lo = hi
	}
	wg.Wait()
}
