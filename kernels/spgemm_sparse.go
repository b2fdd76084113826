package kernels

import "slices"

// The expand-sort-compress path of SpGEMM, for outputs too wide for a
// dense accumulator per goroutine: its scratch is bounded by the longest
// row's flops.

// spgemmCountSparse writes into prefix[r0+1 : r1+1] the running count of
// the distinct columns of rows [r0, r1) of C, found by sorting each row's
// expanded column list in cols (capacity: the longest row's flops), and
// returns the total.
func spgemmCountSparse[I Index, V Number](cols []I, a, b CSR[I, V], prefix []int64, r0, r1 int) int64 {
	var cnt int64
	for i := r0; i < r1; i++ {
		cols = cols[:0]
		for _, k := range a.Idx[a.Ptr[i]:a.Ptr[i+1]] {
			cols = append(cols, b.Idx[b.Ptr[k]:b.Ptr[k+1]]...)
		}
		slices.Sort(cols)
		for t := range cols {
			if t == 0 || cols[t] != cols[t-1] {
				cnt++
			}
		}
		prefix[i+1] = cnt
	}
	return cnt
}

// spgemmEntry is one expanded product of the sparse path.
type spgemmEntry[I Index, V Number] struct {
	col I
	val V
}

// spgemmFillSparse computes rows [r0, r1) of C into cIdx and cVal at the
// offsets rowPtr gives, by expand-sort-compress in buf (capacity: the
// longest row's flops): list every product of the row, sort by column
// (stably, so sums run in the order of A's entries), and sum runs of equal
// columns.
func spgemmFillSparse[I, J Index, V Number](buf []spgemmEntry[J, V], a, b CSR[I, V], rowPtr []int64, cIdx []J, cVal []V, r0, r1 int) {
	for i := r0; i < r1; i++ {
		buf = buf[:0]
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			k, av := a.Idx[t], a.Val[t]
			bv := b.Val[b.Ptr[k]:b.Ptr[k+1]]
			for u, j := range b.Idx[b.Ptr[k]:b.Ptr[k+1]] {
				buf = append(buf, spgemmEntry[J, V]{J(j), av * bv[u]})
			}
		}
		slices.SortStableFunc(buf, func(x, y spgemmEntry[J, V]) int {
			switch {
			case x.col < y.col:
				return -1
			case x.col > y.col:
				return 1
			}
			return 0
		})
		out := cIdx[rowPtr[i]:rowPtr[i+1]]
		vals := cVal[rowPtr[i]:rowPtr[i+1]]
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
