package engine

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
// except on two cold cases, which foldReal then folds again: a zero result
// (foldReal keeps the first of -0 and +0, the builtin prefers +0 for max
// and -0 for min) and a NaN (foldReal keeps the row's last NaN).
func extremaRows[V realVal, A realAcc](isMin bool, x []V, a []A, rn int64, init A) {
	op := Amax
	if isMin {
		op = Amin
	}
	for k := range a {
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
		if m == 0 || m != m {
			m = foldReal(op, row, init)
		}
		a[k] = m
	}
}
