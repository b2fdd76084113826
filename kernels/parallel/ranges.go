package parallel

// chunkWork is the work (in Parts' units) of one chunk of a row-split
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

// Chunking returns the goroutine count and the chunk count for a phase of
// the given work whose items the caller cuts itself (with SplitByWeight)
// and runs with RunChunks: one chunk below the chunked threshold, else
// ChunkedParts(work) goroutines taking eight chunks each at least in turn.
// Long phases get a chunk per few hundred microseconds of work, whose
// boundaries are where a cancel is seen, even on one goroutine.
func Chunking(work int64) (workers, chunks int) {
	if work < int64(chunkedThreshold) {
		return 1, 1
	}
	workers = ChunkedParts(work)
	return workers, chunkCount(work, workers, maxChunks)
}

// ForRows runs fn(lo, hi) over consecutive ranges covering the rows
// [0, len(prefix)-1), weighted by the entries each row holds (prefix is a
// CSR row pointer; see SplitByWeight): on the calling goroutine alone when
// work (entries plus rows) is below the chunked threshold, else on
// ChunkedParts(work) goroutines taking short chunks in turn (see RunChunks).
// Ranges may be empty; the caller's cancel token is checked before each
// chunk (a cancelled call panics with cancel.Stop on the caller). Each row
// lies in exactly one range, so per-row results do not depend on the split.
func ForRows[P ~int32 | ~int64 | ~int](prefix []P, work int64, fn func(lo, hi int)) {
	n := len(prefix) - 1
	parts := ChunkedParts(work)
	if parts == 1 {
		fn(0, n)
		return
	}
	chunks := chunkCount(work, parts, n)
	bounds := SplitByWeight(prefix, chunks)
	RunChunks(parts, chunks, func(_, c int) {
		fn(bounds[c], bounds[c+1])
	})
}

// ForEven is ForRows for n items of equal weight, cut only at multiples of
// unit (a kernel's blocking).
func ForEven(n, unit int, work int64, fn func(lo, hi int)) {
	units := (n + unit - 1) / unit
	parts := min(ChunkedParts(work), units)
	if parts <= 1 {
		fn(0, n)
		return
	}
	chunks := chunkCount(work, parts, units)
	bounds := SplitEven(units, chunks)
	RunChunks(parts, chunks, func(_, c int) {
		fn(min(bounds[c]*unit, n), min(bounds[c+1]*unit, n))
	})
}

// ForChunks calls fn(c, lo, hi) for the chunks c = 0, 1, ... of [0, n),
// chunk c covering [c*size, min((c+1)*size, n)), on up to Workers()
// goroutines (one below a few microseconds of work). The boundaries depend
// on n and size only, so partial results kept per chunk and combined in
// chunk order are bit-identical at any thread count. It returns the chunk
// count. The caller's cancel token is checked before each chunk.
func ForChunks(n, size int, fn func(c, lo, hi int)) int {
	if n <= 0 {
		return 0
	}
	size = max(size, 1)
	chunks := (n + size - 1) / size
	parts := min(ChunkedParts(int64(n)), chunks)
	RunChunks(parts, chunks, func(_, c int) {
		fn(c, c*size, min((c+1)*size, n))
	})
	return chunks
}
