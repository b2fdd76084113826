package solve

// The first size of LU's factors. Their fill is known only as the
// factorization goes (the pivots choose the rows), and each time the
// storage runs out it is copied into one twice as large: on the 500^2
// Laplacian three copies of 2.75M, 5.5M and 11M entries, of all four
// arrays. When the pivots stay on the diagonal, as they do on diagonally
// dominant and on most structurally symmetric matrices, L is the Cholesky
// factor's pattern of A + A^T in the column order and U its transpose, so
// the column counts of that Cholesky factor (Gilbert, Ng and Peyton's
// algorithm, time nearly linear in A's entries) size both factors at once.
// Pivoting off the diagonal may need more (the storage grows, by a quarter
// the first time: the fill is then near the guess) or less (factorLU gives
// back the excess).
//
// On a pattern whose entries are mostly not mirrored, A + A^T has no tie to
// LU's fill: on bayer10 (COLAMD's path) its Cholesky factor holds 24M
// entries against LU's 316K, and the guess reserved 80 MB for 5 MB of
// factors, after a counting pass that took 8% of the solve's time. There the
// storage starts from twice A's entries and grows.

// luGuessMinEntries: below this many entries of A the copies cost little
// and the counts' passes would be most of the fixed cost of a small solve.
const luGuessMinEntries = 1 << 15

// symmetricFillGuess returns nnz(L) of the Cholesky factor of the pattern
// of A + A^T with rows and columns in the order q (diagonal included), for
// A given by columns and by rows (v) whose pattern's symmetry is sym, or 0
// when A is too small to bother or its pattern mostly unmirrored.
// Each column's search reserves room for all the rows it reached, L's and
// U's together (up to n), before it stores them: the guess leaves room
// for n more.
func symmetricFillGuess[T elem](v views[T], q []int, sym symmetry) int64 {
	if len(v.byCol.idx) < luGuessMinEntries || !sym.mostlyMirrored() {
		return 0
	}
	return fillGuessOf(symmetricCholeskyCount(v, q), v.byCol.cols)
}

// fillGuessOf is the guess for a Cholesky count of count entries on n
// columns: room for n more.
func fillGuessOf(count int64, n int) int64 { return count + int64(n) + 1 }

// symmetricCholeskyCount returns nnz(L) of the Cholesky factor of the
// pattern of A + A^T with rows and columns in the order q, diagonal
// included.
func symmetricCholeskyCount[T elem](v views[T], q []int) (total int64) {
	byCol, byRow := v.byCol, v.byRow
	n := byCol.cols
	buf := make([]int, 7*n)
	qinv, parent, ancestor := buf[:n], buf[n:2*n], buf[2*n:3*n]
	for k, c := range q {
		qinv[c] = k
	}
	// The neighbours of position k are the positions of the entries of
	// column and row q[k] (a position may come twice; both passes below
	// allow it).
	var halves [2][]int
	neighbours := func(k int) [2][]int {
		c := q[k]
		halves[0], halves[1] = byCol.idx[byCol.ptr[c]:byCol.ptr[c+1]], byRow.idx[byRow.ptr[c]:byRow.ptr[c+1]]
		return halves
	}
	// The elimination tree (Liu's algorithm, path compression through
	// ancestor).
	for k := 0; k < n; k++ {
		parent[k], ancestor[k] = -1, -1
		for _, rows := range neighbours(k) {
			for _, r := range rows {
				for i := qinv[r]; i < k && i != -1; {
					next := ancestor[i]
					ancestor[i] = k
					if next == -1 {
						parent[i] = k
					}
					i = next
				}
			}
		}
	}
	post := postorder(parent)
	// Gilbert, Ng and Peyton: delta[j] counts the row subtrees for which
	// j is a leaf, less those whose paths merge at j; the column counts
	// are then sums of delta over each subtree.
	first, maxFirst, prevLeaf, delta := buf[3*n:4*n], buf[4*n:5*n], buf[5*n:6*n], buf[6*n:7*n]
	for i := 0; i < n; i++ {
		first[i], maxFirst[i], prevLeaf[i], ancestor[i] = -1, -1, -1, i
	}
	for k, j := range post {
		delta[j] = 0
		if first[j] == -1 {
			delta[j] = 1 // a leaf of the tree
		}
		for ; j != -1 && first[j] == -1; j = parent[j] {
			first[j] = k
		}
	}
	for _, j := range post {
		if parent[j] != -1 {
			delta[parent[j]]--
		}
		for _, rows := range neighbours(j) {
			for _, r := range rows {
				// j is a leaf of row i's subtree when i > j and no
				// descendant of j met row i before.
				i := qinv[r]
				if i <= j || first[j] <= maxFirst[i] {
					continue
				}
				maxFirst[i] = first[j]
				prev := prevLeaf[i]
				prevLeaf[i] = j
				delta[j]++
				if prev == -1 {
					continue
				}
				// The paths up from prev and j meet at root: the entries
				// from root up are counted once already.
				root := prev
				for root != ancestor[root] {
					root = ancestor[root]
				}
				for s := prev; s != root; {
					up := ancestor[s]
					ancestor[s] = root
					s = up
				}
				delta[root]--
			}
		}
		if parent[j] != -1 {
			ancestor[j] = parent[j]
		}
	}
	for j := 0; j < n; j++ {
		if parent[j] != -1 {
			delta[parent[j]] += delta[j]
		}
		total += int64(delta[j])
	}
	return total
}
