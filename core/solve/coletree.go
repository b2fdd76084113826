package solve

// luPostorder switches columnPostorder on after ColAMD; tests and
// benchmarks turn it off to compare.
var luPostorder = true

// columnPostorder reorders the column ordering q of the CSC matrix a by a
// postorder of its column elimination tree (the elimination tree of
// A^T A, formed implicitly from A's rows), as SuperLU does after COLAMD:
// the bound that A^T A's Cholesky factor puts on LU's fill with any row
// pivoting is unchanged, and the columns of each supernode come out
// consecutive, where the minimum degree order interleaves the fronts. Each
// node's largest subtree (by columns) comes first among its children: the
// subtrees after it are the ones lu_parallel.go hands to other goroutines
// and copies, and the largest is better factored in place. It returns the
// new ordering (q's storage reused). a is square.
func columnPostorder[T elem](a *compressed[T], q []int) []int {
	n := a.cols
	// One allocation: the tree, its ancestors and each row's last column
	// so far, then the postorder's stack and a copy of q.
	buf := make([]int, 6*n)
	parent, ancestor, prev := buf[:n], buf[n:2*n], buf[2*n:3*n]
	columnEtree(a, q, parent, ancestor, prev)
	size := buf[5*n:]
	for j := range size {
		size[j] = 1
	}
	for j, p := range parent { // parents come after their children
		if p >= 0 {
			size[p] += size[j]
		}
	}
	// Depth-first postorder (children in ascending order), reusing
	// ancestor as the heads and prev as the links and the stack.
	head, next, stack := ancestor, prev, buf[3*n:4*n]
	post := buf[4*n : 5*n]
	copy(post, q)
	for i := range head {
		head[i] = -1
	}
	for j := n - 1; j >= 0; j-- {
		if p := parent[j]; p >= 0 {
			next[j] = head[p]
			head[p] = j
		}
	}
	// The largest child (the first of equal ones) moves to the front.
	for p := range head {
		best, before := head[p], -1
		if best < 0 {
			continue
		}
		for prevC, c := best, next[best]; c >= 0; prevC, c = c, next[c] {
			if size[c] > size[best] {
				best, before = c, prevC
			}
		}
		if before >= 0 {
			next[before] = next[best]
			next[best] = head[p]
			head[p] = best
		}
	}
	at := 0
	for root := 0; root < n; root++ {
		if parent[root] >= 0 {
			continue
		}
		top := 0
		stack[0] = root
		for top >= 0 {
			j := stack[top]
			if c := head[j]; c >= 0 {
				head[j] = next[c]
				top++
				stack[top] = c
				continue
			}
			top--
			q[at] = post[j]
			at++
		}
	}
	return q
}

// columnEtree writes the column elimination tree of a with columns in the
// order q into parent (-1 at the roots), with ancestor and prev (n each)
// as scratch.
func columnEtree[T elem](a *compressed[T], q, parent, ancestor, prev []int) {
	for i := range prev {
		prev[i] = -1
	}
	// Liu's algorithm on A^T A: column k's neighbours before it are the
	// last earlier column holding each of its rows (the others hang below
	// those in the tree already).
	for k, c := range q {
		parent[k], ancestor[k] = -1, -1
		for _, r := range a.idx[a.ptr[c]:a.ptr[c+1]] { // taken once: the stores below might alias a's arrays
			for i := prev[r]; i != -1 && i < k; {
				next := ancestor[i]
				ancestor[i] = k
				if next == -1 {
					parent[i] = k
				}
				i = next
			}
			prev[r] = k
		}
	}
}
