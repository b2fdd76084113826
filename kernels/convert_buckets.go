package kernels

import (
	"math/bits"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

const (
	// bucketEntries is about the most entries in one bucket of
	// CompressRows: its entries and their sorting words stay in L2 while
	// its rows are sorted.
	bucketEntries = 1 << 13
	// maxBucketBits caps the buckets, the write streams of the scatter:
	// past a few hundred streams the scatter stalls on the TLB and on
	// cache misses (16M entries: 83 ms with 2^8 buckets, 160 with 2^10,
	// 209 with 2^12), which costs more than the sorts lose when their
	// buckets outgrow L2 (coalesce of 16M entries, best of six: 439 ms
	// with 2^8 against 484 with 2^10; COO -> CSR 373 against 409).
	maxBucketBits = 8
	// maxBucketRowBits caps the rows of one bucket, whose counters must
	// stay in cache (many rows, few entries).
	maxBucketRowBits = 14
)

// buckets is how CompressRows splits the rows (bucket b holds the rows
// [b<<shift, (b+1)<<shift)) and the input (part p holds the entries
// [bounds[p], bounds[p+1])). An entry is staged in the output's index
// array as a key, its row within its bucket above its column.
type buckets struct {
	nrows, ncols int64
	shift        uint   // row bits within a bucket
	colBits      uint   // column bits of a key
	keyMask      uint64 // the bits of a key (an int32 slot sign-extends)
	nb           int    // bucket count
	parts        int
	bounds       []int
	names        axisNames // what the caller calls the rows and columns
}

// newBuckets picks buckets of about bucketEntries entries for n entries of
// an nrows x ncols matrix (both positive), with keys of at most keyBits.
func newBuckets(nrows, ncols int64, n int, keyBits int) *buckets {
	rowBits := bits.Len64(uint64(nrows - 1))
	colBits := bits.Len64(uint64(ncols - 1))
	bb := min(bits.Len(uint(n/bucketEntries)), maxBucketBits)
	bb = min(max(bb, rowBits-maxBucketRowBits), rowBits)
	shift := max(min(rowBits-bb, keyBits-colBits), 0)
	parts := parallel.Parts(int64(n))
	return &buckets{nrows: nrows, ncols: ncols, shift: uint(shift), colBits: uint(colBits),
		keyMask: ^uint64(0) >> (64 - shift - colBits), nb: int(uint64(nrows-1)>>shift) + 1,
		parts: parts, bounds: parallel.SplitEven(n, parts)}
}

// countBuckets checks the rows and counts each part's entries per bucket.
// It returns the first entry of every bucket (and n last), and offs[p][b],
// part p's first position in bucket b.
func countBuckets[I Index](g *buckets, rows []I) (start []int, offs [][]int, err error) {
	// parts x nb counters: by the rows, not the entries (CompressRowsScratch).
	offs = make([][]int, g.parts)
	bad := make([]int, g.parts)
	tok := cancel.Current()
	parallel.For(g.parts, func(p int) {
		offs[p] = make([]int, g.nb)
		part := rows[g.bounds[p]:g.bounds[p+1]]
		bad[p] = -1
		cancel.InSteps(tok, len(part), func(lo, hi int) {
			if bad[p] < 0 {
				if t := countRows(part[lo:hi], offs[p], g.nrows, g.shift); t >= 0 {
					bad[p] = lo + t
				}
			}
		})
	})
	for p, t := range bad {
		if t >= 0 {
			return nil, nil, coordErr(g.names, g.names.outer, rows, g.bounds[p]+t, g.nrows)
		}
	}
	start = make([]int, g.nb+1)
	sum := 0
	for b := range g.nb {
		start[b] = sum
		for p := range offs {
			c := offs[p][b]
			offs[p][b] = sum
			sum += c
		}
	}
	start[g.nb] = sum
	return start, offs, nil
}

// countRows adds the bucket of every row to cnt, and returns the first t
// whose row is out of [0, nrows), or -1.
func countRows[I Index](rows []I, cnt []int, nrows int64, shift uint) int {
	for t, r := range rows {
		if uint64(r) >= uint64(nrows) {
			return t
		}
		cnt[uint64(r)>>shift]++
	}
	return -1
}

// scatterBuckets stages every entry in its bucket's place in idx and val,
// each part from its own offsets, and checks the columns.
func scatterBuckets[I Index, V any](g *buckets, rows, cols []I, vals []V, offs [][]int, idx []I, val []V) error {
	top := make([]uint64, g.parts)
	tok := cancel.Current()
	parallel.For(g.parts, func(p int) {
		base := g.bounds[p]
		cancel.InSteps(tok, g.bounds[p+1]-base, func(lo, hi int) {
			lo, hi = base+lo, base+hi
			top[p] = max(top[p], scatterPart(idx, val, rows[lo:hi], cols[lo:hi], vals[lo:hi], offs[p], g.shift, g.colBits))
		})
	})
	for p, m := range top {
		if m >= uint64(g.ncols) {
			lo := g.bounds[p]
			for t, c := range cols[lo:g.bounds[p+1]] {
				if uint64(c) >= uint64(g.ncols) {
					return coordErr(g.names, g.names.inner, cols, lo+t, g.ncols)
				}
			}
		}
	}
	return nil
}

// scatterPart moves one part's entries to their buckets' next places and
// returns the largest column (as uint64: a negative one is huge).
func scatterPart[I Index, V any](idx []I, val []V, rows, cols []I, vals []V, off []int, shift, colBits uint) uint64 {
	cols, vals = cols[:len(rows)], vals[:len(rows)]
	low := uint64(1)<<shift - 1
	var top uint64
	for t, r := range rows {
		c := uint64(cols[t])
		top = max(top, c)
		b := uint64(r) >> shift
		o := off[b]
		idx[o], val[o] = I((uint64(r)&low)<<colBits|c), vals[t]
		off[b] = o + 1
	}
	return top
}
