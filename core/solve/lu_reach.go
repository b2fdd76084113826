package solve

// The depth-first search of factorLU over L's supernodes. A supernode here
// is exact: a run of consecutive columns f .. l of L where each column's
// rows below its pivot are the next column's pivot row and rows, so that
// the rows of L's column J in the run are the pivot rows of J+1 .. l and
// then the rows of column l. The search enters a supernode once and follows
// column l's rows only, instead of every column of the run in turn (whose
// rows it would find visited but would still read): on the fronts of 2-D
// and 3-D grids the runs are tens of columns wide. The rows it finds are the
// column search's, in another topological order.

// luSupernodalSearch switches the supernodes of the search on; tests turn
// it off to compare with the search column by column (every column its own
// supernode).
var luSupernodalSearch = true

// emitCopyMin: a supernode of at least this many columns has its pivot
// rows emitted by copy, a narrower one by a loop.
const emitCopyMin = 16

// joinsSupernode reports whether column k, whose reached rows held
// candidates non-pivotal rows (the pivot among them) and, when prevReached,
// the pivot row of column k-1, extends k-1's supernode: L's column k-1
// reached it (so its rows are all among k's) and holds one row more than
// column k (k's pivot row).
func (f *luNumeric[T]) joinsSupernode(k, candidates int, prevReached bool) bool {
	return luSupernodalSearch && prevReached && candidates == f.lp[k]-f.lp[k-1]-1
}

// joinSupernode records column k in k-1's supernode when join, else in
// a supernode of its own.
func (f *luNumeric[T]) joinSupernode(k int, join bool) {
	if join {
		first := f.snFirst[k-1]
		f.snFirst[k], f.snLast[first] = first, k
		f.supernodeColumns++
		return
	}
	f.snFirst[k], f.snLast[k] = k, k
}

// isRepresentative reports whether column J (finished) ends its supernode
// so far: the search follows only such columns, so only they are pruned.
func (f *luNumeric[T]) isRepresentative(J int) bool { return f.snLast[f.snFirst[J]] == J }

// reach finds the rows that L's columns so far make nonzero in the solve
// with the right-hand side pattern rows: a depth-first search in the graph
// where pivotal row j leads to the rows of L's column pinv[j], taken a
// supernode at a time. The rows come back in xi[top:] in topological order
// (each before those it updates). Rows pivotal before column lo are leaves:
// the search does not follow their columns (a panel's second pass starts
// from rows that a first search through those columns already found). The
// rows are distinct.
// stack holds the column each open supernode was entered at and pstack the
// next position in its last column's rows.
func (f *luNumeric[T]) reach(rows []int, xi, stack, pstack, visited []int, stamp, lo int) int {
	top := f.n
	li, lp, pend, pinv, perm := f.li, f.lp, f.pend, f.pinv, f.perm
	head := -1
	// Leaves (most rows: on a panel's second pass nearly all) are marked
	// and emitted in place, without a call to enter.
	for _, r := range rows {
		p := pinv[r]
		if uint(p) < uint(lo) {
			// Pivotal before lo (a panel's second pass): the search
			// follows only columns from lo on, whose rows are pivotal
			// from lo on or not yet, so it never meets r again and r,
			// a root once, needs no mark.
			top--
			xi[top] = r
			continue
		}
		if visited[r] == stamp {
			continue
		}
		if p < 0 {
			visited[r] = stamp
			top--
			xi[top] = r
			continue
		}
		var J, last int
		if top, J, last = f.enter(r, visited, xi, stamp, top); J >= 0 {
			head++
			stack[head], pstack[head] = J, lp[last]+1
		}
		for head >= 0 {
			J := stack[head]
			last := f.snLast[f.snFirst[J]]
			p, end := pstack[head], pend[last]
			for ; p < end; p++ {
				j := li[p]
				if visited[j] == stamp {
					continue
				}
				if pinv[j] >= lo {
					break
				}
				visited[j] = stamp
				top--
				xi[top] = j
			}
			if p < end {
				pstack[head] = p + 1
				if top, J, last = f.enter(li[p], visited, xi, stamp, top); J >= 0 {
					head++
					stack[head], pstack[head] = J, lp[last]+1
				}
				continue
			}
			head--
			// The pivot rows of J .. last, J's first: each before
			// those it updates. Wide supernodes (2-D and 3-D fronts)
			// are one copy; narrow ones (bayer10: one or two columns)
			// cost less in a loop than memmove's call.
			if m := last - J + 1; m >= emitCopyMin {
				top -= m
				copy(xi[top:top+m], perm[J:last+1])
				continue
			}
			for c := last; c >= J; c-- {
				top--
				xi[top] = perm[c]
			}
		}
	}
	return top
}

// enter marks row j, unvisited and pivotal at or after reach's lo (reach
// emits the leaves itself), and emits it below top when its supernode was
// entered before at a later column (the rows of the supernode from j's
// column up to those are emitted, the rows below them are visited
// already). Otherwise it returns the column to open: j's, whose
// supernode's rows it has marked, and the supernode's last column (the
// caller starts on its rows).
func (f *luNumeric[T]) enter(j int, visited, xi []int, stamp, top int) (int, int, int) {
	J := f.pinv[j]
	perm := f.perm
	last := f.snLast[f.snFirst[J]]
	c := J
	for ; c <= last; c++ {
		r := perm[c]
		if visited[r] == stamp {
			break
		}
		visited[r] = stamp
	}
	if c > last {
		return top, J, last
	}
	for c--; c >= J; c-- {
		top--
		xi[top] = perm[c]
	}
	return top, -1, last
}
