package solve

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// Subtrees of the column elimination tree factored on several goroutines.
// With the columns in a postorder of that tree (columnPostorder), a
// column's L and U depend only on the columns of its subtree, whatever rows
// partial pivoting picks, and the rows those columns reach are the rows of
// A's columns in the subtree (George and Ng): disjoint subtrees read and
// write disjoint columns and rows of every array indexed by them (pinv,
// pend, lp, the panels' rows), and only the factors' storage, appended to
// column after column, is in common. So factorTree walks the tree: at a
// node with several subtrees below it the first ones (the largest first,
// columnPostorder, up to about half the columns) are factored here and the
// others become a task, which any goroutine may take and factors into
// storage of its own; once both are done the task's columns are appended
// to the storage after the first's (offsets moved), and the chain of
// columns above them goes on. Which columns form a task depends only on
// the tree, and a task starts its supernodes afresh, so the factors are
// the same bits whichever goroutine factors what, on any number of them.

// luSplitMinColumns: matrices with fewer columns are factored in one pass
// (tests lower it to split small matrices).
var luSplitMinColumns = 20000

// luTaskMinColumns: a task holds at least this many columns (and at least
// 1/64 of them): each costs its storage's copy and fresh scratch.
var luTaskMinColumns = 2048

// errLUStopped ends a task whose columns come after a column that failed:
// the factorization's error is that column's.
var errLUStopped = errors.New("splu: stopped after an earlier column failed")

// luSched holds the tasks of one factorization and the goroutines that
// take them.
type luSched[T elem] struct {
	a       *compressed[T]
	root    *luNumeric[T] // the caller's factors
	blockOf []int32       // and its supernodes' shared parts
	shared  *luPanelShared[T]
	tol     float64
	first   []int // first[k]: the first column of column k's subtree
	minTask int
	// failedAt is the lowest column that failed (n: none, -1: a panic):
	// columns after it stop. held counts the entries of every goroutine's
	// factor storage and dense blocks, for the memory limit.
	failedAt atomic.Int64
	held     atomic.Int64
	mu       sync.Mutex
	cond     *sync.Cond
	queue    []*luTask[T] // tasks no goroutine has taken, oldest first
	closed   bool
	errCol   int // the lowest column with an error, and the error
	err      error
	panicked any // the first panic of a task (a cancel stop, or a bug)
	helpers  sync.WaitGroup
}

// luTask is the columns lo .. hi-1 (whole subtrees) factored into f's
// storage with the supernodes s.
type luTask[T elem] struct {
	lo, hi      int
	taken, done bool
	f           *luNumeric[T]
	s           *luSupernodes[T]
	err         error
}

// columnSubtrees returns first[k], the first column of column k's subtree
// in the column elimination tree of a with columns in the order q, or nil
// when q is not a postorder of that tree (AMD's orders need not be).
func columnSubtrees[T elem](a *compressed[T], q []int) []int {
	n := a.cols
	buf := unzeroed[int](3 * n) // columnEtree sets every entry
	parent, ancestor, size := buf[:n], buf[n:2*n], buf[2*n:]
	columnEtree(a, q, parent, ancestor, size)
	first := ancestor
	for k := range first {
		first[k], size[k] = k, 1
	}
	for k, p := range parent {
		if p >= 0 {
			first[p] = min(first[p], first[k])
			size[p] += size[k]
		}
	}
	for k := range first {
		if k-first[k]+1 != size[k] {
			return nil
		}
	}
	return first
}

// factorTree factors every column of f (see the file comment) with
// workers goroutines (the caller's included), w and s the caller's
// scratch. A panic of a task (a cancel stop) is raised again here once
// every goroutine has stopped.
func (f *luNumeric[T]) factorTree(a *compressed[T], first []int, tol float64, workers int, w *luWork[T], s *luSupernodes[T]) (err error) {
	s.shared = &luPanelShared[T]{}
	x := &luSched[T]{a: a, root: f, blockOf: s.blockOf, shared: s.shared, tol: tol, first: first, minTask: max(luTaskMinColumns, f.n/64), errCol: f.n}
	x.cond = sync.NewCond(&x.mu)
	x.failedAt.Store(int64(f.n))
	x.held.Store(int64(cap(f.li) + cap(f.ui)))
	f.sched = x
	defer func() { f.sched = nil }()
	for range workers - 1 {
		if checkBytes("", int64(f.n)*5, 8) != nil { // a helper's luWork
			break
		}
		x.helpers.Add(1)
		go x.helper()
	}
	defer func() {
		r := recover()
		if r != nil {
			x.failedAt.Store(-1)
		}
		x.mu.Lock()
		x.closed = true
		x.cond.Broadcast()
		x.mu.Unlock()
		x.helpers.Wait()
		if r == nil {
			r = x.panicked
		}
		if r != nil {
			panic(r)
		}
	}()
	if err := x.forest(f, s, w, 0, f.n); err != nil {
		x.fail(f.errCol, err)
		if x.err != nil {
			return x.err
		}
		return err
	}
	return nil
}

// fail records err at column col: the factorization returns the error of
// its lowest column, the one a single pass stops at.
func (x *luSched[T]) fail(col int, err error) {
	if errors.Is(err, errLUStopped) {
		return
	}
	x.mu.Lock()
	if x.err == nil || col < x.errCol {
		x.errCol, x.err = col, err
	}
	x.mu.Unlock()
	for {
		at := x.failedAt.Load()
		if int64(col) >= at || x.failedAt.CompareAndSwap(at, int64(col)) {
			return
		}
	}
}

// columns factors lo .. hi-1 in one pass into f's storage.
func (x *luSched[T]) columns(f *luNumeric[T], s *luSupernodes[T], w *luWork[T], lo, hi int) error {
	if err := f.factorColumns(x.a, lo, hi, x.tol, w, s); err != nil {
		x.fail(f.errCol, err)
		return err
	}
	return nil
}

// forest factors lo .. hi-1, whole subtrees, into f's storage.
func (x *luSched[T]) forest(f *luNumeric[T], s *luSupernodes[T], w *luWork[T], lo, hi int) error {
	for lo < hi {
		if hi-lo < 2*x.minTask {
			return x.columns(f, s, w, lo, hi)
		}
		if x.first[hi-1] == lo {
			// One tree: the chain of columns with one child each on top
			// of the subtrees of its lowest column.
			c := hi - 1
			for c > lo && x.first[c-1] == lo {
				c--
			}
			if err := x.forest(f, s, w, lo, c); err != nil {
				return err
			}
			return x.columns(f, s, w, c, hi)
		}
		// Several trees: the task takes those from the first to start at
		// or after the middle (the last tree when it spans the middle), so
		// that a forest of many small trees splits in halves, not a tree
		// at a time.
		m, mid := hi, lo+(hi-lo)/2
		for x.first[m-1] != lo && x.first[m-1] >= mid {
			m = x.first[m-1]
		}
		if m == hi {
			m = x.first[hi-1]
		}
		if hi-m < x.minTask {
			if err := x.forest(f, s, w, lo, m); err != nil {
				return err
			}
			lo = m
			continue
		}
		t := &luTask[T]{lo: m, hi: hi}
		if f == x.root && f.lazyGuess != nil {
			// The tasks are sized from the guess. Before the first
			// task no other goroutine reads f.
			f.takeLazyGuess()
		}
		x.push(t)
		err := x.forest(f, s, w, lo, m)
		x.join(t, w) // even after an error: t writes arrays f shares
		if err != nil {
			return err
		}
		if t.err != nil {
			return t.err
		}
		return x.commit(f, s, t)
	}
	return nil
}

// push offers t to the goroutines.
func (x *luSched[T]) push(t *luTask[T]) {
	x.mu.Lock()
	x.queue = append(x.queue, t)
	x.cond.Broadcast()
	x.mu.Unlock()
}

// takeLocked removes the oldest task not taken from the queue, or returns
// nil; x.mu is held.
func (x *luSched[T]) takeLocked() *luTask[T] {
	for len(x.queue) > 0 {
		t := x.queue[0]
		x.queue = x.queue[1:]
		if !t.taken {
			t.taken = true
			return t
		}
	}
	return nil
}

// join returns once t is done: it factors t itself when no goroutine has
// taken it, and while t is under way elsewhere it factors other tasks.
func (x *luSched[T]) join(t *luTask[T], w *luWork[T]) {
	x.mu.Lock()
	if !t.taken {
		t.taken = true // left in the queue, which skips it
		x.mu.Unlock()
		x.run(t, w)
		return
	}
	for !t.done {
		if u := x.takeLocked(); u != nil {
			x.mu.Unlock()
			x.run(u, w)
			x.mu.Lock()
			continue
		}
		x.cond.Wait()
	}
	x.mu.Unlock()
}

// helper takes tasks until the factorization ends.
func (x *luSched[T]) helper() {
	defer x.helpers.Done()
	var w *luWork[T]
	x.mu.Lock()
	defer x.mu.Unlock()
	for !x.closed {
		t := x.takeLocked()
		if t == nil {
			x.cond.Wait()
			continue
		}
		x.mu.Unlock()
		if w == nil {
			w = newLUWork[T](len(x.first))
		}
		x.run(t, w)
		x.mu.Lock()
	}
}

// run factors task t with the scratch w into storage of its own, and marks
// it done; a panic stops every task and is kept for factorTree.
func (x *luSched[T]) run(t *luTask[T], w *luWork[T]) {
	defer func() {
		if r := recover(); r != nil {
			x.failedAt.Store(-1)
			x.mu.Lock()
			if x.panicked == nil {
				x.panicked = r
			}
			t.err = errLUStopped
			x.mu.Unlock()
		}
		x.mu.Lock()
		t.done = true
		x.cond.Broadcast()
		x.mu.Unlock()
	}()
	t.err = x.start(t)
	if t.err == nil {
		t.err = x.forest(t.f, t.s, w, t.lo, t.hi)
	}
	if t.err == nil && t.s.ld > 0 {
		t.s.close(t.s.start, t.hi-1) // its last supernode, for the columns above
	}
}

// start gives task t its storage, sized from A's entries in its columns,
// and its supernodes.
func (x *luSched[T]) start(t *luTask[T]) error {
	// The caller's first size (lu_guess.go) in proportion to the columns,
	// at least twice A's entries there: growing copies the storage.
	entries := 0
	for _, c := range x.root.q[t.lo:t.hi] {
		entries += x.a.ptr[c+1] - x.a.ptr[c]
	}
	least := 2*entries + (t.hi - t.lo)
	size := max(least, int(x.root.firstSize*int64(t.hi-t.lo)/int64(x.root.n)))
	n := int64(x.root.n)
	fits := func(size int) error { // with the supernodes' marks
		return checkBytes("splu: factors", x.held.Load()+2*int64(size)+n, x.root.entryBytes)
	}
	if fits(size) != nil {
		size = least // near the limit: grow as needed instead
	}
	if err := fits(size); err != nil {
		x.fail(t.lo, err)
		return err
	}
	t.f = x.root.child(size)
	t.s = &luSupernodes[T]{n: x.root.n, mark: make([]int, x.root.n), blockOf: x.blockOf, shared: x.shared}
	x.held.Add(2 * int64(size))
	return nil
}

// commit appends task t's factors and blocks to f's and s's, and carries
// its supernodes' state on to the columns after it.
func (x *luSched[T]) commit(f *luNumeric[T], s *luSupernodes[T], t *luTask[T]) error {
	c, cs := t.f, t.s
	if s.ld > 0 {
		s.close(s.start, t.lo-1) // the first trees' last supernode ends before the task
	}
	if err := f.reserveEach(len(c.li), len(c.ui), t.lo); err != nil {
		x.fail(t.lo, err)
		return err
	}
	baseL, baseU := len(f.li), len(f.ui)
	f.li, f.lx = append(f.li, c.li...), append(f.lx, c.lx...)
	f.ui, f.ux = append(f.ui, c.ui...), append(f.ux, c.ux...)
	nb := int32(len(s.blocks))
	for k := t.lo; k < t.hi; k++ {
		f.lp[k] += baseL
		f.pend[k] += baseL
		f.up[k] += baseU
		if s.blockOf[k] >= 0 {
			s.blockOf[k] += nb
		}
	}
	s.blocks = append(s.blocks, cs.blocks...)
	s.entries += cs.entries
	s.start, s.ld, s.nnz = t.hi, 0, 0
	s.prevCount, s.inPanel = cs.prevCount, cs.inPanel
	f.panelColumns += c.panelColumns
	f.growths += c.growths
	f.supernodeColumns += c.supernodeColumns
	f.tasks += c.tasks + 1
	x.held.Add(-int64(cap(c.li) + cap(c.ui)))
	t.f, t.s = nil, nil
	return nil
}

// luTreeWorkers, when positive, replaces GOMAXPROCS as factorTree's
// goroutine count (tests compare counts).
var luTreeWorkers = 0

// luWorkers is the goroutine count factorTree uses.
func luWorkers() int {
	if luTreeWorkers > 0 {
		return luTreeWorkers
	}
	return runtime.GOMAXPROCS(0)
}

// child returns factors sharing f's arrays indexed by column and row (each
// goroutine writes its own columns' entries and its pivot rows'), with
// storage of their own for size entries of L and of U.
func (f *luNumeric[T]) child(size int) *luNumeric[T] {
	c := &luNumeric[T]{n: f.n, lp: f.lp, up: f.up, pinv: f.pinv, perm: f.perm, q: f.q, entryBytes: f.entryBytes, pend: f.pend,
		pruned: f.pruned, snFirst: f.snFirst, snLast: f.snLast, tok: f.tok, sched: f.sched}
	c.li, c.lx = uninitSlice[int](size)[:0], uninitSlice[T](size)[:0]
	c.ui, c.ux = uninitSlice[int](size)[:0], uninitSlice[T](size)[:0]
	return c
}

// newLUWork returns factorLU's scratch for order n.
func newLUWork[T elem](n int) *luWork[T] {
	buf := make([]int, 4*n)
	w := &luWork[T]{x: make([]T, n), xi: buf[:n], stack: buf[n : 2*n], pstack: buf[2*n : 3*n], visited: buf[3*n:]}
	for i := range w.visited {
		w.visited[i] = -1
	}
	return w
}
