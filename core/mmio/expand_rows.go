package mmio

import (
	"runtime"
	"sort"
	"sync/atomic"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// rowGroupsFit reports whether expandByRows may build a file's tensor order:
// its counters, a few per row of a bucket and worker, cost no more than the
// entries (the memory rule: memory follows the entries, never the
// dimensions).
func rowGroupsFit(rows, total int64) bool { return rows <= total }

// bucketEntries is about how many entries a bucket of expandByRows holds:
// its arrays (some 768 KB) stay in a core's cache while they are ordered.
// maxBuckets bounds the buckets, each a stream that the first pass writes
// to, so that their pages stay in the TLB.
const (
	bucketEntries = 32 << 10
	maxBuckets    = 1 << 10
)

// rowEntry is an entry on its way to its row.
type rowEntry[T any] struct {
	i, j int64
	v    T
}

// expandByRows lays out the n stored entries of a symmetric, skew-symmetric
// or hermitian file (stored: their (2, n) index array, sv: their values,
// both read for the last time and offered for reuse; ordered: they are in
// row-major order without repeats, as the parse noted) with their mirrors
// in the order of the tensor that Read builds, and reports whether that
// order is coalesced already. A nil mirror keeps each value as it is.
//
// A file that stores its triangle in row-major order without repeats (as
// SciPy, fast_matrix_market and most writers do) gives the coalesced order
// directly (expandSorted): each row is its stored entries and its mirrors,
// which arrive in the order of their columns. Any other file gets its
// entries grouped by row, first those on or left of the diagonal, then those
// right of it, each group in file order (expandGrouped): a column-major file
// comes out coalesced too (the caller checks), and the stable coalescing sort
// that follows an unordered one sums duplicates in file order, as it sums
// the file-order entries.
//
// Both stream through memory rather than scatter across it: entries go
// first to buckets of consecutive rows, in file order, then each bucket is
// ordered into its place by counting, in cache. upper tells that the file
// stores the upper triangle.
func expandByRows[T any](stored []int64, sv []T, n, offDiagonal, rows int64, upper, ordered bool, mirror func(T) (T, bool), tok *cancel.Token) (idx []int64, vals []T, coalesced bool) {
	x := expansion[T]{n: n, total: n + offDiagonal, rows: rows, ri: stored[:n], ci: stored[n:], v: sv, mirror: mirror, tok: tok}
	x.plan()
	if coalesced = ordered; coalesced {
		x.sorted(upper)
	} else {
		x.grouped()
	}
	recycle(stored)
	recycle(sv)
	return x.idx, x.out, coalesced
}

// expansion is the work of expandByRows: the stored entries (ri, ci, v),
// the result arrays, and the buckets of 1<<shift rows.
type expansion[T any] struct {
	n, total, rows int64
	ri, ci         []int64
	v              []T
	mirror         func(T) (T, bool)
	tok            *cancel.Token
	idx            []int64 // the result: rows, then columns
	out            []T
	shift          uint
	buckets        int64
	workers        int
}

// mirrored is the mirror of a stored value (merge has refused values
// without one); a nil mirror keeps the value as it is.
func (x *expansion[T]) mirrored(v T) T {
	if x.mirror == nil {
		return v
	}
	m, _ := x.mirror(v)
	return m
}

// plan allocates the result and sizes the buckets (a power of two rows,
// about bucketEntries entries each) and the workers.
func (x *expansion[T]) plan() {
	x.idx, x.out = uninit[int64](2*x.total), uninit[T](x.total)
	for x.shift < 62 && ((x.rows-1)>>x.shift >= maxBuckets || int64(1)<<(x.shift+1)*x.total <= x.rows*bucketEntries) {
		x.shift++
	}
	x.buckets = max(x.rows-1, 0)>>x.shift + 1
	x.workers = int(min(int64(runtime.GOMAXPROCS(0)), max(x.n>>16, 1)))
}

// span is worker w's share of the stored entries.
func (x *expansion[T]) span(w int) (int64, int64) {
	return int64(w) * x.n / int64(x.workers), int64(w+1) * x.n / int64(x.workers)
}

// bucketStarts counts, per worker, the entries that each bucket receives
// (the mirrors of the off-diagonal stored entries, and unless mirrorsOnly
// the stored entries too) and turns the counts into each worker's first
// position in each bucket, buckets in order and workers in order inside a
// bucket. It returns those positions and the start of each bucket.
func (x *expansion[T]) bucketStarts(mirrorsOnly bool) ([][]int64, []int64) {
	at := make([][]int64, x.workers)
	parallelParts(x.workers, func(w int) {
		cnt := make([]int64, x.buckets)
		lo, hi := x.span(w)
		for k := lo; k < hi; k++ {
			pollEvery(x.tok, k)
			i, j := x.ri[k], x.ci[k]
			if !mirrorsOnly {
				cnt[i>>x.shift]++
			}
			if i != j {
				cnt[j>>x.shift]++
			}
		}
		at[w] = cnt
	})
	start := make([]int64, x.buckets+1)
	var k int64
	for b := range x.buckets {
		start[b] = k
		for _, cnt := range at {
			cnt[b], k = k, k+cnt[b]
		}
	}
	start[x.buckets] = k
	return at, start
}

// eachBucket runs f on every bucket, the workers taking them in turn, each
// with its own scratch of two counters per row of a bucket.
func (x *expansion[T]) eachBucket(f func(b int64, a, c []int64)) {
	var claimed atomic.Int64
	local := min(int64(1)<<x.shift, x.rows)
	parallelParts(x.workers, func(int) {
		a, c := make([]int64, local+1), make([]int64, local+1)
		for {
			b := claimed.Add(1) - 1
			if b >= x.buckets {
				return
			}
			x.tok.Check()
			l := min(local, x.rows-b<<x.shift)
			f(b, a[:l+1], c[:l+1])
		}
	})
}

// sorted expands stored entries that are in row-major order without
// repeats: the mirrors go to their rows' buckets, then each bucket's rows
// are written in turn, each the row's stored entries (contiguous in the
// input) and its mirrors (in the order of their columns, as the stored
// entries of one column arrive in row order), the mirrors first where the
// file stores the upper triangle.
func (x *expansion[T]) sorted(upper bool) {
	r, c := x.idx[:x.total], x.idx[x.total:]
	at, mstart := x.bucketStarts(true)
	recs := uninit[rowEntry[T]](x.total - x.n)
	parallelParts(x.workers, func(w int) {
		next := at[w]
		lo, hi := x.span(w)
		for k := lo; k < hi; k++ {
			pollEvery(x.tok, k)
			if i, j := x.ri[k], x.ci[k]; i != j {
				m := x.mirrored(x.v[k])
				b := j >> x.shift
				recs[next[b]] = rowEntry[T]{j, i, m}
				next[b]++
			}
		}
	})
	x.eachBucket(func(b int64, sc, mc []int64) {
		base := b << x.shift
		slo := int64(sort.Search(int(x.n), func(k int) bool { return x.ri[k] >= base }))
		shi := slo + int64(sort.Search(int(x.n-slo), func(k int) bool { return x.ri[slo+int64(k)] >= base+int64(len(sc)-1) }))
		clear(sc)
		clear(mc)
		for _, i := range x.ri[slo:shi] {
			sc[i-base]++
		}
		bucket := recs[mstart[b]:mstart[b+1]]
		for _, e := range bucket {
			mc[e.i-base]++
		}
		// sc[l], mc[l] become where row l's stored entries and mirrors go.
		k := slo + mstart[b]
		for l := range len(sc) - 1 {
			s, m := sc[l], mc[l]
			for u := k; u < k+s+m; u++ {
				r[u] = base + int64(l)
			}
			if upper {
				mc[l], sc[l] = k, k+m
			} else {
				sc[l], mc[l] = k, k+s
			}
			k += s + m
		}
		for u := slo; u < shi; u++ {
			l := x.ri[u] - base
			p := sc[l]
			c[p], x.out[p] = x.ci[u], x.v[u]
			sc[l] = p + 1
		}
		for _, e := range bucket {
			l := e.i - base
			p := mc[l]
			c[p], x.out[p] = e.j, e.v
			mc[l] = p + 1
		}
	})
	recycle(recs)
}

// grouped expands stored entries in any order: every entry and mirror goes
// to its row's bucket in file order, then each bucket is ordered by
// counting into its rows' groups (on or left of the diagonal first, then
// right of it), keeping the file order inside a group.
func (x *expansion[T]) grouped() {
	r, c := x.idx[:x.total], x.idx[x.total:]
	at, start := x.bucketStarts(false)
	recs := uninit[rowEntry[T]](x.total)
	parallelParts(x.workers, func(w int) {
		next := at[w]
		lo, hi := x.span(w)
		for k := lo; k < hi; k++ {
			pollEvery(x.tok, k)
			i, j, v := x.ri[k], x.ci[k], x.v[k]
			b := i >> x.shift
			recs[next[b]] = rowEntry[T]{i, j, v}
			next[b]++
			if i != j {
				m := x.mirrored(v)
				b = j >> x.shift
				recs[next[b]] = rowEntry[T]{j, i, m}
				next[b]++
			}
		}
	})
	x.eachBucket(func(b int64, left, right []int64) {
		base := b << x.shift
		bucket := recs[start[b]:start[b+1]]
		clear(left)
		clear(right)
		for _, e := range bucket {
			if e.j > e.i {
				right[e.i-base]++
			} else {
				left[e.i-base]++
			}
		}
		// left[l], right[l] become where row l's two groups go.
		k := start[b]
		for l := range len(left) - 1 {
			a, z := left[l], right[l]
			for u := k; u < k+a+z; u++ {
				r[u] = base + int64(l)
			}
			left[l], right[l] = k, k+a
			k += a + z
		}
		for _, e := range bucket {
			l := e.i - base
			g := left
			if e.j > e.i {
				g = right
			}
			p := g[l]
			c[p], x.out[p] = e.j, e.v
			g[l] = p + 1
		}
	})
	recycle(recs)
}
