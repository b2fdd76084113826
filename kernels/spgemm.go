package kernels

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

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

	rowPtr  []int64 // len Rows+1, prefix sums of the entries per row of C
	bounds  []int   // row bounds of the chunks of the later phases, balanced on flops
	workers int     // goroutines of the later phases
	dense   bool    // dense accumulator (else expand-sort-compress)
	maxRow  int64   // largest flops of one row (scratch of the sparse path)
	quick   bool    // made by spgemmQuickPlan: no flops, symbolic split on A's entries
}

// SpGEMMSymbolic runs the symbolic phase of C = A*B for CSR A (m x k) and
// B (k x n): it counts the entries of each row of C without computing a
// value, so the caller can check plan.NNZ against a memory limit before
// the numeric phase allocates anything of that size. Rows are split by
// their flop counts across goroutines above the size threshold.
func SpGEMMSymbolic[I Index, V Number](a, b CSR[I, V]) (*SpGEMMPlan, error) {
	plan, _, err := spgemmAnalyze("SpGEMMSymbolic", a, b, false)
	if err != nil {
		return nil, err
	}
	spgemmCount(plan, a, b)
	return plan, nil
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
	spgemmFill[I, I](plan, a, b, c)
	return nil
}

// SpGEMM computes C = A*B for CSR A (m x k) and B (k x n) and returns C
// in newly allocated slices, with sorted unique columns in each row.
// check, when not nil, is called with the output's entry count after the
// symbolic phase and before the output is allocated; an error it returns
// is returned as is (the memory-limit hook).
func SpGEMM[I Index, V Number](a, b CSR[I, V], check func(nnz int64) error) (CSR[I, V], error) {
	return SpGEMMBounded(a, b, func(nnz int64, kind SpGEMMBound) error {
		if kind != BoundExact || check == nil {
			return nil
		}
		return check(nnz)
	})
}

// SpGEMMBound says what a count given to SpGEMMBounded's check is.
type SpGEMMBound int

const (
	// BoundExact is the output's entry count, after the symbolic phase.
	BoundExact SpGEMMBound = iota
	// BoundLower is at most the count: found in one pass over A's entries,
	// so that a blow-up is refused before the symbolic phase.
	BoundLower
	// BoundUpper is at least the count, found without a pass over A's
	// entries. An error for it is not returned: it only means that the
	// lower bound is worth finding (BoundLower follows).
	BoundUpper
	// BoundAccumulator is not an entry count but bytes: what the dense
	// accumulators of all goroutines would take (a marker and a value for
	// every column of C, per goroutine), which grows with the columns, not
	// with the entries. An error for it is not returned: the product then
	// forms its rows by expand-sort-compress, whose memory follows the
	// flops of the longest row instead.
	BoundAccumulator
)

// SpGEMMBounded is SpGEMM with a check that sees bounds of the output's
// entry count before the symbolic phase spends time in proportion to the
// flops, then the exact count (BoundExact) before the output is allocated.
// For outputs narrow enough for a dense accumulator per goroutine, the
// first call is an upper bound, min(nnz(A) times the longest row of B,
// rows*cols) (BoundUpper). When check refuses it, or for wider outputs, a
// lower bound follows (BoundLower; each row of C holds at least as many
// entries as the longest row of B that it combines), made in one pass over
// A's entries, so that a blow-up is refused at once. check must not be
// nil; an error it returns for a lower bound or the exact count is
// returned as is.
func SpGEMMBounded[I Index, V Number](a, b CSR[I, V], check func(nnz int64, kind SpGEMMBound) error) (CSR[I, V], error) {
	return SpGEMMBoundedTo[I, I](a, b, check)
}

// SpGEMMBoundedTo is SpGEMMBounded with C's indices of type J, which may
// be wider than A's and B's: int32 operands are read as int32 (a third
// less memory traffic than int64 ones) for a caller that receives int64
// indices, without a second pass to widen C. J narrower than I is an
// error when C does not fit it, as for SpGEMMBounded.
func SpGEMMBoundedTo[I, J Index, V Number](a, b CSR[I, V], check func(nnz int64, kind SpGEMMBound) error) (CSR[J, V], error) {
	const fn = "SpGEMM"
	// Progress reports: the analysis is about a tenth of the work, the
	// symbolic phase a quarter; every pass reports inside its own span, so
	// the fraction a caller sees never goes back.
	tok := cancel.Current()
	defer tok.Span(0, 1)
	tok.Span(0, 0.1)
	plan, err := spgemmQuickPlan(fn, a, b, check)
	if err != nil {
		return CSR[J, V]{}, err
	}
	if plan == nil {
		var lower int64
		if plan, lower, err = spgemmAnalyze(fn, a, b, true); err != nil {
			return CSR[J, V]{}, err
		}
		if err := check(lower, BoundLower); err != nil {
			return CSR[J, V]{}, err
		}
		if plan.dense && check(spgemmAccBytes[V](plan.workers, plan.Cols), BoundAccumulator) != nil {
			plan.dense = false
		}
	}
	tok.Span(0.1, 0.35)
	spgemmCount(plan, a, b)
	tok.Span(0.35, 1)
	if err := check(plan.NNZ, BoundExact); err != nil {
		return CSR[J, V]{}, err
	}
	if plan.quick {
		// The numeric phase is balanced on the output's entries.
		plan.bounds = parallel.SplitByWeight(plan.rowPtr, len(plan.bounds)-1)
	}
	if plan.NNZ > int64(maxOf[J]()) {
		return CSR[J, V]{}, overflowErr(fn, "c", "output has %d entries, more than its index type holds (%d)", plan.NNZ, maxOf[J]())
	}
	c := spgemmAlloc[J, V](plan)
	spgemmFill(plan, a, b, c)
	// The plan's row pointer (8 bytes a row) dies here: the next product
	// of this size reuses it instead of faulting it in (2K pages, some
	// 6 ms, on the Laplacian square).
	memory.RecycleSlice(plan.rowPtr)
	return c, nil
}

// spgemmAccBytes is the memory of the dense accumulators of workers
// goroutines for cols columns: the symbolic phase's markers and the
// numeric phase's tags and values (both may be kept, see spgemmMarksPool).
func spgemmAccBytes[V Number](workers, cols int) int64 {
	var z V
	return satMul(satMul(int64(workers), int64(cols)), 8+int64(unsafe.Sizeof(z)))
}

// spgemmAlloc allocates C for the plan, uninitialised: the numeric phase
// writes every element (a cleared buffer would be written twice).
func spgemmAlloc[I Index, V Number](plan *SpGEMMPlan) CSR[I, V] {
	return CSR[I, V]{Rows: plan.Rows, Cols: plan.Cols, Ptr: memory.UninitSlice[I](plan.Rows + 1),
		Idx: memory.UninitSlice[I](int(plan.NNZ)), Val: memory.UninitSlice[V](int(plan.NNZ))}
}

// maxOf returns the largest value of the index type I.
func maxOf[I Index]() int64 {
	if v := I(math.MaxInt32); v+1 < 0 {
		return math.MaxInt32
	}
	return math.MaxInt64
}
