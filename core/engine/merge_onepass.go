package engine

import (
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// The one-pass merges. The two-pass route's count pass reads every column
// (and for mul every value) once more, which cost as much as the fill;
// here each chunk of rows merges straight into its slots in arrays sized by
// a bound on the result, and the chunks are moved down in row order as they
// finish, while still in cache (the chunks are small for that).
//
// Mul with both fills zero: an entry of one operand alone is x*0, the
// result's fill, and dropped (unless x is a NaN or an infinity: the two
// passes then run), so a row keeps at most its intersection, bounded by the
// row of the operand of fewer entries. Add: a row keeps its union, bounded
// by la + lb.
//
// Each runs only where a sample of the rows says the result fills most of
// its bound (mul: half; add: the intersection at most a quarter of la +
// lb), so that arrays sized for the inputs are never held for a much
// smaller result (a mul of patterns that barely meet, an add of patterns
// that coincide): those take the two passes, which allocate the result only.

// oneSample is the least stride of the rows sampled to estimate the
// result, and oneSampled about the most rows sampled: on the 1M-row
// Laplacian every 16th row cost 6% of A + B (a cache miss a sampled row),
// for an estimate that 4096 rows spread over the matrix give as well.
const (
	oneSample  = 16
	oneSampled = 4096
)

// oneChunk is about the slots of a one-pass chunk: its entries, moved down
// when it finishes, are then still in the core's cache.
const oneChunk = 1 << 15

// onePassKernel is a row kernel with one-pass merges: onePass says which
// applies; fillOne merges rows [lo, hi) one after another from offset at,
// writes row r's entry count to cnt[r] (one row early, so that no chunk
// writes the offset the next reads), and returns the entries written; st
// is mergeUnordered when a row's columns are not strictly increasing and
// mergeKept when mul keeps an entry of one operand (the bound fails).
type onePassKernel[I kernels.Index] interface {
	onePass() onePassKind
	fillOne(oc []I, ov dtype.Array, at int, cnt []I, lo, hi int) (n int, st mergeStatus)
}

// onePassKind is the one-pass merge a kernel runs, if any.
type onePassKind int8

const (
	onePassNone onePassKind = iota
	onePassMul
	onePassAdd
)

// mergeStatus is how a one-pass chunk ended.
type mergeStatus int8

const (
	mergeDone mergeStatus = iota
	mergeUnordered
	mergeKept
)

// onePass is the one-pass merge that applies: a real mul of two zero
// fills, or a real add.
func (k *rows[I, V, A]) onePass() onePassKind {
	var zero A
	switch {
	case k.m.mul && k.mulBound != nil && k.m.fa == zero && k.m.fb == zero:
		return onePassMul
	case !k.m.mul && k.addOne != nil:
		return onePassAdd
	}
	return onePassNone
}

func (k *rows[I, V, A]) fillOne(oc []I, ov dtype.Array, at int, cnt []I, lo, hi int) (int, mergeStatus) {
	if k.m.mul {
		return k.mulBound(k.m, k.pa, k.ca, k.va, k.pb, k.cb, k.vb, cnt, oc, dtype.AsSlice[V](ov), at, lo, hi)
	}
	return k.addOne(k.m, k.pa, k.ca, k.va, k.pb, k.cb, k.vb, cnt, oc, dtype.AsSlice[V](ov), at, lo, hi)
}

// sampleIntersect is the estimate of the result: over every oneSample-th
// row (or a wider stride: at most about oneSampled rows), the exact intersection (hits), the minima min(la, lb) and the sums
// la + lb.
func sampleIntersect[I kernels.Index](pa, ca, pb, cb []I) (hits, mins, sums int64) {
	a0, b0 := pa[0], pb[0]
	stride := max(oneSample, (len(pa)-1)/oneSampled)
	for r := 0; r+1 < len(pa); r += stride {
		la, lb := pa[r+1]-pa[r], pb[r+1]-pb[r]
		sums += int64(la) + int64(lb)
		if m := min(la, lb); m > 0 {
			mins += int64(m)
			hits += int64(countBoth(ca[pa[r]-a0:pa[r+1]-a0], cb[pb[r]-b0:pb[r+1]-b0]))
		}
	}
	return hits, mins, sums
}

// countBoth counts the columns two sorted lists share.
func countBoth[I kernels.Index](ra, rb []I) int {
	both, x, y := 0, 0, 0
	for x < len(ra) && y < len(rb) {
		switch p, q := ra[x], rb[y]; {
		case p < q:
			x++
		case q < p:
			y++
		default:
			both++
			x++
			y++
		}
	}
	return both
}

// mergeOnePass runs the kernel's one-pass merge when the sample says it
// pays (see above). Row r's slots begin where its row begins in the
// operand of fewer entries (mul) or at the sum of both rows' beginnings
// (add), so the bound needs no pass of its own. done is false when the two
// passes must run instead (no one-pass merge, the result small against the
// bound, int32 indices unable to address it, the bound over the memory
// limit, or an entry of one operand kept); pos then holds no counts. alloc
// sizes the bound against the memory limit. ok is false when a row's
// columns are not strictly increasing.
func mergeOnePass[I kernels.Index](k onePassKernel[I], pa, ca, pb, cb, pos []I, wide bool,
	alloc func(int64) (dtype.Array, dtype.Array, error)) (crd, vals dtype.Array, total int64, done, ok bool) {
	nr := len(pa) - 1
	kind := k.onePass()
	if kind == onePassNone || nr == 0 {
		return crd, vals, 0, false, true
	}
	a0, b0 := pa[0], pb[0]
	ps := pa // mul: the operand of fewer entries
	if pb[nr]-b0 < pa[nr]-a0 {
		ps = pb
	}
	slot := func(r int) int { return int(ps[r] - ps[0]) }
	bound := int64(ps[nr] - ps[0])
	hits, mins, sums := sampleIntersect(pa, ca, pb, cb)
	if kind == onePassAdd {
		slot = func(r int) int { return int(pa[r]-a0) + int(pb[r]-b0) }
		bound = int64(pa[nr]-a0) + int64(pb[nr]-b0)
		if 4*hits > sums || (!wide && bound > 1<<31-1) {
			return crd, vals, 0, false, true
		}
	} else if mins == 0 || 2*hits < mins {
		return crd, vals, 0, false, true
	}
	var err error
	if crd, vals, err = alloc(bound); err != nil { // over the memory limit: the exact result may still fit
		return crd, vals, 0, false, true
	}
	oc := dtype.AsSlice[I](crd)
	type chunk struct{ at, hi, n int }
	var mu sync.Mutex
	waiting := map[int]chunk{} // finished chunks past the run, by first row
	next, end := 0, 0          // the run covers rows [0, next) and entries [0, end)
	var failed atomic.Int32
	vs := vals.DType.Size()
	size := max(64, int(int64(nr)*oneChunk/max(bound, 1))) // rows a chunk
	parallel.ForChunks(nr, size, func(_, lo, hi int) {
		if failed.Load() != 0 {
			return
		}
		at := slot(lo)
		n, st := k.fillOne(oc, vals, at, pos, lo, hi)
		if st != mergeDone {
			failed.CompareAndSwap(0, int32(st))
			return
		}
		mu.Lock()
		defer mu.Unlock()
		waiting[lo] = chunk{at, hi, n}
		for c, ok := waiting[next]; ok; c, ok = waiting[next] {
			delete(waiting, next)
			if c.at != end && c.n > 0 {
				copy(oc[end:end+c.n], oc[c.at:c.at+c.n])
				copy(vals.Data[end*vs:(end+c.n)*vs], vals.Data[c.at*vs:(c.at+c.n)*vs])
			}
			for r := next; r < c.hi; r++ { // counts, one row early, to offsets
				cnt := int(pos[r])
				pos[r] = I(end)
				end += cnt
			}
			next = c.hi
		}
	})
	switch mergeStatus(failed.Load()) {
	case mergeUnordered:
		return crd, vals, 0, false, false
	case mergeKept:
		return crd, vals, 0, false, true
	}
	pos[nr] = I(end)
	crd, vals = prefix(crd, int64(end)), prefix(vals, int64(end))
	if int64(end) < bound/2 { // the sample misjudged: keep no more than twice the result
		crd, vals = dtype.CopyArray(crd), dtype.CopyArray(vals)
	}
	return crd, vals, int64(end), true, true
}

// prefix is the first n elements of the 1-D array x, in its memory.
func prefix(x dtype.Array, n int64) dtype.Array {
	return dtype.Array{DType: x.DType, Shape: []int64{n}, Data: x.Data[:n*int64(x.DType.Size())]}
}
