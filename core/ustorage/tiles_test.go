package ustorage

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// TestTilesAreWalk: over every conformance case, the tiles' slots (each
// position's block, its dims Dim0 + x*Step + Inner) are Walk's visits in
// Walk's order, int64 and int32 arrays alike; the block formats (BSR in
// either order, blocked ELL, ...) take blocks of more than one slot.
func TestTilesAreWalk(t *testing.T) {
	type visit struct {
		p   int64
		dim string
	}
	blocked := 0
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		var walked []visit
		require.NoError(t, Walk(s.Structure(), s.NSE(), func(dim []int64, p int64) {
			walked = append(walked, visit{p, fmt.Sprint(dim)})
		}), c.ID)
		for _, st := range []*Structure{s.Structure(), narrowed(s.Structure())} {
			var tiled []visit
			block := int64(1)
			err = Tiles(st, s.NSE(), func(tl *Tile) {
				block = tl.Block
				nd := int64(len(tl.Dim0))
				dim := make([]int64, nd)
				for q := tl.Lo; q < tl.Hi; q++ {
					x := tl.First + q - tl.Lo
					if tl.Crd != nil {
						x = tl.Crd[q-tl.Lo]
					}
					for e := range tl.Block {
						for d := range dim {
							dim[d] = tl.Dim0[d] + x*tl.Step[d] + tl.Inner[e*nd+int64(d)]
						}
						tiled = append(tiled, visit{q*tl.Block + e, fmt.Sprint(dim)})
					}
				}
			})
			require.NoError(t, err, c.ID)
			if block > 1 {
				blocked++
			}
			assert.Equal(t, walked, tiled, c.ID)
		}
	}
	assert.Positive(t, blocked, "no case of blocks: tiles' Inner is untested")
}

// TestTileLevel: BSR's tiles are its block columns' level with the block's
// two offsets taken whole (either order); CSR, DIA and a dense matrix's
// wide rows keep their last level; a block past tileBlockMax slots stops
// taking levels.
func TestTileLevel(t *testing.T) {
	for _, c := range []struct {
		text         string
		shape        []int64
		level, block int64
	}{
		{"(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)", []int64{4, 6}, 1, 6},
		{"(i, j) -> (i / 2 : dense, j / 3 : compressed, i % 2 : dense, j % 3 : dense)", []int64{4, 6}, 1, 6},
		{"(i, j) -> (i : dense, j : compressed)", []int64{4, 6}, 1, 1},
		{"(i, j) -> (j - i : compressed, i : range)", []int64{4, 6}, 1, 1},
		{"(i, j) -> (i : dense, j : dense)", []int64{4, 6}, 0, 6},
		{"(i, j) -> (i : dense, j : dense)", []int64{4, 1000}, 1, 1},
		{"(i, j) -> (i / 2 : dense, j / 256 : compressed, j % 256 : dense, i % 2 : dense)", []int64{4, 512}, 2, 2},
	} {
		f := mustParse(c.text)
		x, err := format.NewIndexer(f)
		require.NoError(t, err)
		sizes, err := x.LevelSizes(c.shape)
		require.NoError(t, err)
		l, b := tileLevel(&Structure{Format: f, Shape: c.shape, LevelSizes: sizes})
		assert.Equal(t, []int64{c.level, c.block}, []int64{int64(l), b}, c.text)
	}
}
