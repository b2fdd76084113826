package kernels

// The scheduler, exported for core/engine: the operators outside the
// matmul family split their loops the same way the kernels here do.

// ForRows runs fn(lo, hi) over consecutive ranges covering the rows
// [0, len(prefix)-1), weighted by the entries each row holds (prefix is a
// CSR row pointer): on the calling goroutine alone when work (entries plus
// rows) is small, else on several goroutines taking short chunks in turn.
// Ranges may be empty; the caller's cancel token is checked before each
// chunk (a cancelled call panics with cancel.Stop on the caller). Each row
// lies in exactly one range, so per-row results do not depend on the split.
func ForRows[P Index | ~int](prefix []P, work int64, fn func(lo, hi int)) {
	parallelRows(prefix, work, fn)
}

// ForChunks calls fn(c, lo, hi) for the chunks c = 0, 1, ... of [0, n),
// chunk c covering [c*size, min((c+1)*size, n)), on up to GOMAXPROCS
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
	parts := min(numChunkedParts(int64(n)), chunks)
	runChunks(parts, chunks, func(_, c int) {
		fn(c, c*size, min((c+1)*size, n))
	})
	return chunks
}
