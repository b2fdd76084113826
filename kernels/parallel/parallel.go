package parallel

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// parallelThreshold is the work (nonzeros plus rows, or flops for the
// products) below which a kernel with a fixed split (For) runs on the
// calling goroutine alone. Waking a parked worker costs tens of
// microseconds on a VM (measured ~45 us here), and a fixed split waits for
// it, so it pays only for work of a few hundred microseconds: SpMV on the
// 2-D Laplacian ran 42 us serial against 89 us split at 50K nonzeros, 398
// against 424 at 510K, 1633 against 785 at 1M. Tests lower it (SetKnobs)
// to force the parallel paths on tiny inputs.
var parallelThreshold = 500_000

// chunkedThreshold is parallelThreshold for the kernels that take chunks
// in turn (RunChunks): they never wait for a helper that has not started,
// and the helpers poll between back-to-back calls, so a split pays from
// some microseconds of work. SpMV of random 5-per-row matrices called in a
// loop, medians split against serial (alternated in one process): 3K
// work units 7.5 vs 4.6 us, 6K 8.3 vs 9.4, 12K 12.9 vs 17.5, 24K 22 vs 38.
var chunkedThreshold = 8_000

// workersOverride, when positive, replaces runtime.GOMAXPROCS(0) as the
// goroutine count (tests use it to split into more parts than cores).
var workersOverride = 0

// Knobs are the split thresholds and the goroutine count. Tests lower them
// to force the parallel paths on tiny inputs, with more parts than cores.
type Knobs struct {
	// Threshold is the work below which a fixed split (Parts, For) runs
	// on one goroutine.
	Threshold int
	// ChunkedThreshold is the same for the chunked splits (ChunkedParts,
	// ForRows, ForEven, ForChunks, Chunking).
	ChunkedThreshold int
	// Workers, when positive, replaces runtime.GOMAXPROCS(0) as the
	// goroutine count.
	Workers int
}

// CurrentKnobs returns the knobs in force.
func CurrentKnobs() Knobs {
	return Knobs{Threshold: parallelThreshold, ChunkedThreshold: chunkedThreshold, Workers: workersOverride}
}

// SetKnobs puts k in force and returns the knobs it replaced. It is not
// synchronised with running splits: set it before the calls it affects.
func SetKnobs(k Knobs) (previous Knobs) {
	previous = CurrentKnobs()
	parallelThreshold, chunkedThreshold, workersOverride = k.Threshold, k.ChunkedThreshold, k.Workers
	return previous
}

// Workers returns the goroutine count a split may use: runtime.GOMAXPROCS(0),
// or the Workers knob when it is set.
func Workers() int {
	if workersOverride > 0 {
		return workersOverride
	}
	return runtime.GOMAXPROCS(0)
}

// Parts returns how many goroutines a fixed split of the given work should
// use: 1 below the threshold, else Workers(), but never so many that a part
// gets less than a quarter of the threshold.
func Parts(work int64) int { return partsAbove(work, int64(parallelThreshold)) }

// ChunkedParts is Parts for the chunked splits, whose threshold is lower.
func ChunkedParts(work int64) int { return partsAbove(work, int64(chunkedThreshold)) }

func partsAbove(work, threshold int64) int {
	if work < threshold || work <= 1 {
		return 1
	}
	w := Workers()
	if grain := threshold / 4; grain > 0 && work/grain < int64(w) {
		w = int(work / grain)
	}
	return max(w, 1)
}

// SplitByWeight splits the items [0, n) into parts contiguous ranges with
// about equal weight, where item r weighs 1 + (prefix[r+1] - prefix[r]) and
// prefix is a nondecreasing array of n+1 entries (a CSR row pointer, or a
// prefix sum of flops). It returns parts+1 bounds, bounds[0] = 0 and
// bounds[parts] = n; a part may be empty. This is merge-path at row
// granularity: the cut for part p is the first row r whose diagonal
// r + prefix[r] reaches p/parts of the total.
func SplitByWeight[P ~int32 | ~int64 | ~int](prefix []P, parts int) []int {
	n := len(prefix) - 1
	bounds := make([]int, parts+1)
	bounds[parts] = n
	if n <= 0 {
		return bounds
	}
	base := int64(prefix[0])
	total := int64(n) + int64(prefix[n]) - base
	for p := 1; p < parts; p++ {
		target := total * int64(p) / int64(parts)
		lo := bounds[p-1]
		r := lo + sort.Search(n-lo, func(k int) bool {
			r := lo + k
			return int64(r)+int64(prefix[r])-base >= target
		})
		bounds[p] = r
	}
	return bounds
}

// SplitEven splits [0, n) into parts ranges of about equal length; it
// returns parts+1 bounds.
func SplitEven(n, parts int) []int {
	bounds := make([]int, parts+1)
	for p := 0; p <= parts; p++ {
		bounds[p] = int(int64(n) * int64(p) / int64(parts))
	}
	return bounds
}

// workerPanic carries a panic from a worker goroutine to the caller.
type workerPanic struct {
	value any
	stack []byte
}

func (w *workerPanic) String() string {
	return fmt.Sprintf("kernels: panic in worker goroutine: %v\n%s", w.value, w.stack)
}

// For runs fn(0), ..., fn(parts-1), part 0 on the calling goroutine and
// the others on new goroutines, and returns when all are done. A panic in
// any part is re-raised on the calling goroutine after all parts have
// stopped, so a recover there (the C boundary) sees it instead of the
// process dying. A part stopped by the caller's cancel token stops the call
// the same way, once every part has returned. The caller's token is polled
// before and after: the passes of a fixed split are where the conversions
// and sorts see a cancel (a part polls inside with cancel.InSteps).
func For(parts int, fn func(part int)) {
	cancel.Poll()
	defer cancel.Poll()
	if parts <= 1 {
		fn(0)
		return
	}
	var stopped atomic.Bool
	var (
		left  atomic.Int64 // parts still running on other goroutines
		done  = make(chan struct{})
		mu    sync.Mutex
		first *workerPanic
	)
	guard := func(p int) {
		defer func() {
			if r := recover(); r != nil {
				if cancel.IsStop(r) {
					stopped.Store(true)
					return
				}
				buf := make([]byte, 4096)
				buf = buf[:runtime.Stack(buf, false)]
				mu.Lock()
				if first == nil {
					first = &workerPanic{value: r, stack: buf}
				}
				mu.Unlock()
			}
		}()
		fn(p)
	}
	left.Store(int64(parts - 1))
	for p := 1; p < parts; p++ {
		go func() {
			defer func() {
				if left.Add(-1) == 0 {
					close(done)
				}
			}()
			guard(p)
		}()
	}
	guard(0)
	awaitZero(&left, done)
	if first != nil {
		panic(first.String())
	}
	if stopped.Load() {
		cancel.Stop()
	}
}
