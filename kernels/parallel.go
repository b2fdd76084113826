package kernels

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// parallelThreshold is the work (nonzeros plus rows, or flops for the
// products) below which a kernel with a fixed split (parallelFor) runs on
// the calling goroutine alone. Waking a parked worker costs tens of
// microseconds on a VM (measured ~45 us here), and a fixed split waits for
// it, so it pays only for work of a few hundred microseconds: SpMV on the
// 2-D Laplacian ran 42 us serial against 89 us split at 50K nonzeros, 398
// against 424 at 510K, 1633 against 785 at 1M. Tests lower it to force the
// parallel paths on tiny inputs.
var parallelThreshold = 500_000

// chunkedThreshold is parallelThreshold for the kernels that take chunks
// in turn (runChunks): they never wait for a helper that has not started,
// and the helpers poll between back-to-back calls, so a split pays from
// some microseconds of work. SpMV of random 5-per-row matrices called in a
// loop, medians split against serial (alternated in one process): 3K
// work units 7.5 vs 4.6 us, 6K 8.3 vs 9.4, 12K 12.9 vs 17.5, 24K 22 vs 38.
var chunkedThreshold = 8_000

// workersOverride, when positive, replaces runtime.GOMAXPROCS(0) as the
// goroutine count (tests use it to split into more parts than cores).
var workersOverride = 0

// numParts returns how many goroutines a fixed split of the given work
// should use: 1 below parallelThreshold, else GOMAXPROCS, but never so
// many that a part gets less than a quarter of the threshold.
func numParts(work int64) int { return partsAbove(work, int64(parallelThreshold)) }

// numChunkedParts is numParts for the chunked kernels (chunkedThreshold).
func numChunkedParts(work int64) int { return partsAbove(work, int64(chunkedThreshold)) }

func partsAbove(work, threshold int64) int {
	if work < threshold || work <= 1 {
		return 1
	}
	w := workersOverride
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	if grain := threshold / 4; grain > 0 && work/grain < int64(w) {
		w = int(work / grain)
	}
	return max(w, 1)
}

// splitByWeight splits the items [0, n) into parts contiguous ranges with
// about equal weight, where item r weighs 1 + (prefix[r+1] - prefix[r]) and
// prefix is a nondecreasing array of n+1 entries (a CSR row pointer, or a
// prefix sum of flops). It returns parts+1 bounds, bounds[0] = 0 and
// bounds[parts] = n; a part may be empty. This is merge-path at row
// granularity: the cut for part p is the first row r whose diagonal
// r + prefix[r] reaches p/parts of the total.
func splitByWeight[P Index | ~int](prefix []P, parts int) []int {
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

// splitEven splits [0, n) into parts ranges of about equal length.
func splitEven(n, parts int) []int {
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

// parallelFor runs fn(0), ..., fn(parts-1), part 0 on the calling goroutine
// and the others on new goroutines, and returns when all are done. A panic
// in any part is re-raised on the calling goroutine after all parts have
// stopped, so a recover there (the C boundary) sees it instead of the
// process dying. A part stopped by the caller's cancel token stops the call
// the same way, once every part has returned. The caller's token is polled
// before and after: the passes of a fixed split are where the conversions
// and sorts see a cancel.
func parallelFor(parts int, fn func(part int)) {
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

// chunkWork is the work (in numParts' units) of one chunk of a row-split
// kernel: a few hundred microseconds at most. Short chunks do two jobs.
// Goroutines take them in turn, so one whose core is busy with something
// else (another process, the garbage collector's mark worker) takes fewer
// instead of holding up the call. And each chunk boundary is a point where
// the scheduler can stop the goroutine: the assembly loops cannot be
// preempted, and a collection that has to wait for a whole half of a 30 ms
// SpMM to scan a stack keeps one core from the kernel all that time
// (measured: SpMM k=32 on 1M rows alternated 26 and 42 ms between calls
// with a collection and calls without; with chunks, 30 and 35).
const chunkWork = 1 << 18

// chunksPerWorker is the fewest chunks a goroutine gets on average.
const chunksPerWorker = 8

// maxChunks bounds the chunk count (the cost of finding the bounds).
const maxChunks = 4096

// chunkCount returns the chunk count for work split over parts goroutines
// and n indivisible items.
func chunkCount(work int64, parts, n int) int {
	chunks := max(int64(parts*chunksPerWorker), work/chunkWork)
	return int(min(chunks, int64(maxChunks), int64(max(n, 1))))
}

// parallelRows runs fn(lo, hi) over consecutive ranges covering the rows
// [0, len(prefix)-1), weighted as in splitByWeight: on the calling
// goroutine alone when work is below chunkedThreshold, else on
// numChunkedParts(work) goroutines taking chunks in turn (see chunkWork
// and runChunks). Ranges may be empty.
func parallelRows[P Index | ~int](prefix []P, work int64, fn func(lo, hi int)) {
	n := len(prefix) - 1
	parts := numChunkedParts(work)
	if parts == 1 {
		fn(0, n)
		return
	}
	chunks := chunkCount(work, parts, n)
	bounds := splitByWeight(prefix, chunks)
	runChunks(parts, chunks, func(_, c int) {
		fn(bounds[c], bounds[c+1])
	})
}

// parallelEven is parallelRows for n items of equal weight, cut only at
// multiples of unit (a kernel's blocking).
func parallelEven(n, unit int, work int64, fn func(lo, hi int)) {
	units := (n + unit - 1) / unit
	parts := min(numChunkedParts(work), units)
	if parts <= 1 {
		fn(0, n)
		return
	}
	chunks := chunkCount(work, parts, units)
	bounds := splitEven(units, chunks)
	runChunks(parts, chunks, func(_, c int) {
		fn(min(bounds[c]*unit, n), min(bounds[c+1]*unit, n))
	})
}
