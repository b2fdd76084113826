package solve

// Column updates of factorLU a run of a supernode at a time. The columns of
// an exact supernode f .. l (lu_reach.go) store their rows aligned: column
// c holds its pivot row, the pivot rows of c+1 .. l in order, then the rows
// below the supernode in one order R that every column of the supernode
// shares (alignSupernode keeps it so as columns join). The depth-first
// search emits a supernode's columns it reaches as runs J, J+1, ... in
// that order, and the left-looking update subtracts them one after the
// other; applyColumns takes such a run at once: the pivot rows of the run
// first (a small triangle, column after column), then the rows below the
// run read once for up to four columns (scatterSub4). Each row of x
// receives the same subtractions in the same order as column after column:
// the factors are the same bits.
//
// The last column of a supernode is the one the pruning reorders (prune):
// once pruned its rows are no longer in R's order, and it is updated on its
// own.

// luRuns switches the runs on; tests turn it off to compare with the
// updates column after column (on the same aligned storage).
var luRuns = true

// runMaxColumns bounds the columns applyColumns takes at once (its
// coefficients live in arrays of this size on the stack).
const runMaxColumns = 8

// applyColumns subtracts from the dense column x the columns of L whose
// pivot rows are reached (in topological order) and pivotal at or after
// column lo, each times x at its pivot row (columns whose value there is
// zero are skipped, as they change nothing).
func (f *luNumeric[T]) applyColumns(x []T, reached []int, lo int) {
	pinv, lp, li, lx := f.pinv, f.lp, f.li, f.lx
	for t := 0; t < len(reached); t++ {
		J := pinv[reached[t]]
		if J < lo {
			continue // not pivotal, or before lo
		}
		// The run: the next rows are the pivot rows of J+1, J+2, ... in
		// J's supernode.
		r, most := 1, min(f.snLast[f.snFirst[J]]-J+1, runMaxColumns, len(reached)-t)
		for luRuns && r < most && pinv[reached[t+r]] == J+r {
			r++
		}
		if r > 1 && f.pruned[J+r-1] {
			r-- // reordered: on its own, next
		}
		if r == 1 {
			if xj := x[reached[t]]; xj != 0 {
				scatterSub(x, li[lp[J]+1:lp[J+1]], lx[lp[J]+1:lp[J+1]], xj)
			}
			continue
		}
		f.applyRun(x, reached[t:t+r], J)
		t += r - 1
	}
}

// applyRun subtracts the aligned columns J .. J+len(piv)-1 of one
// supernode, whose pivot rows are piv, from x.
func (f *luNumeric[T]) applyRun(x []T, piv []int, J int) {
	lp, li, lx := f.lp, f.li, f.lx
	r := len(piv)
	var coef [runMaxColumns]T
	var at [runMaxColumns]int // where each column's entries below the run start
	nz := 0
	// The triangle: column J+a's entry at pivot row J+b is b-a after its
	// start.
	for a, pa := range piv {
		ta := x[pa]
		if ta == 0 {
			continue
		}
		col := lx[lp[J+a] : lp[J+a]+r-a]
		for b := a + 1; b < r; b++ {
			x[piv[b]] -= col[b-a] * ta
		}
		coef[nz], at[nz] = ta, lp[J+a]+r-a
		nz++
	}
	rows := li[lp[J+r-1]+1 : lp[J+r]]
	m := len(rows)
	// The widest kernel that fits, then two columns and one: each row
	// gets the columns' subtractions in column order whatever the split.
	c := 0
	switch {
	case nz == 8:
		scatterSub8(x, rows, lx[at[0]:at[0]+m], lx[at[1]:at[1]+m], lx[at[2]:at[2]+m], lx[at[3]:at[3]+m],
			lx[at[4]:at[4]+m], lx[at[5]:at[5]+m], lx[at[6]:at[6]+m], lx[at[7]:at[7]+m], &coef)
		return
	case nz >= 6:
		scatterSub6(x, rows, lx[at[0]:at[0]+m], lx[at[1]:at[1]+m], lx[at[2]:at[2]+m], lx[at[3]:at[3]+m],
			lx[at[4]:at[4]+m], lx[at[5]:at[5]+m], &coef)
		c = 6
	case nz >= 4:
		scatterSub4(x, rows, lx[at[0]:at[0]+m], lx[at[1]:at[1]+m], lx[at[2]:at[2]+m], lx[at[3]:at[3]+m],
			coef[0], coef[1], coef[2], coef[3])
		c = 4
	}
	if c+2 <= nz {
		scatterSub2(x, rows, lx[at[c]:at[c]+m], lx[at[c+1]:at[c+1]+m], coef[c], coef[c+1])
		c += 2
	}
	if c < nz {
		scatterSub(x, rows, lx[at[c]:at[c]+m], coef[c])
	}
}

// scatterSub4 subtracts four columns (v0 .. v3 on the same rows) times
// t0 .. t3 from x, in that order at each row: the index and x are read once
// for the four.
func scatterSub4[T elem](x []T, rows []int, v0, v1, v2, v3 []T, t0, t1, t2, t3 T) {
	n := len(rows)
	v0, v1, v2, v3 = v0[:n], v1[:n], v2[:n], v3[:n]
	for p, i := range rows {
		x[i] = x[i] - v0[p]*t0 - v1[p]*t1 - v2[p]*t2 - v3[p]*t3
	}
}

// scatterSub8 is scatterSub4 for eight columns: the same subtractions in
// the same order as two scatterSub4, x and the index read once.
func scatterSub8[T elem](x []T, rows []int, v0, v1, v2, v3, v4, v5, v6, v7 []T, t *[runMaxColumns]T) {
	n := len(rows)
	v0, v1, v2, v3, v4, v5, v6, v7 = v0[:n], v1[:n], v2[:n], v3[:n], v4[:n], v5[:n], v6[:n], v7[:n]
	t0, t1, t2, t3, t4, t5, t6, t7 := t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]
	for p, i := range rows {
		x[i] = x[i] - v0[p]*t0 - v1[p]*t1 - v2[p]*t2 - v3[p]*t3 - v4[p]*t4 - v5[p]*t5 - v6[p]*t6 - v7[p]*t7
	}
}

// scatterSub6 is scatterSub8 for six columns (t's first six).
func scatterSub6[T elem](x []T, rows []int, v0, v1, v2, v3, v4, v5 []T, t *[runMaxColumns]T) {
	n := len(rows)
	v0, v1, v2, v3, v4, v5 = v0[:n], v1[:n], v2[:n], v3[:n], v4[:n], v5[:n]
	t0, t1, t2, t3, t4, t5 := t[0], t[1], t[2], t[3], t[4], t[5]
	for p, i := range rows {
		x[i] = x[i] - v0[p]*t0 - v1[p]*t1 - v2[p]*t2 - v3[p]*t3 - v4[p]*t4 - v5[p]*t5
	}
}

// scatterSub2 is scatterSub4 for two columns.
func scatterSub2[T elem](x []T, rows []int, v0, v1 []T, t0, t1 T) {
	n := len(rows)
	v0, v1 = v0[:n], v1[:n]
	for p, i := range rows {
		x[i] = x[i] - v0[p]*t0 - v1[p]*t1
	}
}

// alignSupernode prepares column k, about to join the supernode of column
// k-1 with pivot row ipiv (one of k-1's rows below its pivot), and returns
// the rows column k is to hold after its pivot, in R's order: ipiv moves to
// the front of R in every column of the supernode (a swap with R's first
// row, at the same position in each), so that what follows it is column
// k's R.
func (f *luNumeric[T]) alignSupernode(k, ipiv int) []int {
	li, lx, lp := f.li, f.lx, f.lp
	below := li[lp[k-1]+1 : lp[k]] // k-1's R
	p := 0
	for below[p] != ipiv {
		p++
	}
	if p > 0 {
		for c := f.snFirst[k-1]; c < k; c++ {
			at := lp[c] + k - c // column c's R
			li[at], li[at+p] = li[at+p], li[at]
			lx[at], lx[at+p] = lx[at+p], lx[at]
		}
	}
	return below[1:]
}
