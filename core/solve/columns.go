package solve

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelSolveWork is the work (right-hand sides times the entries a solve
// reads) from which the columns of a solve go to several goroutines: waking
// one costs tens of microseconds, a column of a 100K-entry solve about as
// much.
var parallelSolveWork int64 = 500_000

// solveWorkers is how many goroutines eachColumn uses for k columns of the
// given total work: one below parallelSolveWork, else up to GOMAXPROCS but
// no more than k.
func solveWorkers(k int, work int64) int {
	if k < 2 || work < parallelSolveWork {
		return 1
	}
	return max(1, min(k, runtime.GOMAXPROCS(0)))
}

// eachColumn runs fn(c, w) for every column c in [0, k) on workers
// goroutines taking columns in turn; w numbers the goroutine (0 ..
// workers-1) so that fn can keep scratch per goroutine. The columns are
// independent, so the result does not depend on the split; the first error
// met stops the columns not yet taken and is returned.
func eachColumn(k, workers int, fn func(c, w int) error) error {
	if workers <= 1 {
		for c := 0; c < k; c++ {
			if err := fn(c, 0); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		next    atomic.Int64
		failed  atomic.Bool
		errOnce sync.Once
		first   error
		wg      sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				c := int(next.Add(1) - 1)
				if c >= k {
					return
				}
				if err := fn(c, w); err != nil {
					errOnce.Do(func() { first = err })
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return first
}
