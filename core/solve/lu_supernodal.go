package solve

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Supernodal panels for factorLU. A supernode is a run of consecutive
// columns of L stored as one dense block: a unit lower triangle over their
// pivot rows on top of a rectangle over the other rows of their columns.
// Runs are relaxed as CHOLMOD's are: a column joins the run before it when
// the block stays at least half nonzero, so the block holds some zeros and
// is wider. Blocks are built from L's columns only when a panel first needs
// one (a factorization without panels builds none); the CSC columns of L
// stay as they are, for the solves and L().
//
// Where L's columns run dense, factorLU takes panelWidth columns at once:
// the updates from every supernode before the panel become one dense
// triangular solve and one product (kernels.GemmSubNT for float64) over the
// panel's columns that the supernode reaches, instead of one scattered
// update per column of L and column of the panel. The panel's columns are
// then finished one by one as before (updates from the panel's own earlier
// columns, then threshold partial pivoting), so the pivots, the fill and the
// checks do not change; only the order of the additions does.

// luPanels switches the panels on; tests turn it off to compare with the
// column-at-a-time path.
var luPanels = true

// panelMinRows: a panel starts at column k when L's column k-1 has at least
// this many rows below its pivot, and panels go on while U's columns have
// this many entries; sparser columns gain nothing from dense blocks (on
// bayer10 and cryg2500, whose fronts reach 100 rows, the panels are
// slower) and keep the column-at-a-time updates. Tests lower it to take
// small matrices through the panels.
var panelMinRows = 160

const (
	// panelWidth is the number of columns of a panel; the panel's columns
	// that a supernode reaches are the width of its products (and at most
	// 32, the bits of a mask).
	panelWidth = 32
	// blockMinColumns and blockMinRows: narrower or shorter supernodes
	// get no dense block and update the panels column by column.
	blockMinColumns = 4
	blockMinRows    = 16
	// trsmBlock is the column block of the dense triangular solve: the
	// rows below a block are updated through one product. The blocks'
	// triangles run in scalar Go loops and the products in the kernels'
	// tiles, so narrow blocks pay: BenchmarkTrsmUnitLowerT, one thread,
	// 16 and 32 right-hand sides, 8 against 32: 1.5-2.6x less CPU time on
	// 32 to 128 columns, 1.2-1.4x on 16 (16 and 4 were slower than 8 on
	// 32 columns and more).
	trsmBlock = 8
)

// snBlock is a closed supernode's dense copy: columns first .. first+size-1
// of L over rows (their pivot rows in order, then the rows below), values
// column-major with leading dimension len(rows).
type snBlock[T elem] struct {
	first, size int
	rows        []int
	vals        []T
	finite      bool // no NaN or infinity in vals
}

// luSupernodes follows L's supernodes as factorLU finishes columns and holds
// the scratch of the panels.
type luSupernodes[T elem] struct {
	n int
	// The open supernode: its first column, its rows (ld, pivots included;
	// 0 when none is open: the next column starts one), which carry
	// mark == stamp, and its nonzeros. prevCount is the number of rows
	// below the pivot in the last finished column.
	start, ld, nnz, prevCount, stamp int
	inPanel                          bool // the last column was in a panel
	mark                             []int
	// blockOf[j]: the block of column j (>= 0), none (-1), or not built
	// yet (-2 - first, the supernode's first column, whose last column is
	// lastOf[first]).
	blockOf   []int32
	lastOf    []int32
	shared    *luPanelShared[T] // nil when one goroutine factors every column
	blocks    []snBlock[T]
	entries   int64 // values held in blocks
	pos, seen []int // row -> position in the block being built; row marks
	seenStamp int
	// The panel's front (lu_front.go): xs holds the panel's columns
	// interleaved, the entries of a row in the panel's columns side by
	// side at the row's slot, slot*panelWidth; loc maps rows to slots.
	// Zero between panels.
	front[T]
	mask   []uint32
	units  []int
	rel    []int // the slots of the units' blocks' rows, block after block
	bt, ct []T
	// The rows pass 1 of a panel reached, column c's in
	// sets[setEnd[c-1]:setEnd[c]].
	sets   []int
	setEnd [panelWidth]int
}

// newLUSupernodes returns the supernodes of a factorization of order n
// with mark (n long, zero) as their row marks.
func newLUSupernodes[T elem](n int, mark []int) *luSupernodes[T] {
	s := &luSupernodes[T]{n: n, mark: mark[:n], blockOf: make([]int32, n)}
	for i := range s.blockOf {
		s.blockOf[i] = -1
	}
	return s
}

// luPanelShared holds what the supernodes of one factorization share
// across the goroutines of lu_parallel.go, each allocated when first
// needed: lastOf (indexed by column) and the panels' loc and mask
// (indexed by row and by column): the goroutines factor disjoint columns
// and rows. Each goroutine's front has slots of its own.
type luPanelShared[T elem] struct {
	mu     sync.Mutex
	lastOf []int32
	loc    []int64
	mask   []uint32
	bases  atomic.Int64 // the last panel's base (lu_front.go)
}

// lastOfColumns returns the shared lastOf.
func (p *luPanelShared[T]) lastOfColumns(n int) []int32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lastOf == nil {
		p.lastOf = make([]int32, n)
	}
	return p.lastOf
}

// panelScratch returns the shared loc and mask, refusing them past the
// memory limit.
func (p *luPanelShared[T]) panelScratch(n int) ([]int64, []uint32, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.loc == nil {
		loc, mask, err := newPanelScratch(n)
		if err != nil {
			return nil, nil, err
		}
		p.loc, p.mask = loc, mask
	}
	return p.loc, p.mask, nil
}

// newPanelScratch allocates loc and mask, refusing them past the memory
// limit.
func newPanelScratch(n int) ([]int64, []uint32, error) {
	if err := checkBytes("splu: panel", int64(n), 8+4); err != nil {
		return nil, nil, err
	}
	return make([]int64, n), make([]uint32, n), nil
}

// lastOfColumns returns lastOf, allocating it (or taking the shared one)
// when first needed.
func (s *luSupernodes[T]) lastOfColumns() []int32 {
	if s.lastOf == nil {
		if s.shared != nil {
			s.lastOf = s.shared.lastOfColumns(s.n)
		} else {
			s.lastOf = make([]int32, s.n)
		}
	}
	return s.lastOf
}

// panelWidth returns how many columns factorLU takes at once from column k:
// a panel where the last column of L is dense enough, or, right after a
// panel, the last column of U (the columns ending a dense front have few
// rows left but many updates), else 1.
func (s *luSupernodes[T]) panelWidth(f *luNumeric[T], k int) int {
	if !luPanels || k == 0 || f.n-k < 2 {
		return 1
	}
	dense := s.prevCount >= panelMinRows || s.inPanel && len(f.ui)-f.up[k-1] >= panelMinRows
	if s.inPanel = dense; !dense {
		return 1
	}
	return min(panelWidth, f.n-k)
}

// columnDone records column k of L, just finished (its entries run from
// lp[k] to the end of li): it joins the open supernode when the block with
// its new rows stays at least half nonzero, else the open one is closed and
// k starts the next.
func (s *luSupernodes[T]) columnDone(f *luNumeric[T], k int) {
	lo, hi := f.lp[k], len(f.li) // the pivot row first
	cnt := hi - lo
	if s.ld > 0 && f.snFirst[k] != k {
		// k joined k-1's exact supernode (lu_reach.go): its rows are
		// k-1's below the pivot, marked already, so it adds none.
		if size := k - s.start + 1; s.ld*size <= 2*(s.nnz+cnt) {
			s.nnz += cnt
			s.prevCount = cnt - 1
			return
		}
	}
	joins := false
	if s.ld > 0 {
		added := 0
		for p := lo; p < hi; p++ {
			if s.mark[f.li[p]] != s.stamp {
				added++
			}
		}
		size, ld, nnz := k-s.start+1, s.ld+added, s.nnz+cnt
		if joins = ld*size <= 2*nnz; joins {
			s.ld, s.nnz = ld, nnz
		}
	}
	if !joins {
		if k > 0 {
			s.close(s.start, k-1)
		}
		s.start, s.ld, s.nnz = k, cnt, cnt
		s.stamp++
	}
	for p := lo; p < hi; p++ {
		s.mark[f.li[p]] = s.stamp
	}
	s.prevCount = cnt - 1
}

// close ends the supernode of columns first .. last, marking it for a block
// when it is wide and tall enough.
func (s *luSupernodes[T]) close(first, last int) {
	if last-first+1 < blockMinColumns || s.ld < blockMinRows {
		return
	}
	s.lastOfColumns()[first] = int32(last)
	for j := first; j <= last; j++ {
		s.blockOf[j] = int32(-2 - first)
	}
}

// block returns the block of column j, building it first if needed, or
// nil when j has none.
func (s *luSupernodes[T]) block(f *luNumeric[T], j int) (*snBlock[T], error) {
	b := s.blockOf[j]
	if b == -1 {
		return nil, nil
	}
	if b >= 0 {
		return &s.blocks[b], nil
	}
	first := int(-2 - b)
	last := int(s.lastOfColumns()[first]) // maybe closed by another goroutine's supernodes
	if s.pos == nil {
		s.pos, s.seen = make([]int, s.n), make([]int, s.n)
	}
	// Rows: the pivot rows in order, then every other row of the columns.
	s.seenStamp++
	rows := make([]int, 0, f.lp[first+1]-f.lp[first]+last-first)
	for c := first; c <= last; c++ {
		i := f.li[f.lp[c]]
		rows = append(rows, i)
		s.seen[i] = s.seenStamp
	}
	for c := first; c <= last; c++ {
		for _, i := range f.li[f.lp[c]+1 : f.lp[c+1]] {
			if s.seen[i] != s.seenStamp {
				s.seen[i] = s.seenStamp
				rows = append(rows, i)
			}
		}
	}
	size, ld := last-first+1, len(rows)
	more := int64(ld) * int64(size)
	held := s.entries + int64(cap(f.li)+cap(f.ui))
	if f.sched != nil {
		held = f.sched.held.Load() // every goroutine's factors and blocks
	}
	if err := checkBytes("", held+more, f.entryBytes); err != nil {
		return nil, errs.Errorf(errs.ErrTooLarge, "splu: at column %d of %d the factors and their dense blocks need more than the memory limit of %d bytes", first, f.n, tensor.MemoryLimit())
	}
	for r, i := range rows {
		s.pos[i] = r
	}
	// luGemmPad-1 entries past the last column: applyBlock's padded
	// product reads them (lu_pad_amd64.go).
	vals := make([]T, ld*size, ld*size+luGemmPad-1)
	for t := 0; t < size; t++ {
		c := first + t
		col := vals[t*ld : (t+1)*ld]
		for p := f.lp[c]; p < f.lp[c+1]; p++ {
			col[s.pos[f.li[p]]] = f.lx[p]
		}
	}
	var z T // v - v is zero for finite v, NaN otherwise
	for _, v := range vals {
		z += v - v
	}
	id := int32(len(s.blocks))
	s.blocks = append(s.blocks, snBlock[T]{first: first, size: size, rows: rows, vals: vals, finite: z == 0})
	s.entries += more
	if f.sched != nil {
		f.sched.held.Add(more)
	}
	for c := first; c <= last; c++ {
		s.blockOf[c] = id
	}
	return &s.blocks[id], nil
}

// factorPanel factors columns k0 .. k0+width-1 (see the file comment).
func (f *luNumeric[T]) factorPanel(a *compressed[T], k0, width int, tol float64, w *luWork[T], s *luSupernodes[T]) error {
	n := f.n
	f.panelColumns += width
	f.lp[k0], f.up[k0] = len(f.li), len(f.ui)
	// The open supernode ends before the panel so that it can have a block.
	s.close(s.start, k0-1)
	s.start, s.ld = k0, 0
	if s.loc == nil {
		var err error
		s.front.n = n
		if s.shared != nil {
			s.loc, s.mask, err = s.shared.panelScratch(n)
			s.front.bases = &s.shared.bases
		} else {
			s.loc, s.mask, err = newPanelScratch(n)
			s.front.bases = new(atomic.Int64)
		}
		if err != nil {
			return err
		}
	}
	s.begin()
	// Pass 1: the units (a block, or a column of L without one) that reach
	// each column, by their first column, and slots for the rows reached.
	units := s.units[:0]
	s.sets = s.sets[:0]
	fail := func(err error) error {
		for _, u := range units {
			s.mask[u] = 0
		}
		s.units = units
		return err
	}
	for c := 0; c < width; c++ {
		col := f.q[k0+c]
		rows := a.idx[a.ptr[col]:a.ptr[col+1]]
		top := f.reach(rows, w.xi, w.stack, w.pstack, w.visited, -2-(k0+c), 0) // stamps apart from pass 2's
		s.sets = append(s.sets, w.xi[top:]...)
		s.setEnd[c] = len(s.sets)
		for _, j := range w.xi[top:] {
			s.take(j)
			J := f.pinv[j]
			if J < 0 {
				continue
			}
			// A built block's first column is read here; block is called
			// only to build one (most rows of a panel's reach lie in
			// blocks built by an earlier column or panel).
			u := J
			if id := s.blockOf[J]; id >= 0 {
				u = s.blocks[id].first
			} else if id != -1 {
				b, err := s.block(f, J)
				if err != nil {
					return fail(err)
				}
				u = b.first
			}
			if s.mask[u] == 0 {
				units = append(units, u)
			}
			s.mask[u] |= 1 << c
		}
	}
	// Columns of L update only later rows, so increasing first columns
	// are a valid order for every column of the panel at once.
	slices.Sort(units)
	// The blocks' rows as slots (their rows that no search reached get
	// slots of their own: the blocks write them).
	rel := s.rel[:0]
	for _, u := range units {
		if b := s.blockOf[u]; b >= 0 {
			for _, i := range s.blocks[b].rows {
				rel = append(rel, s.take(i))
			}
		}
	}
	s.rel = rel
	if err := s.grow(); err != nil {
		return fail(err)
	}
	xs := s.xs
	for c := 0; c < width; c++ {
		col := f.q[k0+c]
		vals := a.val[a.ptr[col]:a.ptr[col+1]]
		for p, i := range a.idx[a.ptr[col]:a.ptr[col+1]] {
			xs[s.slot(i)*panelWidth+c] += vals[p]
		}
	}
	at := 0
	for _, u := range units {
		m := s.mask[u]
		s.mask[u] = 0
		if b := s.blockOf[u]; b >= 0 {
			blk := &s.blocks[b]
			s.applyBlock(blk, m, xs, rel[at:at+len(blk.rows)])
			at += len(blk.rows)
			continue
		}
		s.applyColumn(f, u, m, xs)
	}
	s.units = units
	// Pass 2: each column finished in turn, with the updates from the
	// panel's own earlier columns.
	for c := 0; c < width; c++ {
		f.tok.Check()
		k := k0 + c
		col := f.q[k]
		f.lp[k], f.up[k] = len(f.li), len(f.ui)
		// The search goes on from the rows pass 1 found (A's among them)
		// through the panel's columns only: a path through L's columns
		// ends in those columns once it enters them, and its part before
		// them is pass 1's.
		setStart := 0
		if c > 0 {
			setStart = s.setEnd[c-1]
		}
		top := f.reach(s.sets[setStart:s.setEnd[c]], w.xi, w.stack, w.pstack, w.visited, k, k0)
		if err := f.reserve(n-top+1, k); err != nil {
			return err
		}
		// The column moves to the column path's dense x (zero outside the
		// rows reached): the rest is the column path's. The rows reached
		// only through the panel's own columns have no slot: zero so far.
		x, loc, base := w.x, s.loc, s.base
		for _, i := range w.xi[top:] {
			if v := loc[i]; v >= base {
				x[i] = xs[int(v-base)*panelWidth+c]
			}
		}
		// The columns before the panel (done above) are left out.
		f.applyColumns(x, w.xi[top:], k0)
		if err := f.finishColumn(x, w.xi[top:], w.stack, col, k, tol); err != nil {
			return err
		}
		s.columnDone(f, k)
	}
	clear(xs[:s.slots*panelWidth])
	return nil
}

// applyColumn subtracts L's column J (without a block) times each panel
// column's entry at J's pivot row from the panel's columns in mask m, a
// row of xs at a time. The columns in m reach J, so they reach each of its
// rows: every row has a slot.
func (s *luSupernodes[T]) applyColumn(f *luNumeric[T], J int, m uint32, xs []T) {
	var cols [panelWidth]int
	var coef [panelWidth]T
	nc := 0
	j := s.slot(f.li[f.lp[J]])
	for bm := m; bm != 0; bm &= bm - 1 {
		c := bits.TrailingZeros32(bm)
		if xj := xs[j*panelWidth+c]; xj != 0 {
			cols[nc], coef[nc] = c, xj
			nc++
		}
	}
	if nc == 0 {
		return
	}
	rows, vals := f.li[f.lp[J]+1:f.lp[J+1]], f.lx[f.lp[J]+1:f.lp[J+1]]
	vals = vals[:len(rows)]
	for p, i := range rows {
		r := s.slot(i)
		v, row := vals[p], xs[r*panelWidth:(r+1)*panelWidth]
		for t, c := range cols[:nc] {
			row[c] -= v * coef[t]
		}
	}
}

// applyBlock applies block b, whose rows are at the slots rel, to the
// panel's columns in mask m: the top
// rows are solved with its unit lower triangle, then the product of the
// rows below with them is subtracted from the rows below. The product is
// formed transposed (a panel column's entries of one row side by side) to
// be added into xs's rows. The dense kernels run on a range of panel
// columns covering m, whole tiles of 16 wide: an edge row of the tiles
// runs ten times slower than a tile. The columns outside m hold zeros at
// the block's pivot rows (the block reaches none of their rows), so their
// results are zeros, written back with the others in one run, unless the
// block holds a NaN or an infinity (times zero, not zero).
func (s *luSupernodes[T]) applyBlock(b *snBlock[T], m uint32, xs []T, rel []int) {
	size, ld := b.size, len(b.rows)
	lo, hi := bits.TrailingZeros32(m), 31-bits.LeadingZeros32(m)
	nc := min((hi-lo+16)&^15, panelWidth)
	lo = min(lo, panelWidth-nc)
	full := b.finite || uint64(m) == (uint64(1)<<nc-1)<<lo
	if cap(s.bt) < nc*size {
		s.bt = make([]T, panelWidth*size)
	}
	bt := s.bt[:nc*size] // nc x size, column-major: row ci is panel column lo+ci's top
	for t, i := range rel[:size] {
		copy(bt[t*nc:(t+1)*nc], xs[i*panelWidth+lo:i*panelWidth+lo+nc])
	}
	trsmUnitLowerT(size, nc, b.vals, ld, bt)
	for t, i := range rel[:size] {
		s.addBack(xs[i*panelWidth+lo:i*panelWidth+lo+nc], bt[t*nc:(t+1)*nc], m>>lo, full, false)
	}
	below := ld - size
	if below == 0 {
		return
	}
	// The float64 product runs on whole tiles: the rows past below read
	// the next column's top (or the padding after the last column), and
	// their results in ct are not used. Each entry is computed the same
	// way on any tile or edge (kernels.GemmSubNT), so the bits do not
	// change. complex128's loops have no tiles; the rows read stay within
	// the leading dimension and the block's capacity.
	rows := below
	if _, real := any(bt).([]float64); real {
		if r := (below + luGemmPad - 1) / luGemmPad * luGemmPad; r <= ld && ld*size+r-below <= cap(b.vals) {
			rows = r
		}
	}
	if cap(s.ct) < rows*nc {
		s.ct = make([]T, rows*panelWidth)
	}
	ct := s.ct[:rows*nc] // nc x rows: column r holds row r's update
	clear(ct)
	gemmSubNT(nc, rows, size, bt, nc, b.vals[size:ld*size+rows-below], ld, ct, nc)
	for r, i := range rel[size:] {
		s.addBack(xs[i*panelWidth+lo:i*panelWidth+lo+nc], ct[r*nc:(r+1)*nc], m>>lo, full, true)
	}
}

// addBack writes src into row (add: adds it) at the columns of mask m,
// all of them when full.
func (s *luSupernodes[T]) addBack(row, src []T, m uint32, full, add bool) {
	src = src[:len(row)]
	switch {
	case full && add:
		// Four a step (the rows are 16 or 32 wide): the loop's count
		// and checks were half of its instructions one at a time.
		c := 0
		for ; c+4 <= len(src); c += 4 {
			r, v := row[c:c+4:c+4], src[c:c+4:c+4]
			r[0] += v[0]
			r[1] += v[1]
			r[2] += v[2]
			r[3] += v[3]
		}
		for ; c < len(src); c++ {
			row[c] += src[c]
		}
	case full:
		copy(row, src)
	case add:
		for bm := m; bm != 0; bm &= bm - 1 {
			c := bits.TrailingZeros32(bm)
			row[c] += src[c]
		}
	default:
		for bm := m; bm != 0; bm &= bm - 1 {
			c := bits.TrailingZeros32(bm)
			row[c] = src[c]
		}
	}
}
