package ustorage

import (
	"github.com/gosparse/gosparse/core/format"
)

// Tile is a fiber of a storage's level L with the dense levels below L
// taken whole as one block a position (BSR's blocks, L its compressed
// level of block columns): a two-level fiber. Its Fiber is level L's, Lo
// and Hi being positions of L; position q holds the Block value slots
// q*Block .. q*Block+Block, slot q*Block+e at dims Dim0 + x*Step +
// Inner[e*nd : e*nd+nd] (x q's coordinate, nd the dims). Where no dense
// levels trail (or their block would pass tileBlockMax slots), L is the
// last level, Block 1 and Inner zero: the tile is Fibers' fiber.
type Tile struct {
	Fiber
	Block int64
	// Inner is the same for every tile of a walk: the block's slots' dims,
	// from their position's, in slot order.
	Inner []int64
}

// tileBlockMax bounds a tile's block: a block is meant to be a few
// elements (a consumer keeps a table of it), and a long dense last level
// is a long fiber already.
const tileBlockMax = 256

// Tiles visits every tile of a storage whose values array has nvals
// elements, in storage order: the positions Walk visits, a tile at a time,
// so a caller pays a fiber's setup once a block row of BSR's (its
// positions' blocks read by a loop over Inner), not once a block's column.
// The walk checks the levels above the block as Walk does.
func Tiles(s *Structure, nvals int64, visit func(t *Tile)) error {
	return TilesUnder(s, nvals, nil, visit)
}

// TilesUnder is Tiles skipping the subtrees of a dense level 0 (above the
// tiles' level) whose coordinate top (ascending) does not list: a caller
// that wants the elements of a few rows of a BSR, whose level 0 is the
// block row, walks only their block rows. top nil, or a level 0 of another
// kind or the tiles' own, visits every tile.
func TilesUnder(s *Structure, nvals int64, top []int64, visit func(t *Tile)) error {
	w, err := newWalker(s, nvals, nil)
	if err != nil {
		return err
	}
	w.top = top
	level, block := tileLevel(s)
	nd := len(s.Shape)
	t := &Tile{Block: block, Inner: make([]int64, block*int64(nd))}
	lvl, dim := make([]int64, len(s.Levels)), make([]int64, nd)
	for e := range block { // slot e's coordinates on the dense levels below L, the last fastest
		r := e
		for l := len(s.Levels) - 1; l > level; l-- {
			lvl[l], r = r%s.LevelSizes[l], r/s.LevelSizes[l]
		}
		w.x.LvlToDim(lvl, dim)
		copy(t.Inner[e*int64(nd):], dim)
	}
	return levelFibers(w, level, block, func(f *Fiber) {
		t.Fiber = *f
		visit(t)
	})
}

// FibersUnder is Fibers skipping the subtrees of a dense level 0 whose
// coordinate top (ascending) does not list, as TilesUnder does.
func FibersUnder(s *Structure, nvals int64, top []int64, visit func(f *Fiber)) error {
	w, err := newWalker(s, nvals, nil)
	if err != nil {
		return err
	}
	w.top = top
	return levelFibers(w, len(s.Levels)-1, 1, visit)
}

// tileLevel is the level L of s's tiles and the slots of its block: the
// trailing dense levels over i, i / c or i % c (their every slot inside
// the tensor) of a dim no sum or difference level reads, taken while the
// block stays within tileBlockMax and a level is left above them.
func tileLevel(s *Structure) (int, int64) {
	f := s.Format
	l, block := len(f.Levels)-1, int64(1)
	for ; l > 0; l-- {
		lv := f.Levels[l]
		if lv.Kind != format.Dense || s.LevelSizes[l] < 1 || s.LevelSizes[l] > tileBlockMax/block ||
			(lv.Expr.Op != format.OpDim && lv.Expr.Op != format.OpDiv && lv.Expr.Op != format.OpMod) || summed(f, lv.Expr.A) {
			break
		}
		block *= s.LevelSizes[l]
	}
	return l, block
}

// summed reports whether a sum or difference level of f reads dim name.
func summed(f format.Format, name string) bool {
	for _, lv := range f.Levels {
		if (lv.Expr.Op == format.OpAdd || lv.Expr.Op == format.OpSub) && (lv.Expr.A == name || lv.Expr.B == name) {
			return true
		}
	}
	return false
}
