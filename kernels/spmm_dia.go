package kernels

import (
	"math"
	"sync"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// SpMMDIA computes C = alpha*A*B + beta*C for a DIA matrix A (Rows x Cols)
// and dense row-major B (Cols x k) and C (Rows x k). When beta is zero C is
// output only. Row i of C gathers, from each diagonal holding row i, its
// value times the contiguous row i + offset (offset - i on anti-diagonals)
// of B. Chunks of rows are listed as small CSRs for SpMM's row kernels
// (spmmDIAListed); past diaListEntries diagonals (or int32 columns) each
// row adds its diagonals' scaled rows of B in turn (spmmDIARows). Rows are
// split evenly over goroutines above the size threshold, at fixed
// multiples of diaBlock: the result does not depend on the split. One
// column is SpMVDIA.
func SpMMDIA[V Number](alpha V, a DIA[V], b []V, k int, beta V, c []V) error {
	const fn = "SpMMDIA"
	if err := checkDIA(fn, "a", a); err != nil {
		return err
	}
	if err := checkOperandsK(fn, k, "b", b, a.Cols, "a.Cols*k", "c", c, a.Rows, "a.Rows*k"); err != nil {
		return err
	}
	if k == 0 {
		return nil
	}
	if k == 1 {
		return SpMVDIA(alpha, a, b, beta, c)
	}
	work := int64(len(a.Offsets)+1) * int64(a.Rows) * int64(k)
	if len(a.Offsets) > diaListEntries || a.Cols > math.MaxInt32 {
		parallel.ForEven(a.Rows, 1, work, func(lo, hi int) {
			spmmDIARows(alpha, beta, a, b, k, c, lo, hi)
		})
		return nil
	}
	kern := spmmRowKernel[int32, V](k)
	parallel.ForEven(a.Rows, diaBlock, work, func(lo, hi int) {
		spmmDIAListed(alpha, beta, a, b, k, c, lo, hi, kern)
	})
	return nil
}

// diaListEntries is the most entries one listed chunk of rows holds: its
// column indices and values (24 KiB of float64) stay in L1 between being
// listed and being multiplied.
const diaListEntries = 2048

// diaListScratch holds one listed chunk: values of up to 16 bytes (any
// Number) viewed as the chunk's value type.
type diaListScratch struct {
	idx [diaListEntries]int32
	ptr [diaListEntries + 1]int32
	val [diaListEntries]complex128
}

var diaListPool = sync.Pool{New: func() any { return new(diaListScratch) }}

// asValues views the scratch's values as diaListEntries values of type V.
func asValues[V Number](sc *diaListScratch) []V {
	return unsafe.Slice((*V)(unsafe.Pointer(&sc.val[0])), diaListEntries)
}

// spmmDIAListed computes rows [r0, r1) of C a chunk of rows at a time: the
// chunk's entries are listed as a small CSR (row i's entry on diagonal t is
// at column i + offset, or offset - i on anti-diagonals, and its value at
// the row's or the column's slot of the diagonal), row by row in the order
// of the diagonals, and SpMM's row kernel (the AVX2 strips where there are
// some) multiplies it with B. A DIA stores no column index; listing them
// costs a store an entry in L1, and buys the CSR kernel's register tiles of
// up to 32 columns (SpMMDIA's axpy per row and diagonal went through C in
// memory). Each row is listed and multiplied alike whatever the split.
func spmmDIAListed[V Number](alpha, beta V, a DIA[V], b []V, k int, c []V, r0, r1 int,
	kern func(alpha, beta V, a CSR[int32, V], b []V, k int, c []V, r0, r1 int)) {
	// Pooled: the row kernel's strips are called through function values,
	// so arrays on this stack would move to the heap on every call.
	sc := diaListPool.Get().(*diaListScratch)
	defer diaListPool.Put(sc)
	idx, ptr := &sc.idx, &sc.ptr
	val := asValues[V](sc)
	nd := len(a.Offsets)
	rows := max(1, min(diaListEntries/max(nd, 1), diaBlock))
	cs := 1 // the column's step a row
	if a.Anti {
		cs = -1
	}
	ucols := uint(a.Cols)
	for c0 := r0; c0 < r1; c0 += rows {
		c1 := min(c0+rows, r1)
		if diaListFull(a, idx[:], ptr[:], val, c0, c1) {
			n := (c1 - c0) * nd
			m := CSR[int32, V]{Rows: c1 - c0, Cols: a.Cols, Ptr: ptr[:c1-c0+1], Idx: idx[:n], Val: val[:n]}
			kern(alpha, beta, m, b, k, c[c0*k:], 0, c1-c0)
			continue
		}
		p := int32(0)
		for i := c0; i < c1; i++ {
			for t, off := range a.Offsets {
				col := int(off) + cs*i
				if uint(col) >= ucols {
					continue // outside the matrix: padding
				}
				slot := t*a.Stride + i
				if a.ByCol {
					slot = t*a.Stride + col
				}
				idx[p], val[p] = int32(col), a.Val[slot]
				p++
			}
			ptr[i-c0+1] = p
		}
		m := CSR[int32, V]{Rows: c1 - c0, Cols: a.Cols, Ptr: ptr[:c1-c0+1], Idx: idx[:p], Val: val[:p]}
		kern(alpha, beta, m, b, k, c[c0*k:], 0, c1-c0)
	}
}

// spmmDIARows computes rows [r0, r1) of C: each row is scaled (or cleared)
// once, then every diagonal holding it adds its scaled row of B.
func spmmDIARows[V Number](alpha, beta V, a DIA[V], b []V, k int, c []V, r0, r1 int) {
	nd := len(a.Offsets)
	lo := make([]int, nd)
	hi := make([]int, nd)
	for t := range nd {
		lo[t], hi[t] = diaSpan(a, t, r0, r1)
	}
	for i := r0; i < r1; i++ {
		crow := c[i*k : i*k+k]
		scaleVec(crow, beta)
		for t := range nd {
			if i < lo[t] || i >= hi[t] {
				continue
			}
			v := alpha * a.Val[diaSlot(a, t, i)]
			r := diaCol(a, t, i) * k
			axpyRow(crow, v, b[r:r+k])
		}
	}
}

// axpyRow adds v*src to dst, unrolled by four.
func axpyRow[V Number](dst []V, v V, src []V) {
	src = src[:len(dst)]
	j := 0
	for ; j+4 <= len(dst); j += 4 {
		ds := (*[4]V)(dst[j : j+4])
		ss := (*[4]V)(src[j : j+4])
		ds[0] += v * ss[0]
		ds[1] += v * ss[1]
		ds[2] += v * ss[2]
		ds[3] += v * ss[3]
	}
	for ; j < len(dst); j++ {
		dst[j] += v * src[j]
	}
}

// diaListFull lists the rows [c0, c1) as spmmDIAListed does when every
// diagonal holds every one of them (all chunks but those at the matrix's
// edges), a diagonal at a time: row i's entry on diagonal t goes to
// (i-c0)*nd + t, its column and its slot moving by a fixed step a row. It
// reports false, having listed nothing, for a chunk a diagonal leaves.
func diaListFull[V Number](a DIA[V], idx, ptr []int32, val []V, c0, c1 int) bool {
	nd := len(a.Offsets)
	for t := range nd {
		if lo, hi := diaSpan(a, t, c0, c1); lo != c0 || hi != c1 {
			return false
		}
	}
	n := c1 - c0
	for t, off := range a.Offsets {
		col, cs := int(off)+c0, 1 // row c0's column, and its step a row
		if a.Anti {
			col, cs = int(off)-c0, -1
		}
		slot, ss := t*a.Stride+c0, 1
		if a.ByCol {
			slot, ss = t*a.Stride+col, cs
		}
		ix := idx[t : t+(n-1)*nd+1]
		vx := val[t : t+(n-1)*nd+1]
		src := a.Val[min(slot, slot+(n-1)*ss) : max(slot, slot+(n-1)*ss)+1]
		s0 := slot - min(slot, slot+(n-1)*ss) // slot's index in src
		for r := range n {
			ix[r*nd] = int32(col + r*cs)
			vx[r*nd] = src[s0+r*ss]
		}
	}
	for r := range n + 1 {
		ptr[r] = int32(r * nd)
	}
	return true
}
