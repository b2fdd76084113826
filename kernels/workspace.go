package kernels

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// The kernels below allocate memory that grows with a dimension (row
// pointers, per-goroutine counters), not only with their input. The
// kernels import nothing of the project, so they cannot check a memory
// limit themselves: these functions say how many bytes such a call will
// allocate beyond its entries, for the caller to size against its limit
// before the call. Sizes saturate at math.MaxInt64 instead of overflowing.

// CompressRowsScratch is the memory, in bytes, that CompressRows of n
// entries of an nrows x ncols matrix allocates by the shape: the row
// pointers, every goroutine's bucket offsets, and every bucket sorter's
// row counters.
func CompressRowsScratch[I Index](nrows, ncols int64, n int) int64 {
	var z I
	ib := int64(unsafe.Sizeof(z))
	if nrows < 0 || ncols < 0 || nrows == math.MaxInt64 {
		return math.MaxInt64
	}
	ptr := satMul(nrows+1, ib)
	if n == 0 || nrows == 0 || ncols == 0 {
		return ptr
	}
	g := newBuckets(nrows, ncols, n, 8*int(ib))
	word := int64(unsafe.Sizeof(int(0)))
	// Each part's bucket offsets (and the bucket starts); each sorter's
	// counters of one bucket's rows.
	offs := satMul(satMul(int64(g.parts)+1, int64(g.nb)+1), word)
	cnt := satMul(satMul(int64(g.parts), min(int64(1)<<g.shift, nrows)), word)
	return satAdd(ptr, satAdd(offs, cnt))
}

// CountingSortScratch is the memory, in bytes, that CountingSortByKey of n
// keys in [0, nkeys) allocates by nkeys: ptr and every goroutine's counters.
func CountingSortScratch[I Index](n int, nkeys int64) int64 {
	var z I
	ib := int64(unsafe.Sizeof(z))
	if nkeys < 0 || nkeys == math.MaxInt64 {
		return math.MaxInt64
	}
	parts := int64(parallel.Parts(int64(n)))
	for parts > 1 && satMul(parts, nkeys) > int64(n) {
		parts--
	}
	return satMul(satAdd(satMul(parts, nkeys), nkeys+1), ib)
}

// satMul is a*b for non-negative operands, math.MaxInt64 on overflow.
func satMul(a, b int64) int64 {
	if a < 0 || b < 0 {
		return math.MaxInt64
	}
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// satAdd is a+b for non-negative operands, math.MaxInt64 on overflow.
func satAdd(a, b int64) int64 {
	if a < 0 || b < 0 || a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
