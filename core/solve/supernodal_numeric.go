package solve

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
)

// snFactor is the numeric supernodal Cholesky factor L of C = A[p][:, p],
// one dense block per supernode (see snSymbolic).
type snFactor[T elem] struct {
	sy *snSymbolic
	lx []T
	p  []int
}

// snWorkspace is one goroutine's scratch: the position of each row in the
// supernode being factored, and the block of one update.
type snWorkspace[T elem] struct {
	rmap []int
	upd  []T
}

// snFailure records a pivot that is not positive: column col of C.
type snFailure struct {
	col   int
	pivot float64
}

// snParallelWork is the estimated flop count below which the numeric phase
// runs on one goroutine: handing subtrees out costs some microseconds each.
var snParallelWork = 20e6

// factorSupernode computes supernode s (left-looking): A's columns are
// scattered into its block, every descendant that updates it subtracts
// its product through a dense block, and the block is factored. It returns
// the failing column of C, or -1.
func (f *snFactor[T]) factorSupernode(s int, rowsOfC *compressed[T], w *snWorkspace[T]) snFailure {
	sy := f.sy
	fc, lc := sy.super[s], sy.super[s+1]
	nr := sy.nrows(s)
	rows := sy.ri[sy.rp[s]:sy.rp[s+1]]
	blk := f.lx[sy.xp[s]:sy.xp[s+1]]
	clear(blk) // f.lx comes uninitialised: cleared here, in cache, by the goroutine that factors s
	rmap := w.rmap
	for k, r := range rows {
		rmap[r] = k
	}
	for j := fc; j < lc; j++ {
		col := blk[(j-fc)*nr : (j-fc+1)*nr]
		for p := rowsOfC.ptr[j]; p < rowsOfC.ptr[j+1]; p++ {
			if i := rowsOfC.idx[p]; i == j {
				col[j-fc] += fromReal[T](realPart(rowsOfC.val[p]))
			} else {
				col[rmap[i]] += conj(rowsOfC.val[p])
			}
		}
	}
	for q := sy.up[s]; q < sy.up[s+1]; q++ {
		d, r1 := sy.upd[q], sy.updRow[q]
		drows := sy.ri[sy.rp[d]:sy.rp[d+1]]
		ndr := len(drows)
		r2 := r1 + 1
		for r2 < ndr && drows[r2] < lc {
			r2++
		}
		m, k := ndr-r1, r2-r1
		dblk := f.lx[sy.xp[d]:sy.xp[d+1]]
		c := w.upd[:m*k]
		gemmNegNHLower(m, k, sy.ncols(d), dblk[r1:], ndr, dblk[r1:], ndr, c, m)
		// c holds -L_d[r1:, :] L_d[r1:r2, :]^H on and below its diagonal
		// (the rest is not computed); add it into s.
		for cc := 0; cc < k; cc++ {
			col := blk[(drows[r1+cc]-fc)*nr : (drows[r1+cc]-fc+1)*nr]
			cv := c[cc*m : (cc+1)*m]
			src := drows[r1:]
			for rr := cc; rr < m; rr++ {
				col[rmap[src[rr]]] += cv[rr]
			}
		}
	}
	if j, d := panelCholesky(blk, nr, lc-fc); j >= 0 {
		return snFailure{col: fc + j, pivot: d}
	}
	return snFailure{col: -1}
}

// factor runs the numeric phase. Supernodes depend only on their
// descendants, so independent subtrees of the supernodal tree go to
// different goroutines; every supernode adds its updates in the same order
// whatever the schedule, so the factor does not depend on it. The caller's
// cancel token is checked before each supernode (on the workers too, which
// have no binding of their own); a cancelled factorization stops on the
// caller with cancel.Stop.
func (f *snFactor[T]) factor(rowsOfC *compressed[T]) *snFailure {
	return f.factorWith(rowsOfC, cancel.Current())
}

// factorWith is factor checking the token tok (nil: none).
func (f *snFactor[T]) factorWith(rowsOfC *compressed[T], tok *cancel.Token) *snFailure {
	sy := f.sy
	ns := len(sy.super) - 1
	f.lx = uninitSlice[T](sy.xp[ns])
	maxBlock := 0
	work := make([]float64, ns)
	total := 0.0
	for s := 0; s < ns; s++ {
		nr, nc := float64(sy.nrows(s)), float64(sy.ncols(s))
		maxBlock = max(maxBlock, sy.nrows(s)*sy.ncols(s))
		work[s] += nr * nr * nc
		total += nr * nr * nc
		if p := sy.sparent[s]; p >= 0 {
			work[p] += work[s]
		}
	}
	newWorkspace := func() *snWorkspace[T] {
		return &snWorkspace[T]{rmap: make([]int, sy.n), upd: make([]T, maxBlock)}
	}
	workers := runtime.GOMAXPROCS(0)
	if workers == 1 || total < snParallelWork {
		w := newWorkspace()
		for s := 0; s < ns; s++ {
			tok.Check()
			if e := f.factorSupernode(s, rowsOfC, w); e.col >= 0 {
				return &e
			}
		}
		return nil
	}
	failure := f.factorParallel(rowsOfC, work, total/float64(8*workers), workers, newWorkspace, tok)
	tok.Check()
	return failure
}

// factorParallel hands out tasks: a subtree whose work is at most grain
// (contiguous supernodes, the tree being postordered) or one larger
// supernode, which becomes ready when the tasks of its children are done.
func (f *snFactor[T]) factorParallel(rowsOfC *compressed[T], work []float64, grain float64, workers int, newWorkspace func() *snWorkspace[T], tok *cancel.Token) *snFailure {
	sy := f.sy
	ns := len(sy.super) - 1
	first := make([]int, ns)
	for s := range first {
		first[s] = s
	}
	for s := 0; s < ns; s++ {
		if p := sy.sparent[s]; p >= 0 {
			first[p] = min(first[p], first[s])
		}
	}
	lo := make([]int, ns) // task roots: the first supernode of the task; others -1
	pending := make([]int32, ns)
	tasks := 0
	for s := 0; s < ns; s++ {
		lo[s] = -1
		p := sy.sparent[s]
		switch {
		case work[s] > grain:
			lo[s] = s
		case p < 0 || work[p] > grain:
			lo[s] = first[s]
		}
		if lo[s] >= 0 {
			tasks++
			if p >= 0 {
				pending[p]++
			}
		}
	}
	ready := make(chan int, tasks)
	for s := 0; s < ns; s++ {
		if lo[s] >= 0 && pending[s] == 0 {
			ready <- s
		}
	}
	var (
		remaining = int64(tasks)
		stop      atomic.Bool
		mu        sync.Mutex
		failure   *snFailure
		panicked  any // the first panic of a task (a cancel stop, or a bug)
		wg        sync.WaitGroup
	)
	// task factors the supernodes of the task rooted at s; a panic stops
	// every task and is kept for the caller, so that the bookkeeping below
	// still drains the channel and no worker waits forever.
	task := func(s int, w *snWorkspace[T]) {
		defer func() {
			if r := recover(); r != nil {
				mu.Lock()
				if panicked == nil {
					panicked = r
				}
				mu.Unlock()
				stop.Store(true)
			}
		}()
		for t := lo[s]; t <= s && !stop.Load(); t++ {
			if tok.Cancelled() {
				stop.Store(true)
				return
			}
			if e := f.factorSupernode(t, rowsOfC, w); e.col >= 0 {
				mu.Lock()
				if failure == nil || e.col < failure.col {
					failure = &e
				}
				mu.Unlock()
				stop.Store(true)
			}
		}
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorkspace()
			for s := range ready {
				task(s, w)
				// Bookkeeping continues after a failure so that every task
				// drains and the channel closes.
				if atomic.AddInt64(&remaining, -1) == 0 {
					close(ready)
				} else if p := sy.sparent[s]; p >= 0 && atomic.AddInt32(&pending[p], -1) == 0 {
					ready <- p
				}
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		// Raised again on the caller, where the C boundary recovers it (a
		// cancel stop included: the dense kernels poll the token).
		panic(panicked)
	}
	return failure
}

// uninitSlice returns n values with undefined contents (memory.UninitBytes):
// the blocks of L, which every supernode clears itself before use, so that
// a gigabyte of L is not cleared on one goroutine up front; and LU's
// factors, appended to.
func uninitSlice[T interface{ elem | ~int }](n int) []T {
	if n == 0 {
		return nil
	}
	var zero T
	b := memory.UninitBytes(int64(n) * int64(unsafe.Sizeof(zero)))
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
}
