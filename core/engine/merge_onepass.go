package engine

import (
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// The one-pass mul: with both fills zero an entry of one operand alone is
// x*0, the result's fill, and dropped (unless x is a NaN or an infinity),
// so a row keeps at most min(la, lb) entries, its intersection. The result
// is then merged in one pass into arrays sized by the sum of those minima,
// each chunk of rows straight into its slots, and the chunks moved down in
// row order as they finish, while still in cache: the count pass of the
// two-pass route reads every column and value once more, which cost as
// much as the fill. It runs only where a sample of the rows says the
// result fills at least half of the bound, so that a mul of patterns that
// barely meet (a near-empty result) never holds arrays sized for the
// inputs: those take the two passes, which allocate the result only.

// oneSample is the stride of the rows sampled to estimate the result.
const oneSample = 16

// boundedMul is a row kernel with the one-pass mul: fillBounded merges
// rows [lo, hi) one after another from offset at, writes row r's entry
// count to cnt[r] (one row early, so that no chunk writes the offset the
// next reads), and returns the entries written; st is mergeUnordered when
// a row's columns are not strictly increasing and mergeKept when an entry
// of one operand stays (the bound fails: the two passes run).
type boundedMul[I kernels.Index] interface {
	bounded() bool
	fillBounded(oc []I, ov dtype.Array, at int, cnt []I, lo, hi int) (n int, st mergeStatus)
}

// mergeStatus is how a one-pass chunk ended.
type mergeStatus int8

const (
	mergeDone mergeStatus = iota
	mergeUnordered
	mergeKept
)

// bounded reports whether the one-pass mul applies: a real mul of two
// zero fills.
func (k *rows[I, V, A]) bounded() bool {
	var zero A
	return k.m.mul && k.mulBound != nil && k.m.fa == zero && k.m.fb == zero
}

func (k *rows[I, V, A]) fillBounded(oc []I, ov dtype.Array, at int, cnt []I, lo, hi int) (int, mergeStatus) {
	return k.mulBound(k.m, k.pa, k.ca, k.va, k.pb, k.cb, k.vb, cnt, oc, dtype.AsSlice[V](ov), at, lo, hi)
}

// sampleIntersect is the estimate of the result: the exact intersection
// of every oneSample-th row (hits) and their minima min(la, lb) (sampled).
func sampleIntersect[I kernels.Index](pa, ca, pb, cb []I) (hits, sampled int64) {
	a0, b0 := pa[0], pb[0]
	for r := 0; r+1 < len(pa); r += oneSample {
		if m := min(pa[r+1]-pa[r], pb[r+1]-pb[r]); m > 0 {
			sampled += int64(m)
			hits += int64(countBoth(ca[pa[r]-a0:pa[r+1]-a0], cb[pb[r]-b0:pb[r+1]-b0]))
		}
	}
	return hits, sampled
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

// mergeBoundedMul runs the one-pass mul when the sample says it pays (see
// above): row r's slots begin where its row begins in the operand of fewer
// entries (its row bounds the intersection), so the bound is
// min(nnz(a), nnz(b)) and needs no pass of its own. done is false when the
// two passes must run instead (the result small against the bound, int32
// indices unable to address it, or an entry of one operand kept); pos then
// holds no counts. alloc sizes the bound against the memory limit. ok is
// false when a row's columns are not strictly increasing.
func mergeBoundedMul[I kernels.Index](k boundedMul[I], pa, ca, pb, cb, pos []I, work int64,
	alloc func(int64) (dtype.Array, dtype.Array, error)) (crd, vals dtype.Array, total int64, done, ok bool) {
	nr := len(pa) - 1
	ps := pa // the operand of fewer entries
	if pb[nr]-pb[0] < pa[nr]-pa[0] {
		ps = pb
	}
	bound := int64(ps[nr] - ps[0])
	if hits, sampled := sampleIntersect(pa, ca, pb, cb); sampled == 0 || 2*hits < sampled {
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
	kernels.ForRows(pa, work, func(lo, hi int) {
		if failed.Load() != 0 {
			return
		}
		at := int(ps[lo] - ps[0])
		n, st := k.fillBounded(oc, vals, at, pos, lo, hi)
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
