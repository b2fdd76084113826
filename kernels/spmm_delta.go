package kernels

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// The delta-compressed row kernels: a matrix whose rows are dense and whose
// columns are stored as gaps, (i, j) -> (i : dense, j : delta(b)). Row i's
// entries are a.Ptr[i] .. a.Ptr[i+1] of a.Idx (the gaps) and a.Val; the
// first column of a row is its first gap, each next one the previous column
// plus one plus its gap (gaps are 0 .. 2^b-1; a longer jump is stored as
// padding entries of gap 2^b-1 holding the fill, which the kernels multiply
// like any entry, as the level walk does). Where there is assembly, a
// vector (deltaRowsMVSIMD) and float32/float64 B of a multiple of a
// register's lanes (deltaRowsMMSIMD) take kernels that decode the columns
// in a register as they go; elsewhere a block of rows at a time is decoded
// into absolute columns (pooled scratch) and run through the CSR row
// kernels, assembly included. Each row is computed by one
// goroutine whatever the split, so the result is bit-identical at any
// thread count.

// SpMMDelta computes C = alpha*A*B for the delta(b) row matrix a (a.Idx
// holding column gaps of at most bits bits) and dense row-major B
// (a.Cols x k) and C (a.Rows x k); C's old contents are ignored. A gap
// outside 0 .. 2^bits-1 or a decoded column at or past a.Cols is an error
// (C is then partly written).
func SpMMDelta[I Index, V Number](alpha V, a CSR[I, V], bits int, b []V, k int, c []V) error {
	const fn = "SpMMDelta"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if bits < 1 || bits > 63 {
		return argErr(fn, "bits", "%d: must be 1..63", bits)
	}
	if err := checkOperandsK(fn, k, "b", b, a.Cols, "a.Cols*k", "c", c, a.Rows, "a.Rows*k"); err != nil {
		return err
	}
	if k == 0 {
		return nil
	}
	// Each part checks the order of its rows' pointers as it goes (no
	// serial pass over them first): a row whose end pointer is below its
	// start or past the last one is a bad row.
	limit := int64(1)<<bits - 1
	var bad atomic.Int64 // the lowest bad row any part saw, MaxInt64 when none
	bad.Store(math.MaxInt64)
	part := func(lo, hi int) {
		var r int
		if k == 1 {
			var ok bool
			if r, ok = deltaRowsMVSIMD(alpha, a, limit, b, c, lo, hi); !ok {
				r = deltaRowsMV(alpha, a, limit, b, c, lo, hi)
			}
		} else {
			var ok bool
			if r, ok = deltaRowsMMSIMD(alpha, a, limit, b, k, c, lo, hi); !ok {
				r = deltaRowsMM(alpha, a, limit, b, k, c, lo, hi)
			}
		}
		for old := bad.Load(); r >= 0 && int64(r) < old && !bad.CompareAndSwap(old, int64(r)); old = bad.Load() {
		}
	}
	work := (int64(a.NNZ()) + int64(a.Rows)) * int64(k)
	if parallel.ChunkedParts(work) == 1 {
		part(0, a.Rows)
	} else {
		parallel.ForRows(a.Ptr, work, part)
	}
	if r := bad.Load(); r != math.MaxInt64 {
		return argErr(fn, "a", "row %d: a gap outside 0..%d, a column at or past a.Cols = %d or a decreasing Ptr", r, limit, a.Cols)
	}
	return nil
}

// deltaRowsMV computes rows [lo, hi) of y = alpha*A*x, decoding each
// column as it goes (one pass: a vector's rows gain nothing from the SIMD
// row kernels that would pay for a decoded copy), and returns the first row
// whose gaps do not decode to columns below a.Cols, else -1. Two entries
// go at a time into two sums, so that the adds of a row do not wait on one
// another; each column is checked against x once (which also catches a
// negative gap's), and a gap past limit by OR-ing the row's gaps, a test a
// row; so is a row whose pointers are out of order or out of range.
func deltaRowsMV[I Index, V Number](alpha V, a CSR[I, V], limit int64, x, y []V, lo, hi int) int {
	x = x[:a.Cols]
	first, end := int(a.Ptr[0]), int(a.Ptr[a.Rows])
	for i := lo; i < hi; i++ {
		p0, p1 := int(a.Ptr[i]), int(a.Ptr[i+1])
		if p0 < first || p1 < p0 || p1 > end {
			return i
		}
		gaps, val := a.Idx[p0:p1], a.Val[p0:p1]
		val = val[:len(gaps)]
		var s0, s1 V
		var or uint64
		col := -1
		q := 0
		for ; q+2 <= len(gaps); q += 2 {
			g0, g1 := gaps[q], gaps[q+1]
			c0 := col + int(g0) + 1
			col = c0 + int(g1) + 1
			or |= uint64(g0) | uint64(g1)
			if uint(c0) >= uint(len(x)) || uint(col) >= uint(len(x)) {
				return i
			}
			s0 += val[q] * x[c0]
			s1 += val[q+1] * x[col]
		}
		if q < len(gaps) {
			g := gaps[q]
			col += int(g) + 1
			or |= uint64(g)
			if uint(col) >= uint(len(x)) {
				return i
			}
			s0 += val[q] * x[col]
		}
		if or > uint64(limit) {
			return i
		}
		y[i] = scale(alpha, s0+s1)
	}
	return -1
}

// deltaRowsMM computes rows [lo, hi) of C = alpha*A*B (B with k columns)
// through SpMM's row kernels on blocks of decoded columns, and returns the
// first bad row as deltaRowsMV does. The kernels store C as SpMM of the
// whole matrix would (non-temporal moves past the caches' size): a block's
// rows alone would never reach that size.
func deltaRowsMM[I Index, V Number](alpha V, a CSR[I, V], limit int64, b []V, k int, c []V, lo, hi int) int {
	kern := spmmBlockRowsSIMD[I, V](k, len(c))
	if kern == nil {
		kern = spmmRowKernel[I, V](k)
	}
	return deltaBlocks(a, limit, lo, hi, func(blk CSR[I, V], r0 int) {
		kern(alpha, 0, blk, b, k, c[r0*k:(r0+blk.Rows)*k], 0, blk.Rows)
	})
}

// The block of rows decoded at a time: small enough to stay in L1 between
// the decode and the product, large enough that a block's set-up is noise.
const (
	deltaBlockRows    = 256
	deltaBlockEntries = 2048
)

// deltaScratch holds a block's decoded row pointer and columns, pooled.
type deltaScratch struct {
	p32, i32 []int32
	p64, i64 []int64
}

var deltaPool = sync.Pool{New: func() any { return new(deltaScratch) }}

// deltaSlots returns the scratch slices of index type I (nil slots for a
// named index type, which then allocates).
func deltaSlots[I Index](s *deltaScratch) (ptr, idx *[]I) {
	if p, ok := any(&s.p32).(*[]I); ok {
		return p, any(&s.i32).(*[]I)
	}
	if p, ok := any(&s.p64).(*[]I); ok {
		return p, any(&s.i64).(*[]I)
	}
	return new([]I), new([]I)
}

// deltaBlocks decodes rows [lo, hi) of a a block at a time into a CSR of
// the block's rows (columns absolute, row 0 being a's row r0) and calls
// run(block, r0) on each. It returns the first row with a gap outside
// 0..limit or a column at or past a.Cols (before running its block), else
// -1. The decode is the storage's: a row's first column is its first gap,
// each next one the previous plus one plus its gap. A row whose pointers
// are out of order or past a.Ptr[a.Rows] is a bad row too, found as the
// blocks are sized (the rows before it run first, so that the lowest bad
// row is the one returned).
func deltaBlocks[I Index, V Number](a CSR[I, V], limit int64, lo, hi int, run func(blk CSR[I, V], r0 int)) int {
	first, last := a.Ptr[0], a.Ptr[a.Rows]
	if p := a.Ptr[lo]; lo < hi && (p < first || p > last) {
		return lo
	}
	s := deltaPool.Get().(*deltaScratch)
	defer deltaPool.Put(s)
	pp, ip := deltaSlots[I](s)
	for r0 := lo; r0 < hi; {
		base := int(a.Ptr[r0])
		r1 := r0
		for r1 < hi && r1-r0 < deltaBlockRows {
			p := a.Ptr[r1+1]
			if p < a.Ptr[r1] || p > last || r1 > r0 && int(p)-base > deltaBlockEntries {
				break
			}
			r1++
		}
		if r1 == r0 { // row r0 ends before it starts or past the last pointer
			return r0
		}
		end := int(a.Ptr[r1])
		if cap(*ip) < end-base {
			*ip = make([]I, max(end-base, deltaBlockEntries))
		}
		if cap(*pp) < r1-r0+1 {
			*pp = make([]I, max(r1-r0+1, deltaBlockRows+1))
		}
		idx, ptr := (*ip)[:end-base], (*pp)[:r1-r0+1]
		for i := r0; i <= r1; i++ {
			ptr[i-r0] = a.Ptr[i] - I(base)
		}
		if bad, ok := deltaDecodeSIMD(a, limit, idx, r0, r1); ok {
			if bad >= 0 {
				return bad
			}
		} else if bad := deltaDecode(a, limit, idx, r0, r1); bad >= 0 {
			return bad
		}
		run(CSR[I, V]{Rows: r1 - r0, Cols: a.Cols, Ptr: ptr, Idx: idx, Val: a.Val[base:end]}, r0)
		r0 = r1
	}
	return -1
}

// deltaDecode writes the columns of rows [r0, r1) of a to out (entry t's
// at out[t-a.Ptr[r0]]) and returns the first row with a gap outside
// 0..limit or a column at or past a.Cols, else -1: a row's first column is
// its first gap, each next one the previous plus one plus its gap.
func deltaDecode[I Index, V Number](a CSR[I, V], limit int64, out []I, r0, r1 int) int {
	base := int(a.Ptr[r0])
	ucols := uint(a.Cols)
	for i := r0; i < r1; i++ {
		p0, p1 := int(a.Ptr[i]), int(a.Ptr[i+1])
		gaps := a.Idx[p0:p1]
		o := out[p0-base : p1-base]
		o = o[:len(gaps)]
		col := -1
		var or uint64
		for q, g := range gaps {
			col += int(g) + 1
			or |= uint64(g)
			if uint(col) >= ucols {
				return i
			}
			o[q] = I(col)
		}
		if or > uint64(limit) {
			return i
		}
	}
	return -1
}
