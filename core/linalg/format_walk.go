package linalg

import (
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// formatWalk multiplies a tensor stored in any format by a dense matrix,
// walking its levels fiber by fiber. The tensor is read as a matrix whose
// column is its last dim and whose row is its other dims flattened. Every
// format's index map is linear in the level coordinates (a dimension, a
// sum or difference closed by a range level, d / c and d % c), so each
// level moves the row, the column and every dim by a fixed step per unit
// of its coordinate: the walk keeps them as running sums, and at the last
// level hands the whole fiber to one leaf kernel, chosen once per fiber
// from the level's kind (a run of coordinates or a crd slice) and its
// steps (along a row: a dot; along a column: an axpy; else strided). Two
// trailing dense levels that form a block row- or column-major are one
// fiber: a dense tile. Row groups, a compressed column level over a dense
// level of s rows under a dense level (row pairs), go further: mv hands a
// whole run of groups to one kernel (groupAt, kernels.RowGroupsRun).
type formatWalk[I kernels.Index, V kernels.Number] struct {
	views  []ustorage.LevelView[I]
	shape  []int64
	val    []V
	step   [][]int64 // step[l][d]: how much a unit of level l's coordinate moves dim d
	rowOf  []int64   // the row step of each level
	colOf  []int64   // the column step of each level
	rng    bool      // a range level: fibers are clipped to the tensor
	tile   tileKind
	dims   [][]int64 // the running dims at each level
	bufs   [][]I     // decoded coordinates of each level's current fiber
	x, y   []V
	n      int
	leafAt int // the level whose fibers the leaf kernels take
	// groupAt is the dense level whose positions are row groups (-1 when
	// none): the two levels below it are a compressed column level over a
	// dense level of group rows, (i / s : dense, j : compressed, i % s :
	// dense), and mv hands its whole segment, or a part's range of it, to
	// one kernels.RowGroupsRun call instead of a walk step per group.
	groupAt int
}

// tileKind says whether the last two levels form a dense block.
type tileKind uint8

const (
	noTile tileKind = iota
	tileRows
	tileCols
)

func newFormatWalk[I kernels.Index, V kernels.Number](f format.Format, sizes, shape []int64, pos, crd [][]I, val []V) (*formatWalk[I, V], error) {
	views, err := ustorage.ViewsOf(f, sizes, pos, crd)
	if err != nil {
		return nil, err
	}
	x, err := format.NewIndexer(f)
	if err != nil {
		return nil, err
	}
	nl, nd := len(f.Levels), len(shape)
	// The walk's int64 tables are cut from one allocation: rowOf, colOf,
	// unit, stride, then step and dims nd a level.
	tab := make([]int64, 3*nl+nd+(2*nl+1)*nd)
	take := func(n int) []int64 {
		t := tab[:n:n]
		tab = tab[n:]
		return t
	}
	w := &formatWalk[I, V]{views: views, shape: shape, val: val, step: make([][]int64, nl), rowOf: take(nl), colOf: take(nl),
		dims: make([][]int64, nl+1), bufs: make([][]I, nl), leafAt: nl - 1, groupAt: -1}
	unit := take(nl)
	// The row stride of each leading dim in the flattened row.
	stride := take(nd)
	for d, s := nd-2, int64(1); d >= 0; d-- {
		stride[d], s = s, s*shape[d]
	}
	for l := range f.Levels {
		w.rng = w.rng || f.Levels[l].Kind == format.Range
		unit[l] = 1
		w.step[l] = take(nd)
		x.LvlToDim(unit, w.step[l])
		unit[l] = 0
		for d := 0; d < nd-1; d++ {
			w.rowOf[l] += stride[d] * w.step[l][d]
		}
		if nd > 0 {
			w.colOf[l] = w.step[l][nd-1]
		}
	}
	for l := range w.dims {
		w.dims[l] = take(nd)
	}
	if nl >= 2 && !w.rng && f.Levels[nl-2].Kind == format.Dense && f.Levels[nl-1].Kind == format.Dense {
		a, b := nl-2, nl-1
		switch {
		case w.rowOf[a] == 1 && w.colOf[a] == 0 && w.rowOf[b] == 0 && w.colOf[b] == 1:
			w.tile, w.leafAt = tileRows, a
		case w.rowOf[a] == 0 && w.colOf[a] == 1 && w.rowOf[b] == 1 && w.colOf[b] == 0:
			w.tile, w.leafAt = tileCols, a
		}
	}
	w.groupAt = w.rowGroups()
	return w, nil
}

// rowGroups returns the level whose positions are row groups (groupAt),
// else -1: a dense level moving the row by s and not the column, over a
// compressed level (one pos array) whose coordinate is the column, over
// the leaf, a dense level of s <= kernels.RowGroupMax rows; no range level.
func (w *formatWalk[I, V]) rowGroups() int {
	d, c, r := w.leafAt-2, w.leafAt-1, w.leafAt
	if d < 0 || w.rng || w.tile != noTile {
		return -1
	}
	lv, cv, gv := &w.views[r], &w.views[c], &w.views[d]
	switch {
	case lv.Kind != format.Dense || lv.Size < 1 || lv.Size > kernels.RowGroupMax || w.rowOf[r] != 1 || w.colOf[r] != 0:
	case cv.Kind != format.Compressed || cv.BatchRows != 0 || w.rowOf[c] != 0 || w.colOf[c] != 1:
	case gv.Kind != format.Dense || w.rowOf[d] != lv.Size || w.colOf[d] != 0:
	default:
		return d
	}
	return -1
}

// groupRun multiplies the row groups at level groupAt's positions [lo, hi)
// of the segment that starts at seg, whose row and column at seg are row
// and col, by x (mv): one kernel call for the run, storing its rows' sums
// where the groups cover y (storesAll), else adding them.
func (w *formatWalk[I, V]) groupRun(seg, lo, hi, row, col int64) {
	s := w.views[w.leafAt].Size
	cv := &w.views[w.leafAt-1]
	kernels.RowGroupsRun(int(s), cv.Pos[lo:hi+1], cv.Crd, w.val, w.x[col:], w.y[row+s*(lo-seg):], !w.storesAll())
}

// storesAll reports whether mv's group runs write every row of y once:
// the top level is the groups' dense level (its one segment is every
// group, its groups every row). Then the runs store their sums and y is
// not cleared first (a pass over y that cost row pairs some 20% of their
// mv); a sum from zero is never -0, so the bits are those of adding it to
// a zeroed y.
func (w *formatWalk[I, V]) storesAll() bool {
	return w.groupAt == 0 && w.n == 1 && w.views[0].Size*w.views[w.leafAt].Size == int64(len(w.y))
}

// product sets y (rows x n) = A @ x (x: cols x n, row-major); y's old
// contents are ignored.
func (w *formatWalk[I, V]) product(x []V, n int, y []V) {
	w.x, w.y, w.n = x, y, n
	if n != 1 {
		w.tile, w.leafAt = noTile, len(w.views)-1
	}
	if len(w.views) == 0 || !w.storesAll() {
		clear(y)
	}
	if len(w.views) == 0 { // a matrix has levels; a 0-d tensor is no operand here
		return
	}
	if w.groupAt == 0 && n == 1 {
		w.topGroups()
		return
	}
	lo, hi := w.views[0].Segment(0)
	parts := 1
	if w.topOwnsRows() {
		parts = min(parallel.Parts(int64(len(w.val))*int64(n)), int(hi-lo))
	}
	if parts <= 1 {
		w.walk(0, 0, 0, 0)
		return
	}
	bounds := parallel.SplitEven(int(hi-lo), parts)
	parallel.For(parts, func(p int) {
		w.fork().walkTop(lo, lo+int64(bounds[p]), lo+int64(bounds[p+1]))
	})
}

// topGroups runs mv of row groups at the top level (groupAt 0): its
// groups cut, by the columns they store, into fixed chunks that the
// goroutines take in turn (parallel.ForRows, as CSR's SpMV), each chunk one
// kernel call. A goroutine whose core is busy takes fewer chunks instead
// of holding up the call, and the chunk boundaries are where an assembly
// run can be preempted; each group lies in one chunk, so the bits are the
// same at any goroutine count.
func (w *formatWalk[I, V]) topGroups() {
	ng := w.views[0].Size
	pos := w.views[1].Pos[:ng+1]
	work := int64(pos[ng]-pos[0]) + ng
	if parallel.ChunkedParts(work) == 1 { // no closure: it would allocate
		w.groupRun(0, 0, ng, 0, 0)
		return
	}
	parallel.ForRows(pos, work, func(lo, hi int) {
		w.groupRun(0, int64(lo), int64(hi), 0, 0)
	})
}

// topOwnsRows reports whether the top level's positions write disjoint
// rows of y, so that parts of them run on their own goroutines with the
// same bits as one: its coordinates are distinct (dense, or a unique
// compressed level with one segment) and move the row by more than every
// level below it can (row pairs, (i / 2 : dense, j : compressed, i % 2 :
// dense): the top moves 2 rows, the rest 1 at most). A range level (its
// dims are clipped as the walk goes) and a leaf at the top never split.
func (w *formatWalk[I, V]) topOwnsRows() bool {
	if w.rng || w.leafAt < 1 {
		return false
	}
	top := &w.views[0]
	if top.Kind != format.Dense && (top.Kind != format.Compressed || top.Nonunique || top.BatchRows != 0) {
		return false
	}
	below := int64(0)
	for l := 1; l < len(w.views); l++ {
		below += abs64(w.rowOf[l]) * max(w.views[l].Size-1, 0)
	}
	return abs64(w.rowOf[0]) > below
}

func abs64(v int64) int64 { return max(v, -v) }

// fork returns a walk over the same storage, operands and choices with its
// own scratch (the dims and decoded coordinates it writes as it goes).
func (w *formatWalk[I, V]) fork() *formatWalk[I, V] {
	c := *w
	c.dims, c.bufs = make([][]int64, len(w.dims)), make([][]I, len(w.bufs))
	for l := range c.dims {
		c.dims[l] = make([]int64, len(w.shape))
	}
	return &c
}

// walkTop walks the top level's positions [q0, q1) of its one segment,
// which starts at seg (topOwnsRows: no range level, the leaf below it).
func (w *formatWalk[I, V]) walkTop(seg, q0, q1 int64) {
	if w.leafAt == 1 && w.n == 1 && w.lastLevelRange(0, seg, q0, q1, 0, 0) {
		return
	}
	top := &w.views[0]
	rs, cs := w.rowOf[0], w.colOf[0]
	for q := q0; q < q1; q++ {
		c := q - seg
		if top.Kind == format.Compressed {
			c = int64(top.Crd[q])
		}
		w.walk(1, q, rs*c, cs*c)
	}
}

// walk visits the children of parent position p at level l, whose row and
// column so far are row and col (and dims, w.dims[l]).
func (w *formatWalk[I, V]) walk(l int, p, row, col int64) {
	if l == w.leafAt {
		w.leaf(l, p, row, col)
		return
	}
	if l == w.groupAt && w.n == 1 {
		lo, hi := w.views[l].Segment(p)
		w.groupRun(lo, lo, hi, row, col)
		return
	}
	if l+1 == w.leafAt && w.n == 1 && !w.rng {
		if w.lastLevel(l, p, row, col) {
			return
		}
	}
	v := &w.views[l]
	lo, hi := v.Segment(p)
	rs, cs := w.rowOf[l], w.colOf[l]
	cur, next, st := w.dims[l], w.dims[l+1], w.step[l]
	switch v.Kind {
	case format.Dense, format.Batch, format.Range:
		for q := lo; q < hi; q++ {
			c := q - lo
			w.move(cur, next, st, c)
			w.walk(l+1, q, row+rs*c, col+cs*c)
		}
	default:
		cs0 := v.Coords(lo, hi, w.bufs[l])
		if v.Kind == format.Delta {
			w.bufs[l] = cs0
		}
		for k, ci := range cs0 {
			c := int64(ci)
			w.move(cur, next, st, c)
			w.walk(l+1, lo+int64(k), row+rs*c, col+cs*c)
		}
	}
}

// move sets next = cur + c * step where the walk needs the dims (a range
// level's clipping); otherwise it does nothing.
func (w *formatWalk[I, V]) move(cur, next, step []int64, c int64) {
	if !w.rng {
		return
	}
	for d := range next {
		next[d] = cur[d] + c*step[d]
	}
}

// clip returns the coordinates [lo, hi) of level l's fiber that fall inside
// the tensor, given the dims at its parent (0, size when the format has no
// range level: every stored coordinate does).
func (w *formatWalk[I, V]) clip(l int, size int64) (lo, hi int64) {
	lo, hi = 0, size
	if !w.rng {
		return lo, hi
	}
	base, st := w.dims[l], w.step[l]
	for d, b := range base {
		s, n := st[d], w.shape[d]
		switch {
		case s == 0:
			if b < 0 || b >= n {
				return 0, 0
			}
		case s > 0: // 0 <= b + s*c <= n-1
			lo = max(lo, ceilDiv(-b, s))
			hi = min(hi, floorDiv(n-1-b, s)+1)
		default:
			lo = max(lo, ceilDiv(n-1-b, s))
			hi = min(hi, floorDiv(-b, s)+1)
		}
	}
	return lo, max(hi, lo)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// leaf runs the leaf kernel of level l's fiber under parent position p.
func (w *formatWalk[I, V]) leaf(l int, p, row, col int64) {
	v := &w.views[l]
	lo, hi := v.Segment(p)
	switch w.tile {
	case tileRows, tileCols:
		w.tileLeaf(l, lo, hi, row, col)
		return
	}
	rs, cs := w.rowOf[l], w.colOf[l]
	switch v.Kind {
	case format.Dense, format.Batch, format.Range:
		c0, c1 := w.clip(l, hi-lo)
		if c0 >= c1 {
			return
		}
		w.runLeaf(w.val[lo+c0:lo+c1], c0, row, col, rs, cs)
	default:
		if w.rng && w.fixedOut(l) {
			return
		}
		cs0 := v.Coords(lo, hi, w.bufs[l])
		if v.Kind == format.Delta {
			w.bufs[l] = cs0
		}
		w.idxLeaf(w.val[lo:hi], cs0, row, col, rs, cs)
	}
}

// fixedOut reports whether a dim that level l does not move is outside the
// tensor (so its whole fiber is padding).
func (w *formatWalk[I, V]) fixedOut(l int) bool {
	for d, b := range w.dims[l] {
		if w.step[l][d] == 0 && (b < 0 || b >= w.shape[d]) {
			return true
		}
	}
	return false
}

// runLeaf multiplies the fiber of values val at coordinates c0, c0+1, ...
func (w *formatWalk[I, V]) runLeaf(val []V, c0, row, col, rs, cs int64) {
	x, y, n := w.x, w.y, w.n
	if n == 1 {
		switch {
		case rs == 0 && cs == 1:
			y[row] += kernels.DotRun(val, x[col+c0:])
		case rs == 1 && cs == 0:
			kernels.AxpyRun(x[col], val, y[row+c0:])
		default:
			kernels.StridedRun(val, int(c0), x, int(col), int(cs), y, int(row), int(rs))
		}
		return
	}
	r, c := row+rs*c0, col+cs*c0
	for _, a := range val {
		kernels.AxpyRun(a, x[c*int64(n):(c+1)*int64(n)], y[r*int64(n):(r+1)*int64(n)])
		r += rs
		c += cs
	}
}

// idxLeaf multiplies the fiber of values val at coordinates idx.
func (w *formatWalk[I, V]) idxLeaf(val []V, idx []I, row, col, rs, cs int64) {
	x, y, n := w.x, w.y, w.n
	if n == 1 {
		switch {
		case rs == 0 && cs == 1 && col >= 0:
			y[row] += kernels.DotIdx(val, idx, x[col:])
		case rs == 1 && cs == 0 && row >= 0:
			kernels.AxpyIdx(x[col], val, idx, y[row:])
		default:
			kernels.StridedIdx(val, idx, x, int(col), int(cs), y, int(row), int(rs))
		}
		return
	}
	nn := int64(n)
	for k, ci := range idx {
		r, c := row+rs*int64(ci), col+cs*int64(ci)
		kernels.AxpyRun(val[k], x[c*nn:(c+1)*nn], y[r*nn:(r+1)*nn])
	}
}

// tileLeaf multiplies the dense block under level l's positions [lo, hi):
// level l's extent by level l+1's values, moving the row then the column
// (tileRows) or the column then the row (tileCols).
func (w *formatWalk[I, V]) tileLeaf(l int, lo, hi, row, col int64) {
	s1, s2 := w.views[l].Size, w.views[l+1].Size
	x, y := w.x, w.y
	blk := w.val[lo*s2 : hi*s2]
	if w.tile == tileRows {
		kernels.TileRowMajor(blk, int(s1), int(s2), x[col:], y[row:])
		return
	}
	kernels.TileColMajor(blk, int(s2), int(s1), x[col:], y[row:])
}

// lastLevel runs the leaf kernels of every child of parent position p at
// level l, the level above the leaf, in one loop per kind of leaf (mv, no
// range level): the choice made once for the parent's segment, not once
// per fiber. It reports false, having done nothing, for a leaf it has no
// loop for.
func (w *formatWalk[I, V]) lastLevel(l int, p, row, col int64) bool {
	lo, hi := w.views[l].Segment(p)
	return w.lastLevelRange(l, lo, lo, hi, row, col)
}

// lastLevelRange is lastLevel over the positions [lo, hi) of the segment
// that starts at seg (a part of the top level's one segment, walkTop; a
// delta level is only ever decoded from its segment's start).
func (w *formatWalk[I, V]) lastLevelRange(l int, seg, lo, hi, row, col int64) bool {
	v, leaf := &w.views[l], &w.views[l+1]
	rs, cs := w.rowOf[l], w.colOf[l]
	lr, lc := w.rowOf[l+1], w.colOf[l+1]
	var crd []I
	if v.Kind != format.Dense && v.Kind != format.Batch {
		crd = v.Coords(lo, hi, w.bufs[l])
		if v.Kind == format.Delta {
			w.bufs[l] = crd
		}
	}
	// coord is the coordinate of level l at position q.
	coord := func(q int64) int64 {
		if crd == nil {
			return q - seg
		}
		return int64(crd[q-lo])
	}
	x, y, val := w.x, w.y, w.val
	switch {
	case w.tile != noTile:
		s1, s2 := leaf.Size, w.views[l+2].Size
		bs := s1 * s2
		for q := lo; q < hi; q++ {
			c := coord(q)
			r, k := row+rs*c, col+cs*c
			if w.tile == tileRows {
				kernels.TileRowMajor(val[q*bs:(q+1)*bs], int(s1), int(s2), x[k:], y[r:])
			} else {
				kernels.TileColMajor(val[q*bs:(q+1)*bs], int(s2), int(s1), x[k:], y[r:])
			}
		}
	case leaf.Kind == format.Dense && lr == 0 && lc == 1:
		s := leaf.Size
		for q := lo; q < hi; q++ {
			c := coord(q)
			y[row+rs*c] += kernels.DotRun(val[q*s:(q+1)*s], x[col+cs*c:])
		}
	case leaf.Kind == format.Dense && lr == 1 && lc == 0 && leaf.Size == 2 && crd != nil && rs == 0 && cs == 1:
		// Row pairs: each stored column of a pair of rows holds two
		// values, one per row; the pair's sums stay in registers.
		var s0, s1 V
		for k, c := range crd {
			v, a := val[(lo+int64(k))*2:][:2], x[col+int64(c)]
			s0 += a * v[0]
			s1 += a * v[1]
		}
		y[row] += s0
		y[row+1] += s1
	case leaf.Kind == format.Dense && lr == 1 && lc == 0:
		s := leaf.Size
		for q := lo; q < hi; q++ {
			c := coord(q)
			r, a := row+rs*c, x[col+cs*c]
			for t, v := range val[q*s : (q+1)*s] {
				y[r+int64(t)] += a * v
			}
		}
	case leaf.Kind == format.Compressed && leaf.BatchRows == 0 && lr == 0 && lc == 1:
		for q := lo; q < hi; q++ {
			c := coord(q)
			a, b := int64(leaf.Pos[q]), int64(leaf.Pos[q+1])
			y[row+rs*c] += kernels.DotIdx(val[a:b], leaf.Crd[a:b], x[col+cs*c:])
		}
	case leaf.Kind == format.Compressed && leaf.BatchRows == 0 && lr == 1 && lc == 0:
		for q := lo; q < hi; q++ {
			c := coord(q)
			a, b := int64(leaf.Pos[q]), int64(leaf.Pos[q+1])
			kernels.AxpyIdx(x[col+cs*c], val[a:b], leaf.Crd[a:b], y[row+rs*c:])
		}
	default:
		return false
	}
	return true
}
