package solve

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// luNumeric holds P A Q = L U for a square A of order n: L unit lower
// triangular with its diagonal stored first in each column, U upper
// triangular with its diagonal stored last, both by columns with rows in
// pivot order; pinv[i] is the pivot position of A's row i and q[k] the
// column of A factored k-th.
type luNumeric[T elem] struct {
	n       int
	lp, li  []int
	lx      []T
	up, ui  []int
	ux      []T
	pinv, q []int
	// perm is pinv's inverse: perm[k] is the row of A pivotal at column k,
	// set as column k is finished (the search reads a supernode's pivot
	// rows there: one array, in column order, instead of each column's
	// first entry of L).
	perm       []int
	entryBytes int64
	// pend[j] ends the part of L's column j that the depth-first search
	// follows (Eisenstat and Liu's symmetric pruning shortens it); pruned[j]
	// records that it was shortened.
	pend   []int
	pruned []bool
	// snFirst[j] is the first column of column j's supernode and
	// snLast[f] the last so far of the supernode starting at f
	// (lu_reach.go); supernodeColumns counts the columns that joined the
	// supernode before them.
	snFirst, snLast  []int
	supernodeColumns int
	// panelColumns counts the columns factored in supernodal panels,
	// growths the times the factors' storage was copied into a larger one.
	panelColumns, growths int
	// firstSize is the entries each factor's storage was first given,
	// guessed when it came from the fill guess.
	firstSize int64
	guessed   bool
	// lazyGuess, when not nil, makes the fill guess put off until the
	// storage first runs out or a task is sized (takeLazyGuess); maxGuess
	// caps any guess.
	lazyGuess func() int64
	maxGuess  int64
	// tok is the caller's cancel token (nil: none), checked on every
	// goroutine that factors columns.
	tok *cancel.Token
	// sched is the scheduler of the subtrees (lu_parallel.go), nil when
	// the columns are factored in one pass; errCol is the column (or the
	// panel's first) where factorColumns failed.
	sched  *luSched[T]
	errCol int
	// tasks counts the subtrees factored into storage of their own.
	tasks int
}

// factorLU runs Gilbert and Peierls' left-looking LU on the CSC matrix a
// with columns taken in the order q: column k of L and U comes from a sparse
// triangular solve with the columns of L found so far, whose nonzero pattern
// a depth-first search finds first (so the work is proportional to the
// arithmetic). The pivot is the largest candidate in magnitude, unless the
// diagonal entry reaches tol times it. Where L's columns run dense, panels
// of consecutive columns take the updates of the supernodes before them as
// dense blocks (lu_supernodal.go); the pivots and the fill are the same.
// fillGuess, when positive, sizes each factor's storage at the start
// (symmetricFillGuess); 0 when there is none.
func factorLU[T elem](a *compressed[T], q []int, tol float64, eb, fillGuess int64) (*luNumeric[T], error) {
	return factorLUSized(a, q, tol, eb, luSizing{guess: fillGuess, trim: true})
}

// luSizing is how factorLU sizes the factors' storage: guess, when
// positive, is the first size (symmetricFillGuess); lazy, when not nil,
// makes the guess only should the storage run out (takeLazyGuess); trim
// copies factors holding a large excess into storage of their size at the
// end (kept factors: Splu's).
type luSizing struct {
	guess int64
	lazy  func() int64
	trim  bool
}

// factorLUSized is factorLU with the storage sized as s says.
func factorLUSized[T elem](a *compressed[T], q []int, tol float64, eb int64, s luSizing) (*luNumeric[T], error) {
	n, fillGuess := a.cols, s.guess
	if err := checkBytes("splu: workspace", int64(n)*12, 8); err != nil {
		return nil, err
	}
	// Two allocations for the twelve integer arrays (on small matrices the
	// allocations are a good part of the time): the factor's, then the
	// scratch of the search and of the supernodes. Each entry is set
	// before it is read (lp, up and pend as their column is factored,
	// pinv and visited below, the search's arrays as it pushes), except
	// the supernodes' marks, cleared here.
	kept, scratch := unzeroed[int](5*n+2), unzeroed[int](7*n)
	clear(scratch[6*n:])
	f := &luNumeric[T]{n: n, lp: kept[:n+1], up: kept[n+1 : 2*n+2], pinv: kept[2*n+2 : 3*n+2], q: q, entryBytes: eb,
		pend: kept[3*n+2 : 4*n+2], perm: kept[4*n+2:], pruned: make([]bool, n), snFirst: scratch[4*n : 5*n], snLast: scratch[5*n : 6*n],
		tok: cancel.Current()}
	for i := range f.pinv {
		f.pinv[i] = -1
	}
	// Each factor's first size: the guess (lu_guess.go) when there is
	// one and it fits, else twice A's entries; the storage grows from there.
	// The guess is taken up to 16 times that: on an unsymmetric pattern
	// A + A^T may fill far more than LU does, and the excess would be
	// reserved (untouched, but counted) until the end. A guess below twice
	// A's entries is taken too: on a matrix that barely fills (arrow: 3n
	// against 7n) the larger storage was reserved and then copied into
	// trimmed storage at the end.
	guess := int64(2*len(a.idx) + n)
	f.maxGuess, f.lazyGuess = 16*guess, s.lazy
	if fillGuess = min(fillGuess, f.maxGuess); fillGuess > 0 && checkBytes("", 2*fillGuess, eb) == nil {
		guess, f.guessed = fillGuess, true
	}
	if checkBytes("", 2*guess, eb) != nil {
		guess = int64(n)
	}
	err := checkBytes("splu: factors", 2*guess, eb)
	if err != nil {
		return nil, err
	}
	f.firstSize = guess
	f.li, f.lx = unzeroed[int](int(guess))[:0], unzeroed[T](int(guess))[:0]
	f.ui, f.ux = unzeroed[int](int(guess))[:0], unzeroed[T](int(guess))[:0]
	w := &luWork[T]{x: make([]T, n), xi: scratch[:n], stack: scratch[n : 2*n], pstack: scratch[2*n : 3*n], visited: scratch[3*n:]}
	for i := range w.visited {
		w.visited[i] = -1
	}
	sn := newLUSupernodes[T](n, scratch[6*n:])
	var first []int // subtrees of the column elimination tree (lu_parallel.go)
	if n >= luSplitMinColumns && checkBytes("", 3*int64(n), 8) == nil {
		first = columnSubtrees(a, q)
	}
	if first != nil {
		err = f.factorTree(a, first, tol, luWorkers(), w, sn)
	} else {
		err = f.factorColumns(a, 0, n, tol, w, sn)
	}
	if err != nil {
		return nil, err
	}
	f.lp[n], f.up[n] = len(f.li), len(f.ui)
	f.dropZerosOfL()
	li, pinv := f.li, f.pinv // through f, each step reloaded them (the store might alias)
	for p, i := range li {
		li[p] = pinv[i]
	}
	f.lazyGuess = nil // the closure holds A's views
	if s.trim {
		f.li, f.lx = trimmed(f.li), trimmed(f.lx)
		f.ui, f.ux = trimmed(f.ui), trimmed(f.ux)
	}
	return f, nil
}

// factorColumns factors columns lo .. hi-1 (all columns before lo done,
// in f's storage): one at a time, or in panels (never past hi) where L's
// columns run dense. The token is checked before each column.
func (f *luNumeric[T]) factorColumns(a *compressed[T], lo, hi int, tol float64, w *luWork[T], sn *luSupernodes[T]) error {
	q := f.q
	for k := lo; k < hi; {
		f.errCol = k
		if f.sched != nil && int64(k) > f.sched.failedAt.Load() {
			return errLUStopped // a column before k failed: k's result would not be used
		}
		if width := min(sn.panelWidth(f, k), hi-k); width > 1 {
			if err := f.factorPanel(a, k, width, tol, w, sn); err != nil {
				return err
			}
			k += width
			continue
		}
		f.tok.Check() // one atomic load a column
		c := q[k]
		f.lp[k], f.up[k] = len(f.li), len(f.ui)
		top := f.reach(a.idx[a.ptr[c]:a.ptr[c+1]], w.xi, w.stack, w.pstack, w.visited, k, 0)
		if err := f.reserve(f.n-top+1, k); err != nil {
			return err
		}
		x := w.x
		vals := a.val[a.ptr[c]:a.ptr[c+1]]
		for p, i := range a.idx[a.ptr[c]:a.ptr[c+1]] {
			x[i] += vals[p]
		}
		f.applyColumns(x, w.xi[top:], 0)
		if err := f.finishColumn(x, w.xi[top:], w.stack, c, k, tol); err != nil {
			return err
		}
		sn.columnDone(f, k)
		k++
	}
	return nil
}

// luMakeMaxBytes: buffers of unzeroed up to this size come from make, zeroed.
// Larger buffers of memory.UninitBytes (4 KB and up) are remembered for
// recycling, through a weak pointer (one allocation more) under a lock: on
// a small matrix (west0067's four arrays of 655 entries) that cost more
// than the zeroing and was a tenth of a solve's allocations.
const luMakeMaxBytes = 32 << 10

// unzeroed returns n entries whose contents the caller overwrites before
// reading them (the factors' storage, scratch set before use, arrays filled
// whole): uninitialized when large (uninitSlice). Clearing the buffers of
// a solve that barely fills was a tenth of its time (arrow: 4n-word arrays
// made zero and then written over).
func unzeroed[S interface{ elem | ~int }](n int) []S {
	var zero S
	if int64(n)*int64(unsafe.Sizeof(zero)) <= luMakeMaxBytes {
		return make([]S, n)
	}
	return uninitSlice[S](n)
}

// trimMinEntries: spare capacity below this is kept (a copy would cost
// more than the memory, and small solves count their allocations).
const trimMinEntries = 1 << 16

// trimmed returns s, or a copy without its spare capacity when that is
// more than a quarter of it and large (a guess above the fill, or a growth
// that overshot): the factor is kept as long as the caller holds it.
func trimmed[S interface{ elem | ~int }](s []S) []S {
	if spare := cap(s) - len(s); spare <= cap(s)/4 || spare < trimMinEntries {
		return s
	}
	out := uninitSlice[S](len(s))
	copy(out, s)
	return out
}

// dropZerosOfL removes the exact zeros below L's diagonal once the
// factorization is done (finishColumn keeps them for the pruning's sake):
// the solves then skip them and the factor holds only its nonzeros, as
// SuperLU's does.
func (f *luNumeric[T]) dropZerosOfL() {
	li, lx := f.li, f.lx
	// Up to the first zero every entry stays where it is: only read.
	first := 0
	for first < len(lx) && lx[first] != 0 {
		first++
	}
	if first == len(lx) {
		return
	}
	j := 0
	for f.lp[j+1] <= first {
		j++
	}
	at := first
	for p := first; p < f.lp[j+1]; p++ { // the rest of the first zero's column
		if lx[p] != 0 {
			li[at], lx[at] = li[p], lx[p]
			at++
		}
	}
	for j++; j < f.n; j++ {
		start, end := f.lp[j], f.lp[j+1]
		f.lp[j] = at
		li[at], lx[at] = li[start], lx[start] // the unit diagonal
		at++
		for p := start + 1; p < end; p++ {
			if lx[p] != 0 {
				li[at], lx[at] = li[p], lx[p]
				at++
			}
		}
	}
	f.lp[f.n] = at
	f.li, f.lx = li[:at], lx[:at]
}

// luWork is the scratch of factorLU: the dense column x (zero between
// columns) and the depth-first search's arrays.
type luWork[T elem] struct {
	x                          []T
	xi, stack, pstack, visited []int
}

// finishColumn ends column k (A's column c) once x holds its updated values
// at the rows reached: it picks the pivot, appends U's column (the pivotal
// rows, the pivot last) and L's (the pivot row first, then the others
// divided by the pivot, in the order of column k-1's rows when k joins its
// supernode: lu_runs.go), zeroes x there and prunes. Among candidates of
// equal magnitude the highest row wins, so that the pivots do not depend on
// the order the search found the rows in (the panels search in another).
// U's entries that came out exactly zero (cancellation) are not stored:
// they change no result.
// L keeps its zeros until the end (dropZerosOfL): the symmetric pruning
// needs L's columns to hold every row their search reached. A column without a
// candidate or with only zero candidates is refused naming c.
//
// The pass over reached only sorts the rows: the candidates, searched for
// the pivot, move to the front of reached (overwritten) and U's rows go to
// rows (n long, scratch), so that U's pass, L's and the pruning's read only
// their own rows.
func (f *luNumeric[T]) finishColumn(x []T, reached, rows []int, c, k int, tol float64) error {
	pinv := f.pinv
	ipiv, amax, candidates, nu := sortReached(x, reached, rows, pinv)
	urows, cands := rows[:nu], reached[:candidates]
	prevReached := false
	// The columns the pruning may shorten (unpruned last columns of their
	// supernodes) replace U's rows at the front of rows as they are read:
	// the pruning then reads only those.
	np := 0
	for _, i := range urows {
		J := pinv[i]
		if J == k-1 {
			prevReached = true
		}
		if v := x[i]; v != 0 {
			f.ui = append(f.ui, J)
			f.ux = append(f.ux, v)
		}
		x[i] = 0
		if !f.pruned[J] && f.isRepresentative(J) {
			rows[np] = J
			np++
		}
	}
	if candidates == 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "A: the matrix is structurally singular: zero pivot in column %d", c)
	}
	if !(amax > 0) || ipiv < 0 {
		clearAt(x, cands)
		return errs.Errorf(errs.ErrInvalidArgument, "A: the matrix is singular: zero pivot in column %d", c)
	}
	// x[c] first: row c is read only when the search reached it (under
	// lu_parallel.go a row not reached may be another goroutine's). U's
	// rows are zero in x by now, and pivotal.
	if t := magnitude(x[c]); t > 0 && t >= tol*amax && pinv[c] < 0 {
		ipiv = c
	}
	pivot := x[ipiv]
	f.ui = append(f.ui, k)
	f.ux = append(f.ux, pivot)
	pinv[ipiv], f.perm[k] = k, ipiv
	join := f.joinsSupernode(k, candidates, prevReached)
	f.li = append(f.li, ipiv)
	f.lx = append(f.lx, 1)
	if join {
		// The candidates are k-1's rows below its pivot: L's rows go in
		// the supernode's order (lu_runs.go).
		for _, i := range f.alignSupernode(k, ipiv) {
			f.li = append(f.li, i)
			f.lx = append(f.lx, x[i]/pivot)
			x[i] = 0
		}
		x[ipiv] = 0
	} else {
		for _, i := range cands {
			if i != ipiv {
				f.li = append(f.li, i)
				f.lx = append(f.lx, x[i]/pivot)
			}
			x[i] = 0
		}
	}
	f.pend[k] = len(f.li)
	f.joinSupernode(k, join)
	f.prune(rows[:np], ipiv, k, join)
	return nil
}

// sortReached moves the candidates (rows not pivotal) among reached to its
// front and U's rows (pivotal) to rows, in the order reached holds them, and
// returns the candidates' pivot: the largest in magnitude, the highest row
// among equals (-1 when none is above -1), with its magnitude and the counts
// of candidates and of U's rows.
func sortReached[T elem](x []T, reached, rows, pinv []int) (ipiv int, amax float64, candidates, nu int) {
	if xr, ok := any(x).([]float64); ok {
		return sortReachedReal(xr, reached, rows, pinv)
	}
	ipiv, amax = -1, -1
	for _, i := range reached {
		if pinv[i] >= 0 {
			rows[nu] = i
			nu++
			continue
		}
		reached[candidates] = i
		candidates++
		if t := magnitude(x[i]); t > amax || t == amax && i > ipiv {
			amax, ipiv = t, i
		}
	}
	return ipiv, amax, candidates, nu
}

// sortReachedReal is sortReached for float64 with math.Abs inline: the
// generic magnitude is a call per candidate (its type switch is not
// resolved in the shared float64 shape).
func sortReachedReal(x []float64, reached, rows, pinv []int) (ipiv int, amax float64, candidates, nu int) {
	ipiv, amax = -1, -1
	for _, i := range reached {
		if pinv[i] >= 0 {
			rows[nu] = i
			nu++
			continue
		}
		reached[candidates] = i
		candidates++
		if t := math.Abs(x[i]); t > amax || t == amax && i > ipiv {
			amax, ipiv = t, i
		}
	}
	return ipiv, amax, candidates, nu
}

// prune applies symmetric pruning after column k, whose pivot row is ipiv,
// given the columns of U's rows (pivotal rows reached) that were unpruned
// last columns of their supernodes before k: for each column J of L that
// updated the column and holds row ipiv (L[ipiv, J] != 0), the rows of L's
// column J not yet pivotal are reachable through the new column as well,
// so the search stops following them there (they move behind pend[J]; the
// numeric updates still use them). Only the last columns of supernodes are
// pruned: the search follows no other, and when k joined k-1's supernode
// (join), k-1 is no longer one.
func (f *luNumeric[T]) prune(cols []int, ipiv, k int, join bool) {
	for _, J := range cols {
		if join && J == k-1 {
			continue
		}
		start, end := f.lp[J]+1, f.lp[J+1]
		found := false
		for p := start; p < end; p++ {
			if f.li[p] == ipiv {
				found = true
				break
			}
		}
		if !found {
			continue
		}
		// Pivotal rows first, the others after pend[J].
		lo, hi := start, end-1
		for lo <= hi {
			if f.pinv[f.li[lo]] >= 0 {
				lo++
				continue
			}
			f.li[lo], f.li[hi] = f.li[hi], f.li[lo]
			f.lx[lo], f.lx[hi] = f.lx[hi], f.lx[lo]
			hi--
		}
		f.pend[J] = lo
		f.pruned[J] = true
	}
}

// scatterSub subtracts xj times the column (rows, vals) of L from the dense
// column x: the inner loop of the left-looking LU. Eight entries a step,
// then four, with the slices' bounds checked once a step: the updates are
// at distinct rows, so the order of the subtractions does not matter. The
// columns average tens of entries (53 on the 200^2 convection-diffusion
// operator): four a step spent a fifth of the instructions on the loop.
func scatterSub[T elem](x []T, rows []int, vals []T, xj T) {
	vals = vals[:len(rows)]
	p := 0
	for ; p+8 <= len(rows); p += 8 {
		r, v := rows[p:p+8:p+8], vals[p:p+8:p+8]
		x[r[0]] -= v[0] * xj
		x[r[1]] -= v[1] * xj
		x[r[2]] -= v[2] * xj
		x[r[3]] -= v[3] * xj
		x[r[4]] -= v[4] * xj
		x[r[5]] -= v[5] * xj
		x[r[6]] -= v[6] * xj
		x[r[7]] -= v[7] * xj
	}
	if p+4 <= len(rows) {
		r, v := rows[p:p+4:p+4], vals[p:p+4:p+4]
		x[r[0]] -= v[0] * xj
		x[r[1]] -= v[1] * xj
		x[r[2]] -= v[2] * xj
		x[r[3]] -= v[3] * xj
		p += 4
	}
	for ; p < len(rows); p++ {
		x[rows[p]] -= vals[p] * xj
	}
}

// clearAt zeroes x at the given positions.
func clearAt[T elem](x []T, at []int) {
	for _, i := range at {
		x[i] = 0
	}
}

// reserve makes room for more entries in both factors, refusing growth past
// the memory limit: the fill of LU with pivoting is known only as it happens.
// It is called once a column: where both have room it returns at once,
// neither calling reserveEach (whose closure is not inlined) nor storing
// f's four slices again (a write barrier each while the collector marks).
func (f *luNumeric[T]) reserve(more, k int) error {
	if len(f.li)+more <= cap(f.li) && len(f.ui)+more <= cap(f.ui) {
		return nil
	}
	return f.reserveEach(more, more, k)
}

// takeLazyGuess makes the fill guess that factorLU put off (Spsolve's:
// on a matrix that barely fills, arrow, the count was a sixth of the
// solve's time and the default storage held the factors): from then on
// the storage grows as if the guess had sized it at the start.
func (f *luNumeric[T]) takeLazyGuess() {
	g := min(f.lazyGuess(), f.maxGuess)
	f.lazyGuess = nil
	if g > f.firstSize && checkBytes("", 2*g, f.entryBytes) == nil {
		f.firstSize, f.guessed = g, true
	}
}

// reserveEach is reserve with moreL entries for L and moreU for U. Under
// lu_parallel.go's scheduler the limit counts every goroutine's storage.
func (f *luNumeric[T]) reserveEach(moreL, moreU, k int) error {
	if f.lazyGuess != nil {
		f.takeLazyGuess() // the storage ran out
	}
	grow := func(idx []int, val []T, other, more int) ([]int, []T, error) {
		need := len(idx) + more
		if need <= cap(idx) {
			return idx, val, nil
		}
		held := int64(other) // the other factor's storage; this one's is replaced
		if f.sched != nil {
			held = f.sched.held.Load() // both of every goroutine's, and their blocks
		}
		nc := max(2*cap(idx), need)
		if f.guessed && int64(cap(idx)) < f.firstSize {
			nc = max(int(f.firstSize), need) // a guess made late (takeLazyGuess)
		} else if f.guessed && int64(cap(idx)) == f.firstSize {
			// The guess ran short (pivots off the diagonal): the fill is
			// near it, and a doubling would leave half the storage unused
			// (pushpull: 62 MB allocated for 31 MB of factors, then copied
			// into trimmed storage).
			nc = max(cap(idx)+cap(idx)/4, need)
		}
		if checkBytes("", int64(nc)+held, f.entryBytes) != nil {
			nc = need
		}
		if err := checkBytes("", int64(nc)+held, f.entryBytes); err != nil {
			return nil, nil, errs.Errorf(errs.ErrTooLarge, "splu: at column %d of %d the factors need more than %d entries of %d bytes, above the memory limit of %d bytes", k, f.n, int64(nc)+held, f.entryBytes, tensor.MemoryLimit())
		}
		if f.sched != nil {
			f.sched.held.Add(int64(nc - cap(idx)))
		}
		f.growths++
		ni := unzeroed[int](nc)[:len(idx)]
		nv := unzeroed[T](nc)[:len(val)]
		copy(ni, idx)
		copy(nv, val)
		return ni, nv, nil
	}
	var err error
	if f.li, f.lx, err = grow(f.li, f.lx, cap(f.ui), moreL); err != nil {
		return err
	}
	f.ui, f.ux, err = grow(f.ui, f.ux, cap(f.li), moreU)
	return err
}

// solveInPlace overwrites b (in A's row order) with x solving A x = b, using
// y as scratch. Columns of one entry below (above) the diagonal are
// subtracted inline and empty ones skipped: on a matrix that barely fills
// (arrow: nearly every column) scatterSub's call and set-up were most of
// the solve.
func (f *luNumeric[T]) solveInPlace(b, y []T) {
	n := f.n
	for i, v := range b {
		y[f.pinv[i]] = v
	}
	lp, li, lx := f.lp, f.li, f.lx
	for j := 0; j < n; j++ {
		yj := y[j]
		if yj == 0 {
			continue
		}
		switch lo, hi := lp[j]+1, lp[j+1]; {
		case hi-lo == 1:
			y[li[lo]] -= lx[lo] * yj
		case hi > lo:
			scatterSub(y, li[lo:hi], lx[lo:hi], yj)
		}
	}
	up, ui, ux := f.up, f.ui, f.ux
	for j := n - 1; j >= 0; j-- {
		lo, d := up[j], up[j+1]-1
		y[j] /= ux[d]
		yj := y[j]
		if yj == 0 {
			continue
		}
		switch {
		case d-lo == 1:
			y[ui[lo]] -= ux[lo] * yj
		case d > lo:
			scatterSub(y, ui[lo:d], ux[lo:d], yj)
		}
	}
	for k, c := range f.q {
		b[c] = y[k]
	}
}

// solveTransposedInPlace overwrites c with x solving A^T x = c (the
// transpose, not the conjugate transpose): U^T z = c[q], L^T w = z, x = P^T w.
func (f *luNumeric[T]) solveTransposedInPlace(c, y []T) {
	n := f.n
	for k, col := range f.q {
		y[k] = c[col]
	}
	up, ui, ux := f.up, f.ui, f.ux
	for j := 0; j < n; j++ {
		d := up[j+1] - 1
		s := y[j]
		for p := up[j]; p < d; p++ {
			s -= ux[p] * y[ui[p]]
		}
		y[j] = s / ux[d]
	}
	lp, li, lx := f.lp, f.li, f.lx
	for j := n - 1; j >= 0; j-- {
		s := y[j]
		for p := lp[j] + 1; p < lp[j+1]; p++ {
			s -= lx[p] * y[li[p]]
		}
		y[j] = s
	}
	for i := range c {
		c[i] = y[f.pinv[i]]
	}
}
