package kernels

import (
	"math"
	"math/bits"
	"slices"
)

// spgemmDenseAccMax is the slack, in elements, that the dense accumulator
// may use beyond 16 per flop: a dense accumulator (one element and one
// marker per output column, per goroutine) is used when
// parts*Cols <= 16*flops + spgemmDenseAccMax, otherwise rows are formed by
// expand-sort-compress, whose memory is bounded by the longest row's flops.
// Tests lower it to force the second path.
var spgemmDenseAccMax int64 = 1 << 22

// spgemmTagStart is the first row tag of the dense accumulators (minus
// one). Tests set it just below 2^32 to make the tags wrap around.
var spgemmTagStart uint32

// SpGEMMPlan is the result of the symbolic phase of C = A*B: the output
// size, known before any output memory is allocated, and the schedule of
// the numeric phase. A plan is tied to the A and B it was made from.
type SpGEMMPlan struct {
	// Rows and Cols are the shape of C.
	Rows, Cols int
	// Flops is the count of multiply-adds, sum over A's entries (i, k) of
	// the length of row k of B.
	Flops int64
	// NNZ is the count of entries of C (structural: products that cancel
	// to zero are kept).
	NNZ int64

	rowPtr []int64 // len Rows+1, prefix sums of the entries per row of C
	bounds []int   // row split of the numeric phase, balanced on flops
	dense  bool    // dense accumulator (else expand-sort-compress)
	maxRow int64   // largest flops of one row (scratch of the sparse path)
}

// SpGEMMSymbolic runs the symbolic phase of C = A*B for CSR A (m x k) and
// B (k x n): it counts the entries of each row of C without computing a
// value, so the caller can check plan.NNZ against a memory limit before
// the numeric phase allocates anything of that size. Rows are split by
// their flop counts across goroutines above the size threshold.
func SpGEMMSymbolic[I Index, V Number](a, b CSR[I, V]) (*SpGEMMPlan, error) {
	const fn = "SpGEMMSymbolic"
	if err := checkCSR(fn, "a", a, false); err != nil {
		return nil, err
	}
	if err := checkCSR(fn, "b", b, false); err != nil {
		return nil, err
	}
	if a.Cols != b.Rows {
		return nil, argErr(fn, "b", "has %d rows, must equal a.Cols = %d", b.Rows, a.Cols)
	}
	m := a.Rows
	flops := make([]int64, m+1)
	fparts := numParts(int64(a.NNZ()) + int64(m))
	fb := splitByWeight(a.Ptr, fparts)
	parallelFor(fparts, func(p int) {
		for i := fb[p]; i < fb[p+1]; i++ {
			var f int64
			for _, j := range a.Idx[a.Ptr[i]:a.Ptr[i+1]] {
				f += int64(b.Ptr[j+1] - b.Ptr[j])
			}
			flops[i+1] = f
		}
	})
	var maxRow int64
	for i := 1; i <= m; i++ {
		maxRow = max(maxRow, flops[i])
		flops[i] += flops[i-1]
	}
	plan := &SpGEMMPlan{Rows: m, Cols: b.Cols, Flops: flops[m], maxRow: maxRow}
	parts := numParts(plan.Flops + int64(m))
	plan.bounds = splitByWeight(flops, parts)
	plan.dense = int64(parts)*int64(b.Cols) <= 16*plan.Flops+spgemmDenseAccMax

	rowPtr := make([]int64, m+1)
	parallelFor(parts, func(p int) {
		r0, r1 := plan.bounds[p], plan.bounds[p+1]
		if plan.dense {
			spgemmCountDense(a, b, rowPtr, r0, r1)
		} else {
			spgemmCountSparse(a, b, rowPtr, r0, r1, maxRow)
		}
	})
	for i := 1; i <= m; i++ {
		rowPtr[i] += rowPtr[i-1]
	}
	plan.rowPtr = rowPtr
	plan.NNZ = rowPtr[m]
	return plan, nil
}

// spgemmCountDense counts the distinct columns of rows [r0, r1) of C into
// rowPtr[i+1] with a marker array: marker[j] == tag when column j was seen
// in the current row, the tag changing per row, so the array is cleared
// only when the 32-bit tag wraps around.
func spgemmCountDense[I Index, V Number](a, b CSR[I, V], rowPtr []int64, r0, r1 int) {
	if r0 == r1 {
		return
	}
	marker := make([]uint32, b.Cols)
	tag := spgemmTagStart
	for i := r0; i < r1; i++ {
		if tag++; tag == 0 {
			clear(marker)
			tag = 1
		}
		var cnt int64
		for _, k := range a.Idx[a.Ptr[i]:a.Ptr[i+1]] {
			for _, j := range b.Idx[b.Ptr[k]:b.Ptr[k+1]] {
				if marker[j] != tag {
					marker[j] = tag
					cnt++
				}
			}
		}
		rowPtr[i+1] = cnt
	}
}

// spgemmCountSparse counts the distinct columns of rows [r0, r1) of C by
// sorting each row's expanded column list.
func spgemmCountSparse[I Index, V Number](a, b CSR[I, V], rowPtr []int64, r0, r1 int, maxRow int64) {
	if r0 == r1 {
		return
	}
	cols := make([]I, 0, maxRow)
	for i := r0; i < r1; i++ {
		cols = cols[:0]
		for _, k := range a.Idx[a.Ptr[i]:a.Ptr[i+1]] {
			cols = append(cols, b.Idx[b.Ptr[k]:b.Ptr[k+1]]...)
		}
		slices.Sort(cols)
		var cnt int64
		for t := range cols {
			if t == 0 || cols[t] != cols[t-1] {
				cnt++
			}
		}
		rowPtr[i+1] = cnt
	}
}

// SpGEMMNumeric runs the numeric phase of C = A*B with the plan that
// SpGEMMSymbolic made from the same A and B, writing into c, which the
// caller allocates: c.Rows = plan.Rows, c.Cols = plan.Cols, len(c.Ptr) =
// Rows+1, len(c.Idx) and len(c.Val) at least plan.NNZ. Each row of C comes
// out with its columns sorted ascending and unique.
func SpGEMMNumeric[I Index, V Number](a, b CSR[I, V], plan *SpGEMMPlan, c CSR[I, V]) error {
	const fn = "SpGEMMNumeric"
	if plan == nil {
		return argErr(fn, "plan", "must not be nil")
	}
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if err := checkCSR(fn, "b", b, true); err != nil {
		return err
	}
	if a.Rows != plan.Rows || b.Cols != plan.Cols || a.Cols != b.Rows {
		return argErr(fn, "plan", "made for a (%d x ?) * b (? x %d), not for a (%d x %d) * b (%d x %d)",
			plan.Rows, plan.Cols, a.Rows, a.Cols, b.Rows, b.Cols)
	}
	if c.Rows != plan.Rows || c.Cols != plan.Cols {
		return argErr(fn, "c", "shape (%d, %d), must be (%d, %d)", c.Rows, c.Cols, plan.Rows, plan.Cols)
	}
	if plan.NNZ > int64(maxOf[I]()) {
		return overflowErr(fn, "c", "output has %d entries, more than its index type holds (%d)", plan.NNZ, maxOf[I]())
	}
	if len(c.Ptr) != c.Rows+1 {
		return argErr(fn, "c.Ptr", "length %d, must be rows+1 = %d", len(c.Ptr), c.Rows+1)
	}
	if int64(len(c.Idx)) < plan.NNZ || int64(len(c.Val)) < plan.NNZ {
		return argErr(fn, "c", "len(Idx) = %d, len(Val) = %d: must be at least plan.NNZ = %d", len(c.Idx), len(c.Val), plan.NNZ)
	}
	for i, v := range plan.rowPtr {
		c.Ptr[i] = I(v)
	}
	parts := len(plan.bounds) - 1
	parallelFor(parts, func(p int) {
		r0, r1 := plan.bounds[p], plan.bounds[p+1]
		if plan.dense {
			spgemmFillDense(a, b, c, r0, r1)
		} else {
			spgemmFillSparse(a, b, c, r0, r1, plan.maxRow)
		}
	})
	return nil
}

// spaEntry is one column of the dense accumulator: the value and the tag
// of the row that last wrote it, side by side so that a product touches
// one cache line, not two.
type spaEntry[V Number] struct {
	tag uint32
	val V
}

// spgemmFillDense computes rows [r0, r1) of C with a dense accumulator:
// the first product that reaches column j in a row sets the value (no
// clearing between rows), the columns are listed in the order found, then
// sorted, or found by a scan of the accumulator when the row's column
// range is narrow.
func spgemmFillDense[I Index, V Number](a, b, c CSR[I, V], r0, r1 int) {
	if r0 == r1 {
		return
	}
	spa := make([]spaEntry[V], b.Cols)
	tag := spgemmTagStart
	for i := r0; i < r1; i++ {
		if tag++; tag == 0 {
			clear(spa)
			tag = 1
		}
		out := c.Idx[c.Ptr[i]:c.Ptr[i+1]]
		n := 0
		lo, hi := math.MaxInt, -1
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			k, av := a.Idx[t], a.Val[t]
			bi := b.Idx[b.Ptr[k]:b.Ptr[k+1]]
			bv := b.Val[b.Ptr[k]:b.Ptr[k+1]]
			bv = bv[:len(bi)]
			for u, j := range bi {
				e := &spa[j]
				if e.tag != tag {
					e.tag = tag
					e.val = av * bv[u]
					out[n] = j
					n++
					lo, hi = min(lo, int(j)), max(hi, int(j))
				} else {
					e.val += av * bv[u]
				}
			}
		}
		if n == 0 {
			continue
		}
		switch span := hi - lo + 1; {
		case span <= 2*n*bits.Len(uint(n)):
			// Narrow row: a scan of the accumulator is cheaper than a sort.
			n = 0
			for j, e := range spa[lo : hi+1] {
				if e.tag == tag {
					out[n] = I(lo + j)
					n++
				}
			}
		case n <= 32:
			// Short row, columns found nearly in order: insertion sort.
			insertionSort(out)
		default:
			slices.Sort(out)
		}
		vals := c.Val[c.Ptr[i]:c.Ptr[i+1]]
		vals = vals[:len(out)]
		for u, j := range out {
			vals[u] = spa[j].val
		}
	}
}

// insertionSort sorts a short slice in place.
func insertionSort[I Index](s []I) {
	for i := 1; i < len(s); i++ {
		v := s[i]
		j := i
		for ; j > 0 && s[j-1] > v; j-- {
			s[j] = s[j-1]
		}
		s[j] = v
	}
}

// spgemmEntry is one expanded product of the sparse path.
type spgemmEntry[I Index, V Number] struct {
	col I
	val V
}

// spgemmFillSparse computes rows [r0, r1) of C by expand-sort-compress:
// list every product of the row, sort by column (stably, so sums run in
// the order of A's entries), and sum runs of equal columns.
func spgemmFillSparse[I Index, V Number](a, b, c CSR[I, V], r0, r1 int, maxRow int64) {
	if r0 == r1 {
		return
	}
	buf := make([]spgemmEntry[I, V], 0, maxRow)
	for i := r0; i < r1; i++ {
		buf = buf[:0]
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			k, av := a.Idx[t], a.Val[t]
			bv := b.Val[b.Ptr[k]:b.Ptr[k+1]]
			for u, j := range b.Idx[b.Ptr[k]:b.Ptr[k+1]] {
				buf = append(buf, spgemmEntry[I, V]{j, av * bv[u]})
			}
		}
		slices.SortStableFunc(buf, func(x, y spgemmEntry[I, V]) int {
			switch {
			case x.col < y.col:
				return -1
			case x.col > y.col:
				return 1
			}
			return 0
		})
		out := c.Idx[c.Ptr[i]:c.Ptr[i+1]]
		vals := c.Val[c.Ptr[i]:c.Ptr[i+1]]
		n := -1
		for t, e := range buf {
			if t == 0 || e.col != buf[t-1].col {
				n++
				out[n], vals[n] = e.col, e.val
			} else {
				vals[n] += e.val
			}
		}
	}
}

// SpGEMM computes C = A*B for CSR A (m x k) and B (k x n) and returns C
// in newly allocated slices, with sorted unique columns in each row.
// check, when not nil, is called with the output's entry count after the
// symbolic phase and before the output is allocated; an error it returns
// is returned as is (the memory-limit hook).
func SpGEMM[I Index, V Number](a, b CSR[I, V], check func(nnz int64) error) (CSR[I, V], error) {
	plan, err := SpGEMMSymbolic(a, b)
	if err != nil {
		return CSR[I, V]{}, err
	}
	if check != nil {
		if err := check(plan.NNZ); err != nil {
			return CSR[I, V]{}, err
		}
	}
	if plan.NNZ > int64(maxOf[I]()) {
		return CSR[I, V]{}, overflowErr("SpGEMM", "c", "output has %d entries, more than its index type holds (%d)", plan.NNZ, maxOf[I]())
	}
	c := CSR[I, V]{
		Rows: plan.Rows, Cols: plan.Cols,
		Ptr: make([]I, plan.Rows+1),
		Idx: make([]I, plan.NNZ),
		Val: make([]V, plan.NNZ),
	}
	if err := SpGEMMNumeric(a, b, plan, c); err != nil {
		return CSR[I, V]{}, err
	}
	return c, nil
}

// maxOf returns the largest value of the index type I.
func maxOf[I Index]() int64 {
	if v := I(math.MaxInt32); v+1 < 0 {
		return math.MaxInt32
	}
	return math.MaxInt64
}
