package gen

import (
	"runtime"
	"sync"
)

// maxRadixBits is the widest digit of the radix sort: 4096 counters still fit
// in L1, and every pass over the data costs more than its counters.
const maxRadixBits = 12

// radixChunk is the least number of keys a worker of the sort takes on.
const radixChunk = 1 << 16

// radix is an LSD radix sort of uint64 keys that carries a satellite slice
// along (V = struct{} for none: a zero-size slice costs nothing). Large inputs
// are split into one chunk per CPU; each pass counts digits per chunk and
// scatters the chunks concurrently, chunk order kept, so the sort is stable
// and its result independent of the split. It keeps its buffers for reuse.
type radix[V any] struct {
	keys  []uint64
	vals  []V
	count [][1 << maxRadixBits]int
}

// sort sorts keys ascending, stably, applying the same permutation to vals
// (len(vals) == len(keys)). Every key must be below 2^nbits.
func (r *radix[V]) sort(keys []uint64, vals []V, nbits int) {
	n := len(keys)
	if n <= 48 {
		insertionSort(keys, vals)
		return
	}
	passes := (nbits + maxRadixBits - 1) / maxRadixBits
	if passes == 0 {
		return // every key is 0
	}
	width := (nbits + passes - 1) / passes // as narrow as the number of passes allows
	mask := uint64(1)<<width - 1
	workers := max(1, min(runtime.GOMAXPROCS(0), n/radixChunk))
	var bounds []int
	if workers > 1 {
		bounds = make([]int, workers+1)
		for w := range bounds {
			bounds[w] = n * w / workers
		}
	}
	if cap(r.keys) < n {
		r.keys, r.vals = make([]uint64, n), make([]V, n)
	}
	if len(r.count) < workers {
		r.count = make([][1 << maxRadixBits]int, workers)
	}
	count := r.count[:workers]
	src, dst, srcV, dstV := keys, r.keys[:n], vals, r.vals[:n]
	for p := 0; p < passes; p++ {
		shift := uint(p * width)
		if workers == 1 {
			countDigits(&count[0], src, shift, mask)
		} else {
			countParallel(bounds, count, src, shift, mask)
		}
		// Offsets: digit-major, chunk-minor, which keeps the sort stable.
		sum := 0
		for d := uint64(0); d <= mask; d++ {
			for w := range count {
				v := count[w][d]
				count[w][d] = sum
				sum += v
			}
		}
		first := (src[0] >> shift) & mask
		if count[0][first] == 0 && (first == mask || count[0][first+1] == n) {
			continue // every key has the same digit: the pass would move nothing
		}
		if workers == 1 {
			scatter(&count[0], src, srcV, dst, dstV, shift, mask)
		} else {
			scatterParallel(bounds, count, src, srcV, dst, dstV, shift, mask)
		}
		src, dst, srcV, dstV = dst, src, dstV, srcV
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(vals, srcV)
	}
}

// countDigits counts the digits (k >> shift) & mask of keys into c.
func countDigits(c *[1 << maxRadixBits]int, keys []uint64, shift uint, mask uint64) {
	clear(c[:mask+1])
	for _, k := range keys {
		c[(k>>shift)&mask]++
	}
}

// scatter moves keys (and vals) to dst (and dstV) at the offsets c holds for
// their digits, advancing the offsets.
func scatter[V any](c *[1 << maxRadixBits]int, keys []uint64, vals []V, dst []uint64, dstV []V, shift uint, mask uint64) {
	vals = vals[:len(keys)]
	for i, k := range keys {
		d := (k >> shift) & mask
		j := c[d]
		c[d]++
		dst[j], dstV[j] = k, vals[i]
	}
}

// countParallel runs countDigits on each chunk, into the chunk's counters.
// (A function of its own: closures inside sort would move sort's locals to
// the heap on every call, even on the serial path.)
func countParallel(bounds []int, count [][1 << maxRadixBits]int, src []uint64, shift uint, mask uint64) {
	forChunks(bounds, func(w, lo, hi int) { countDigits(&count[w], src[lo:hi], shift, mask) })
}

// scatterParallel runs scatter on each chunk with the chunk's offsets.
func scatterParallel[V any](bounds []int, count [][1 << maxRadixBits]int, src []uint64, srcV []V, dst []uint64, dstV []V, shift uint, mask uint64) {
	forChunks(bounds, func(w, lo, hi int) { scatter(&count[w], src[lo:hi], srcV[lo:hi], dst, dstV, shift, mask) })
}

// forChunks runs body on the chunks [bounds[w], bounds[w+1]) concurrently.
func forChunks(bounds []int, body func(w, lo, hi int)) {
	var wg sync.WaitGroup
	for w := 0; w+1 < len(bounds); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body(w, bounds[w], bounds[w+1])
		}()
	}
	wg.Wait()
}

// insertionSort sorts short inputs, stably, carrying vals along.
func insertionSort[V any](keys []uint64, vals []V) {
	for i := 1; i < len(keys); i++ {
		k, v := keys[i], vals[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], vals[j] = keys[j-1], vals[j-1]
		}
		keys[j], vals[j] = k, v
	}
}
