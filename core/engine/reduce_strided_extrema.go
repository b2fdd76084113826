package engine

import "github.com/gosparse/gosparse/kernels"

// extremaShortRow is the longest row that extremaRows folds with the
// builtin max and min. On short rows of random values (amax(1) of a
// 2708 x 7 matrix) foldReal's compare-and-branch mispredicts about once a
// row, which cost three times the branch-free fold; on long rows that
// branch is almost always predicted (the running extremum rarely changes)
// and beats the builtin's longer chain from one element to the next.
const extremaShortRow = 32

// extremaRows writes a[k] = amax (amin when isMin) of the contiguous row
// x[k*rn : (k+1)*rn] from init, foldReal's result bit for bit. The builtin
// max and min run without a data-dependent branch and agree with foldReal
// except on two cold cases, which foldReal then folds again (settleExtremum).
// Four rows go a pass: one row's builtin max is a chain of dependent
// instructions (two MINSD and sign flips an element), and four
// independent chains overlap where one left the core waiting. Float rows
// go first to the kernels' AVX-512 loops (eight rows a pass, one a lane,
// the same fold exactly, NaN and zeros included), which leave the rows
// after the last whole group of eight.
func extremaRows[V realVal, A realAcc](isMin bool, x []V, a []A, rn int64, init A) {
	op := Amax
	if isMin {
		op = Amin
	}
	k := extremaRowsSIMD(isMin, x, a, rn, init)
	for ; k+4 <= len(a); k += 4 {
		r0 := x[int64(k)*rn : int64(k+1)*rn]
		r1 := x[int64(k+1)*rn : int64(k+2)*rn][:len(r0)]
		r2 := x[int64(k+2)*rn : int64(k+3)*rn][:len(r0)]
		r3 := x[int64(k+3)*rn : int64(k+4)*rn][:len(r0)]
		m0, m1, m2, m3 := init, init, init, init
		if isMin {
			for j, v := range r0 {
				m0, m1, m2, m3 = min(m0, A(v)), min(m1, A(r1[j])), min(m2, A(r2[j])), min(m3, A(r3[j]))
			}
		} else {
			for j, v := range r0 {
				m0, m1, m2, m3 = max(m0, A(v)), max(m1, A(r1[j])), max(m2, A(r2[j])), max(m3, A(r3[j]))
			}
		}
		a[k] = settleExtremum(op, m0, r0, init)
		a[k+1] = settleExtremum(op, m1, r1, init)
		a[k+2] = settleExtremum(op, m2, r2, init)
		a[k+3] = settleExtremum(op, m3, r3, init)
	}
	for ; k < len(a); k++ {
		row := x[int64(k)*rn : int64(k+1)*rn]
		m := init
		if isMin {
			for _, v := range row {
				m = min(m, A(v))
			}
		} else {
			for _, v := range row {
				m = max(m, A(v))
			}
		}
		a[k] = settleExtremum(op, m, row, init)
	}
}

// extremaRowsSIMD hands float64 and float32 rows with float64 results to
// the kernels' AVX-512 loops and returns how many leading rows of a they
// set (0 for other types, without AVX-512, or on empty rows).
func extremaRowsSIMD[V realVal, A realAcc](isMin bool, x []V, a []A, rn int64, init A) int {
	as, ok := any(a).([]float64)
	if !ok {
		return 0
	}
	switch xs := any(x).(type) {
	case []float64:
		return kernels.ExtremaRowsFloat64(as, xs, int(rn), isMin, float64(init))
	case []float32:
		return kernels.ExtremaRowsFloat32(as, xs, int(rn), isMin, float64(init))
	}
	return 0
}

// settleExtremum is row's extremum m from the builtin max or min, or
// foldReal's where the two may differ: a zero result (foldReal keeps the
// first of -0 and +0, the builtin prefers +0 for max and -0 for min) and a
// NaN (foldReal keeps the row's last NaN).
func settleExtremum[V realVal, A realAcc](op ReduceOp, m A, row []V, init A) A {
	if m == 0 || m != m {
		return foldReal(op, row, init)
	}
	return m
}
