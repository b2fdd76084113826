package ops

import (
	"cmp"
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// index_select of a custom-format tensor on a dim that is not level 0's
// own (DIA's rows or columns, BSR's dims, a batched DIA's rows): a gather
// per tile (ustorage.TilesUnder: a last-level fiber, or a BSR's block row
// of blocks), never the COO form of the whole operand; where level 0 is
// dense over dim or dim / c (BSR's block rows), only the subtrees of the
// index's values are walked. Each distinct coordinate of the index is found in a fiber by
// arithmetic where the fiber's coordinates along dim are a run (a DIA
// diagonal: the index's values inside the run's range, O(log + hits)), by
// a lookup per element where the fiber lists coordinates. A first walk
// counts the hits per index value and sizes the result, a second places
// them; the hits, sorted once, are copied out once per index position
// holding their coordinate. The result is the COO tensor of the old route
// (index_select of the COO form): the same entries in the same order
// (torch's: per index position, its entries in row-major order; per entry,
// its positions ascending where the index is longer than the entries),
// coalesced only below two entries, with t's fill. ok is false where
// fibersApply is (dense dims, a per-slot or undefined fill, repeated
// coordinates) or a key passes int64's range.

// gatherPick is an element a fiber walk hit: its key (see gatherKeys), its
// value slot and the rank of its coordinate among the index's distinct
// values.
type gatherPick struct{ key, slot, u int64 }

// indexGroups is an index's positions grouped by value: vals the distinct
// values ascending, byVal the positions sorted by value (ascending within a
// value), start[u] where value u's positions begin in byVal.
type indexGroups struct {
	vals, byVal, start []int64
}

// groupIndex groups idx by value (O(m log m), memory by len(idx) only).
func groupIndex(idx []int64) indexGroups {
	byVal := make([]int64, len(idx))
	for i := range byVal {
		byVal[i] = int64(i)
	}
	slices.SortStableFunc(byVal, func(a, b int64) int { return cmp.Compare(idx[a], idx[b]) })
	g := indexGroups{byVal: byVal}
	for k, p := range byVal {
		if k == 0 || idx[p] != g.vals[len(g.vals)-1] {
			g.vals = append(g.vals, idx[p])
			g.start = append(g.start, int64(k))
		}
	}
	g.start = append(g.start, int64(len(byVal)))
	return g
}

// rank is the rank of v among the distinct values, or -1.
func (g *indexGroups) rank(v int64) int64 {
	u, found := slices.BinarySearch(g.vals, v)
	if !found {
		return -1
	}
	return int64(u)
}

// after is the rank of the first distinct value above v.
func (g *indexGroups) after(v int64) int {
	u, found := slices.BinarySearch(g.vals, v)
	if found {
		u++
	}
	return u
}

// rankFrom is rank(v) for a v whose rank, if any, is lo or a few past it
// (a block's coordinates next to one another): a short scan from lo, a
// search past a few values.
func (g *indexGroups) rankFrom(v int64, lo int) int64 {
	if lo > 0 && lo <= len(g.vals) && g.vals[lo-1] >= v { // v not past lo: a search
		return g.rank(v)
	}
	for u := lo; u < len(g.vals) && u < lo+8; u++ {
		switch {
		case g.vals[u] == v:
			return int64(u)
		case g.vals[u] > v:
			return -1
		}
	}
	if lo+8 >= len(g.vals) {
		return -1
	}
	return g.rank(v)
}

// positions lists, ascending, the index positions of distinct value u.
func (g *indexGroups) positions(u int64) []int64 { return g.byVal[g.start[u]:g.start[u+1]] }

// fiberHits calls hit(k, u) for each element k of fiber f (slot f.Lo+k)
// whose coordinate along dim is distinct index value u.
func fiberHits(f *ustorage.Fiber, dim int, g *indexGroups, hit func(k, u int64)) {
	m := f.Hi - f.Lo
	c0, s := f.Dim0[dim], f.Step[dim]
	switch {
	case s == 0:
		if u := g.rank(c0); u >= 0 {
			for k := range m {
				hit(k, u)
			}
		}
	case f.Crd == nil: // coordinates c0 + x*s for x in First..First+m-1: the index values in that range
		lo, hi := c0+f.First*s, c0+(f.First+m-1)*s
		if s < 0 {
			lo, hi = hi, lo
		}
		u, _ := slices.BinarySearch(g.vals, lo)
		for ; u < len(g.vals) && g.vals[u] <= hi; u++ {
			if d := g.vals[u] - c0; d%s == 0 {
				hit(d/s-f.First, int64(u))
			}
		}
	default:
		for k, x := range f.Crd {
			if u := g.rank(c0 + x*s); u >= 0 {
				hit(int64(k), u)
			}
		}
	}
}

// tileHits calls hit(q, x, e, u) for each element of tile t (slot e of
// position q, whose coordinate is x) whose coordinate along dim is
// distinct index value u: fiberHits for a tile of one slot a position;
// for blocks, the ranks of the block's slots once a tile where the
// position's coordinate leaves dim alone (BSR's rows), a lookup per
// element otherwise. ranks is a buffer, returned for the next call.
func tileHits(t *ustorage.Tile, dim int, g *indexGroups, ranks []int64, hit func(q, x, e, u int64)) []int64 {
	coord := func(q int64) int64 {
		if t.Crd != nil {
			return t.Crd[q-t.Lo]
		}
		return t.First + q - t.Lo
	}
	if t.Block == 1 {
		fiberHits(&t.Fiber, dim, g, func(k, u int64) { hit(t.Lo+k, coord(t.Lo+k), 0, u) })
		return ranks
	}
	nd := int64(len(t.Dim0))
	c0, s := t.Dim0[dim], t.Step[dim]
	if s != 0 {
		for q := t.Lo; q < t.Hi; q++ {
			x := coord(q)
			for e := range t.Block {
				if u := g.rank(c0 + x*s + t.Inner[e*nd+int64(dim)]); u >= 0 {
					hit(q, x, e, u)
				}
			}
		}
		return ranks
	}
	ranks, some := ranks[:0], false
	lo := g.after(c0 - 1) // the block's coordinates along dim are c0 + Inner's, Inner's small
	for e := range t.Block {
		u := g.rankFrom(c0+t.Inner[e*nd+int64(dim)], lo)
		ranks, some = append(ranks, u), some || u >= 0
	}
	for q := t.Lo; some && q < t.Hi; q++ {
		x := coord(q)
		for e, u := range ranks {
			if u >= 0 {
				hit(q, x, int64(e), u)
			}
		}
	}
	return ranks
}

// topCoords is the coordinates (ascending, distinct) of f's level 0 that
// dim's coordinates vals (ascending) fall under, where level 0 is dense
// over dim or dim / c (TilesUnder then walks only those);
// nil (every subtree) otherwise.
func topCoords(f format.Format, dim int, vals []int64) []int64 {
	if len(f.Levels) == 0 || f.Levels[0].Kind != format.Dense || f.DimIndex(f.Levels[0].Expr.A) != dim {
		return nil
	}
	e := f.Levels[0].Expr
	top := make([]int64, 0, len(vals)) // empty, not nil: no subtree
	for _, v := range vals {
		switch e.Op {
		case format.OpDim:
		case format.OpDiv:
			v /= e.C
		default: // a sum or difference reads another dim; level 0 holds no % (it follows a /)
			return nil
		}
		top = append(top, v)
	}
	return slices.Compact(top)
}

// indexSelectFibers is IndexSelect of idx (checked and wrapped) along dim
// of custom-format t through its fibers (see above).
func indexSelectFibers(t *tensor.Tensor, dim int, idx []int64) (*tensor.Tensor, bool, error) {
	if !fibersApply(t) {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	s := tensor.CustomStructure(t)
	g := groupIndex(idx)
	top := topCoords(u.Format, dim, g.vals)
	counts := make([]int64, len(g.vals)) // hits per distinct value
	var ranks []int64                    // tileHits' buffer
	var seen int64                       // the elements walked: the COO form's entries, or some where top skips
	if err := ustorage.TilesUnder(s, u.Values.Numel(), top, func(tl *ustorage.Tile) {
		seen += (tl.Hi - tl.Lo) * tl.Block
		ranks = tileHits(tl, dim, &g, ranks, func(_, _, _, u int64) { counts[u]++ })
	}); err != nil {
		return nil, true, err
	}
	m := int64(len(idx))
	perPosition := m <= seen || top != nil && m <= t.NNZ() // torch's order (the old route's): the index no longer than the entries
	keyDims, st, ok := gatherKeys(t.Dims(), dim, perPosition)
	if !ok {
		return nil, false, nil
	}
	var hits, total int64
	for u, c := range counts {
		hits += c
		total += c * int64(len(g.positions(int64(u))))
	}
	if err := budget.Check("index_select: the selected elements", hits, 24); err != nil {
		return nil, true, err
	}
	if err := budget.Check("index_select: the result's entries", total, 8*t.NDim()+t.DType().Size()); err != nil {
		return nil, true, err
	}
	// Per position, the picks go to their value's bucket (walk order kept)
	// and a bucket's picks, already in key order where the walk meets a
	// row's elements in column order (DIA, anti-DIA, BSR), are sorted only
	// where they are not; per entry, they are sorted whole.
	runStart := make([]int64, len(counts)+1) // the picks of value u: picks[runStart[u]:runStart[u+1]]
	for u, c := range counts {
		runStart[u+1] = runStart[u] + c
	}
	next := counts // reused: where value u's next pick goes
	copy(next, runStart[:len(counts)])
	picks := make([]gatherPick, hits)
	at := int64(0)
	var inner []int64 // a block's slots' keys from their position's
	if err := ustorage.TilesUnder(s, u.Values.Numel(), top, func(tl *ustorage.Tile) {
		var base, step int64
		for d, sd := range st {
			base += tl.Dim0[d] * sd
			step += tl.Step[d] * sd
		}
		if inner == nil {
			inner = tileKeys(tl, st)
		}
		ranks = tileHits(tl, dim, &g, ranks, func(q, x, e, u int64) {
			k := at
			if perPosition {
				k = next[u]
				next[u]++
			}
			picks[k] = gatherPick{base + x*step + inner[e], q*tl.Block + e, u}
			at++
		})
	}); err != nil {
		return nil, true, err
	}
	runs := [][2]int64{{0, hits}}
	if perPosition {
		runs = make([][2]int64, len(g.vals))
		for u := range runs {
			runs[u] = [2]int64{runStart[u], runStart[u+1]}
		}
	}
	for _, r := range runs {
		if run := picks[r[0]:r[1]]; !slices.IsSortedFunc(run, comparePicks) {
			slices.SortFunc(run, comparePicks)
		}
	}
	r, err := gatherCOO(t, u.Values, picks, runStart, &g, idx, dim, keyDims, perPosition, total)
	return r, true, err
}

func comparePicks(a, b gatherPick) int { return cmp.Compare(a.key, b.key) }

// gatherKeys is the dims a pick's key runs over and t's dims' strides in
// it: per position, dim first (its picks then run together, ordered by the
// other dims); per entry, t's own dims (row-major order). ok is false
// where the key passes int64's range.
func gatherKeys(dims []int64, dim int, perPosition bool) (keyDims, st []int64, ok bool) {
	keyDims = slices.Clone(dims)
	if perPosition {
		keyDims = append([]int64{dims[dim]}, slices.Delete(keyDims, dim, dim+1)...)
	}
	strides, ok := keyStrides(keyDims)
	if !ok {
		return nil, nil, false
	}
	st = strides
	if perPosition {
		st = slices.Insert(slices.Clone(strides[1:]), dim, strides[0])
	}
	return keyDims, st, true
}

// gatherCOO is the COO result of the sorted picks: per position of idx the
// picks of its value (perPosition: picks[runStart[u]:runStart[u+1]] for
// distinct value u), or per pick its value's positions
// ascending, each with the position as its coordinate along dim; total is
// the entries' count.
func gatherCOO(t *tensor.Tensor, vals dtype.Array, picks []gatherPick, runStart []int64, g *indexGroups, idx []int64, dim int, keyDims []int64, perPosition bool, total int64) (*tensor.Tensor, error) {
	nd := t.NDim()
	shape := slices.Clone(t.Dims())
	shape[dim] = int64(len(idx))
	strides, _ := keyStrides(keyDims)
	es := int64(vals.DType.Size())
	out := dtype.UninitArray(vals.DType, []int64{total})
	var wide []int64 // the coordinates, dim-major (dim d's at d*total): int64, or int32 where narrow
	var narrow []int32
	if narrowIndices(t, shape) {
		narrow = make([]int32, int64(nd)*total)
	} else {
		wide = make([]int64, int64(nd)*total)
	}
	comp := make([]int64, len(keyDims))
	e := int64(0)
	put := func(pk gatherPick, p int64) {
		k := pk.key
		for d, sd := range strides {
			comp[d] = k / sd
			k %= sd
		}
		for d := range nd {
			c := p
			switch {
			case d == dim:
			case !perPosition:
				c = comp[d]
			case d < dim:
				c = comp[d+1]
			default:
				c = comp[d]
			}
			if narrow != nil {
				narrow[int64(d)*total+e] = int32(c)
			} else {
				wide[int64(d)*total+e] = c
			}
		}
		copy(out.Data[e*es:(e+1)*es], vals.Data[pk.slot*es:(pk.slot+1)*es])
		e++
	}
	if perPosition {
		for p, v := range idx {
			u := g.rank(v)
			for _, pk := range picks[runStart[u]:runStart[u+1]] {
				put(pk, int64(p))
			}
		}
	} else {
		for _, pk := range picks {
			for _, p := range g.positions(pk.u) {
				put(pk, p)
			}
		}
	}
	ind := dtype.Int64Array(wide, int64(nd), total)
	if narrow != nil {
		ind = dtype.Int32Array(narrow, int64(nd), total)
	}
	r, err := tensor.NewCOO(ind, out, shape, tensor.BuildOptions{NoCheck: true, Coalesced: total < 2, NonNegative: true})
	if err != nil || isZeroBytes(t.FillElem()) {
		return r, err
	}
	return tensor.WithFill(r, slices.Clone(t.FillElem()))
}

// narrowIndices reports whether a COO result of shape made from t takes
// int32 indices: t's index width 32 and every dim within int32 (the old
// route's width).
func narrowIndices(t *tensor.Tensor, shape []int64) bool {
	return t.IndexWidth() == 32 && slices.Max(append(slices.Clone(shape), 0)) <= math.MaxInt32
}
