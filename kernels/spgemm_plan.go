package kernels

import (
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// spgemmDenseAccMax is the slack, in elements, that the dense accumulator
// may use beyond 16 per flop: a dense accumulator (one element and one
// marker per output column, per goroutine) is used when
// workers*Cols <= 16*flops + spgemmDenseAccMax, otherwise rows are formed by
// expand-sort-compress, whose memory is bounded by the longest row's flops.
// Tests lower it to force the second path.
var spgemmDenseAccMax int64 = 1 << 22

// spgemmAnalyze checks A and B and makes the plan's schedule in one pass
// over A's entries: the flops of each row (as prefix sums in plan.rowPtr,
// for the split), the longest row's flops, and a lower bound of nnz(C),
// the sum over the rows of A of the longest row of B each combines.
func spgemmAnalyze[I Index, V Number](fn string, a, b CSR[I, V], needVal bool) (*SpGEMMPlan, int64, error) {
	if err := spgemmCheck(fn, a, b, needVal); err != nil {
		return nil, 0, err
	}
	m := a.Rows
	// Every element is written below (the chunks cover all rows).
	prefix := memory.UninitSlice[int64](m + 1)
	prefix[0] = 0
	workers, chunks := parallel.Chunking(int64(a.NNZ()) + int64(m))
	bounds := parallel.SplitByWeight(a.Ptr, chunks)
	flops, maxRow, lower := make([]int64, chunks), make([]int64, chunks), make([]int64, chunks)
	aPtr, aIdx, bPtr := a.Ptr, a.Idx, b.Ptr
	parallel.RunChunks(workers, chunks, func(_, c int) {
		var sum, big, low int64
		for i := bounds[c]; i < bounds[c+1]; i++ {
			var f, longest int64
			for _, k := range aIdx[aPtr[i]:aPtr[i+1]] {
				n := int64(bPtr[k+1] - bPtr[k])
				f += n
				longest = max(longest, n)
			}
			sum += f
			prefix[i+1] = sum
			big = max(big, f)
			low += longest
		}
		flops[c], maxRow[c], lower[c] = sum, big, low
	})
	plan := &SpGEMMPlan{Rows: m, Cols: b.Cols, rowPtr: prefix, maxRow: maxInSlice(maxRow)}
	plan.Flops = chunkBases(flops)
	addChunkBases(workers, bounds, flops, prefix)
	var low int64
	for _, l := range lower {
		low += l
	}
	var numChunks int
	plan.workers, numChunks = parallel.Chunking(plan.Flops + int64(m))
	plan.bounds = parallel.SplitByWeight(prefix, numChunks)
	plan.dense = int64(plan.workers)*int64(b.Cols) <= 16*plan.Flops+spgemmDenseAccMax
	return plan, low, nil
}

// spgemmQuickPlan checks A and B and returns the plan of the common case
// without spgemmAnalyze's pass over A's entries (a tenth of a Laplacian
// square): when check accepts nnz(A) * (longest row of B) entries, so no
// lower bound is needed to refuse a blow-up early, and every goroutine can have
// a dense accumulator whatever the flops. The symbolic phase is then split
// on A's entries; the caller rebalances the numeric phase on C's. It
// returns nil (and no error) when the full analysis is needed.
func spgemmQuickPlan[I Index, V Number](fn string, a, b CSR[I, V], check func(nnz int64, kind SpGEMMBound) error) (*SpGEMMPlan, error) {
	if err := spgemmCheck(fn, a, b, true); err != nil {
		return nil, err
	}
	longest := 0
	for k := range b.Rows {
		longest = max(longest, int(b.Ptr[k+1]-b.Ptr[k]))
	}
	upper := mulInt(a.NNZ(), longest)
	if cells := mulInt(a.Rows, b.Cols); cells >= 0 && (upper < 0 || cells < upper) {
		upper = cells
	}
	if upper < 0 {
		return nil, nil
	}
	workers, chunks := parallel.Chunking(int64(upper) + int64(a.Rows))
	if int64(workers)*int64(b.Cols) > spgemmDenseAccMax || check(int64(upper), BoundUpper) != nil ||
		check(spgemmAccBytes[V](workers, b.Cols), BoundAccumulator) != nil {
		return nil, nil
	}
	prefix := memory.UninitSlice[int64](a.Rows + 1) // spgemmCount writes all of it
	prefix[0] = 0
	return &SpGEMMPlan{Rows: a.Rows, Cols: b.Cols, rowPtr: prefix, bounds: parallel.SplitByWeight(a.Ptr, chunks),
		workers: workers, dense: true, quick: true}, nil
}

// spgemmCheck checks the O(1) facts of A and B for the product A*B.
func spgemmCheck[I Index, V Number](fn string, a, b CSR[I, V], needVal bool) error {
	if err := checkCSR(fn, "a", a, needVal); err != nil {
		return err
	}
	if err := checkCSR(fn, "b", b, needVal); err != nil {
		return err
	}
	if a.Cols != b.Rows {
		return argErr(fn, "b", "has %d rows, must equal a.Cols = %d", b.Rows, a.Cols)
	}
	return nil
}

// maxInSlice returns the largest element of a non-empty slice.
func maxInSlice(s []int64) int64 {
	v := s[0]
	for _, x := range s[1:] {
		v = max(v, x)
	}
	return v
}

// spgemmCount finishes the symbolic phase: it counts the entries of each
// row of C and turns plan.rowPtr from flop prefix sums (no longer needed
// once the split is made) into the row pointer of C, and sets plan.NNZ.
func spgemmCount[I Index, V Number](plan *SpGEMMPlan, a, b CSR[I, V]) {
	chunks := len(plan.bounds) - 1
	totals := make([]int64, chunks)
	marks := make([]spgemmMarks, plan.workers)
	bufs := make([][]I, plan.workers)
	parallel.RunChunks(plan.workers, chunks, func(w, c int) {
		r0, r1 := plan.bounds[c], plan.bounds[c+1]
		if r0 == r1 {
			return
		}
		if plan.dense {
			if marks[w].m == nil {
				marks[w] = takeSpgemmMarks(b.Cols)
			}
			if n, ok := spgemmCountNative(&marks[w], a, b, plan.rowPtr, r0, r1); ok {
				totals[c] = n
				return
			}
			totals[c] = spgemmCountDense(&marks[w], a, b, plan.rowPtr, r0, r1)
			return
		}
		if bufs[w] == nil {
			bufs[w] = make([]I, 0, plan.maxRow)
		}
		totals[c] = spgemmCountSparse(bufs[w], a, b, plan.rowPtr, r0, r1)
	})
	for w := range marks {
		if marks[w].m != nil {
			spgemmMarksPool.Put(&marks[w])
		}
	}
	plan.NNZ = chunkBases(totals)
	addChunkBases(plan.workers, plan.bounds, totals, plan.rowPtr)
}

// spgemmFill runs the numeric phase into c, which has the plan's shape and
// room for plan.NNZ entries.
func spgemmFill[I, J Index, V Number](plan *SpGEMMPlan, a, b CSR[I, V], c CSR[J, V]) {
	chunks := len(plan.bounds) - 1
	spas := make([]spgemmSPA[V], plan.workers)
	bufs := make([][]spgemmEntry[J, V], plan.workers)
	c.Ptr[0] = 0
	parallel.RunChunks(plan.workers, chunks, func(w, ch int) {
		r0, r1 := plan.bounds[ch], plan.bounds[ch+1]
		if r0 == r1 {
			return
		}
		for i, p := range plan.rowPtr[r0+1 : r1+1] {
			c.Ptr[r0+1+i] = J(p)
		}
		if plan.dense {
			if spas[w].tags == nil {
				spas[w] = takeSpgemmSPA[V](b.Cols)
			}
			if !spgemmFillNative(&spas[w], a, b, plan.rowPtr, c.Idx, c.Val, r0, r1) {
				spgemmFillDense(&spas[w], a, b, plan.rowPtr, c.Idx, c.Val, r0, r1)
			}
			return
		}
		if bufs[w] == nil {
			bufs[w] = make([]spgemmEntry[J, V], 0, plan.maxRow)
		}
		spgemmFillSparse(bufs[w], a, b, plan.rowPtr, c.Idx, c.Val, r0, r1)
	})
	for w := range spas {
		if spas[w].tags != nil {
			spgemmSPAPool.Put(&spas[w])
		}
	}
}
