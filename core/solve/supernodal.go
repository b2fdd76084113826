package solve

import (
	"runtime"
	"slices"

	"github.com/gosparse/gosparse/core/errs"
)

// snSymbolic is the supernodal structure of the Cholesky factor L of
// C = A[p][:, p]: L's columns grouped into supernodes, runs of consecutive
// columns whose patterns nest (column j+1's pattern is column j's without
// row j), each stored as one dense column-major block.
type snSymbolic struct {
	n int
	// super[s] .. super[s+1]-1 are the columns of supernode s; colSup maps a
	// column back to its supernode; sparent is the elimination tree between
	// supernodes (-1 at a root).
	super, colSup, sparent []int
	// ri[rp[s]:rp[s+1]] are the rows of supernode s, ascending, its own
	// columns first; its values are the nr x nc column-major block at
	// lx[xp[s]:xp[s+1]] (nr rows, nc columns, upper part of the diagonal
	// block unused).
	rp, ri, xp []int
	// Supernode t is updated by the descendants upd[q], q in up[t]..up[t+1],
	// whose rows from offset updRow[q] on fall in t's columns and below:
	// ascending d, so every run adds the updates in the same order.
	up, upd, updRow []int
}

// nrows and ncols give the shape of supernode s's block.
func (sy *snSymbolic) nrows(s int) int { return sy.rp[s+1] - sy.rp[s] }
func (sy *snSymbolic) ncols(s int) int { return sy.super[s+1] - sy.super[s] }

// postorder returns the nodes of the forest parent in a depth-first
// postorder (children before their parent, each subtree contiguous).
func postorder(parent []int) []int {
	n := len(parent)
	head, next := make([]int, n), make([]int, n)
	for i := range head {
		head[i] = -1
	}
	// Pushed from the last node down, children come out in ascending order.
	for j := n - 1; j >= 0; j-- {
		if p := parent[j]; p >= 0 {
			next[j] = head[p]
			head[p] = j
		}
	}
	post := make([]int, 0, n)
	stack := make([]int, 0, 64)
	for root := 0; root < n; root++ {
		if parent[root] >= 0 {
			continue
		}
		stack = append(stack, root)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			if c := head[j]; c >= 0 {
				head[j] = next[c]
				stack = append(stack, c)
				continue
			}
			stack = stack[:len(stack)-1]
			post = append(post, j)
		}
	}
	return post
}

// supernodes finds the fundamental supernodes of L from the postordered
// elimination tree and L's column counts (column j+1 joins column j's
// supernode when it is j's parent, j is its only child and its count is one
// less), then relaxes them: a supernode absorbs the child just before it
// when the explicit zeros this stores stay few (CHOLMOD's rule: always up to
// 4 columns, a zero fraction below 0.8 up to 16, below 0.1 up to 48, below
// 0.05 beyond), since tiny supernodes leave the dense kernels nothing to do.
// The rows below a supernode are those below its last column.
func supernodes(parent, counts []int) []int {
	n := len(parent)
	children := make([]int, n)
	for _, p := range parent {
		if p >= 0 {
			children[p]++
		}
	}
	fund := []int{0}
	for j := 1; j < n; j++ {
		if parent[j-1] != j || children[j] != 1 || counts[j-1] != counts[j]+1 {
			fund = append(fund, j)
		}
	}
	if n == 0 {
		return fund
	}
	fund = append(fund, n)
	nf := len(fund) - 1
	// Groups of consecutive fundamental supernodes, built from the top:
	// the one starting at s spans cols[s] columns with below[s] rows under
	// them and zeros[s] stored zeros.
	cols, below, zeros := make([]int, nf), make([]int, nf), make([]float64, nf)
	keep := make([]bool, nf)
	for s := nf - 1; s >= 0; s-- {
		f, l := fund[s], fund[s+1]
		cols[s], below[s] = l-f, counts[l-1]-1
		keep[s] = true
		if s == nf-1 || parent[l-1] != l {
			continue // the parent supernode does not follow: no merge
		}
		nc := cols[s] + cols[s+1]
		nr := nc + below[s+1]
		z := zeros[s+1] + float64((l-f)*(nr-(l-f)-below[s]))
		total := float64(nc*nr - nc*(nc-1)/2)
		if frac := z / total; nc <= 4 || (nc <= 16 && frac < 0.8) || (nc <= 48 && frac < 0.1) || frac < 0.05 {
			cols[s], below[s], zeros[s] = nc, below[s+1], z
			keep[s+1] = false
		}
	}
	super := make([]int, 0, nf+1)
	for s := 0; s < nf; s++ {
		if keep[s] {
			super = append(super, fund[s])
		}
	}
	return append(super, n)
}

// analyzeSupernodal builds the supernodal structure of L for C (order n,
// postordered) from its elimination tree and column counts; rowsOfC holds
// the rows of each column of C's lower triangle. It sizes the blocks and
// the workspaces against the memory limit before allocating them.
func analyzeSupernodal[T elem](n int, rowsOfC *compressed[T], parent, counts []int, eb int64) (*snSymbolic, error) {
	super := supernodes(parent, counts)
	ns := len(super) - 1
	colSup := make([]int, n)
	for s := 0; s < ns; s++ {
		for j := super[s]; j < super[s+1]; j++ {
			colSup[j] = s
		}
	}
	sy := &snSymbolic{n: n, super: super, colSup: colSup, sparent: make([]int, ns),
		rp: make([]int, ns+1), xp: make([]int, ns+1)}
	blocks, maxBlock := int64(0), int64(0)
	for s := 0; s < ns; s++ {
		last := super[s+1] - 1
		sy.sparent[s] = -1
		if p := parent[last]; p >= 0 {
			sy.sparent[s] = colSup[p]
		}
		nr := super[s+1] - super[s] + counts[last] - 1
		sy.rp[s+1] = sy.rp[s] + nr
		blocks += int64(nr) * int64(super[s+1]-super[s])
		maxBlock = max(maxBlock, int64(nr)*int64(super[s+1]-super[s]))
	}
	// The blocks and their row indices, and each goroutine's workspace: an
	// update block (at most the largest supernode's) and a row map.
	work := int64(runtime.GOMAXPROCS(0)) * (maxBlock + int64(n))
	if err := checkBytes("cholesky: L", blocks+int64(sy.rp[ns])+work, eb); err != nil {
		return nil, err
	}
	for s := 0; s < ns; s++ {
		sy.xp[s+1] = sy.xp[s] + sy.nrows(s)*sy.ncols(s)
	}
	sy.ri = make([]int, sy.rp[ns])
	// Child lists of the supernodal tree.
	head, next := make([]int, ns), make([]int, ns)
	for s := range head {
		head[s] = -1
	}
	for s := ns - 1; s >= 0; s-- {
		if p := sy.sparent[s]; p >= 0 {
			next[s] = head[p]
			head[p] = s
		}
	}
	mark := make([]int, n)
	for i := range mark {
		mark[i] = -1
	}
	for s := 0; s < ns; s++ {
		f, l := super[s], super[s+1]
		rows := sy.ri[sy.rp[s]:sy.rp[s]]
		for j := f; j < l; j++ {
			rows = append(rows, j)
			mark[j] = s
		}
		add := func(i int) {
			if mark[i] != s {
				mark[i] = s
				rows = append(rows, i)
			}
		}
		for j := f; j < l; j++ {
			for p := rowsOfC.ptr[j]; p < rowsOfC.ptr[j+1]; p++ {
				add(rowsOfC.idx[p])
			}
		}
		for ch := head[s]; ch >= 0; ch = next[ch] {
			for _, i := range sy.ri[sy.rp[ch]+sy.ncols(ch) : sy.rp[ch+1]] {
				if i >= l {
					add(i)
				}
			}
		}
		if len(rows) != sy.nrows(s) {
			return nil, errs.Errorf(errs.ErrInternal, "cholesky: supernode %d has %d rows, its column count says %d", s, len(rows), sy.nrows(s))
		}
		slices.Sort(rows[l-f:])
	}
	sy.linkUpdates()
	return sy, nil
}

// linkUpdates lists, for every supernode, the descendants that update it:
// each run of a supernode's rows below its own columns that falls in one
// supernode's columns is one update of that supernode.
func (sy *snSymbolic) linkUpdates() {
	ns := len(sy.super) - 1
	sy.up = make([]int, ns+1)
	each := func(visit func(t, d, off int)) {
		for d := 0; d < ns; d++ {
			rows := sy.ri[sy.rp[d]:sy.rp[d+1]]
			prev := -1
			for off := sy.ncols(d); off < len(rows); off++ {
				if t := sy.colSup[rows[off]]; t != prev {
					visit(t, d, off)
					prev = t
				}
			}
		}
	}
	each(func(t, _, _ int) { sy.up[t+1]++ })
	for t := 0; t < ns; t++ {
		sy.up[t+1] += sy.up[t]
	}
	sy.upd, sy.updRow = make([]int, sy.up[ns]), make([]int, sy.up[ns])
	fill := append([]int(nil), sy.up[:ns]...)
	each(func(t, d, off int) {
		sy.upd[fill[t]], sy.updRow[fill[t]] = d, off
		fill[t]++
	})
}
