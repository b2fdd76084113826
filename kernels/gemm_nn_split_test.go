package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestGemmNNRowChunks checks the row chunks of a split Gemm: they cover
// [i0, i1) in order, each starts on a whole tile, none passes gemmNNMC
// rows (rounded to tiles), each goroutine gets gemmNNChunksPerPart where
// the tiles allow, so a goroutine the OS runs late leaves chunks to the
// others, and their count is a multiple of the goroutines' where the tiles
// allow; the last chunks, one per goroutine twice, are halves of the
// others where the tiles allow (1000 rows on two goroutines: four of 168,
// then 84, 84, 84, 76).
func TestGemmNNRowChunks(t *testing.T) {
	require.Equal(t, []int{0, 168, 336, 504, 672, 756, 840, 924, 1000}, gemmNNRowChunks(0, 1000, 12, 2))
	require.Equal(t, []int{24, 192, 360, 528, 696, 780, 864, 948, 1024}, gemmNNRowChunks(24, 1024, 12, 2))
	require.Equal(t, []int{0, 12, 24, 36, 50}, gemmNNRowChunks(0, 50, 12, 2), "five tiles: a last chunk of one tile, none cut")
	for _, c := range []struct{ i0, i1, mr, parts int }{
		{0, 1000, 12, 2}, {0, 1000, 12, 3}, {0, 64, 12, 2}, {0, 13, 12, 2}, {0, 1, 12, 2},
		{24, 1000, 12, 2}, {0, 4000, 12, 2}, {0, 1000, 6, 4}, {0, 97, 4, 3}, {0, 1024, 12, 2}, {0, 2708, 12, 3},
	} {
		b := gemmNNRowChunks(c.i0, c.i1, c.mr, c.parts)
		tiles := (c.i1 - c.i0 + c.mr - 1) / c.mr
		require.Equal(t, c.i0, b[0], "%+v", c)
		require.Equal(t, c.i1, b[len(b)-1], "%+v", c)
		require.GreaterOrEqual(t, len(b)-1, min(tiles, gemmNNChunksPerPart*c.parts), "%+v: chunk count", c)
		if len(b)-1 < tiles { // not capped at one tile a chunk
			require.Zero(t, (len(b)-1)%c.parts, "%+v: %d chunks for %d goroutines", c, len(b)-1, c.parts)
		}
		per := max(gemmNNMC/c.mr, 1) * c.mr
		for q := 1; q < len(b); q++ {
			require.Less(t, b[q-1], b[q], "%+v: chunk %d empty", c, q-1)
			require.LessOrEqual(t, b[q]-b[q-1], per, "%+v: chunk %d", c, q-1)
			if q < len(b)-1 {
				require.Zero(t, (b[q]-c.i0)%c.mr, "%+v: bound %d is inside a tile", c, q)
			}
		}
	}
}

// gemmNNEvenBlock cuts rows into blocks of whole tiles, none past
// gemmNNMC rows (rounded to tiles), as few as that allows, all of one
// height but the last, which is lower by less than a tile a block (the
// ceiling of the even share): 1000 rows of 12-row tiles in six blocks of
// 168 (the last 160).
func TestGemmNNEvenBlock(t *testing.T) {
	require.Equal(t, 168, gemmNNEvenBlock(1000, 12))
	for _, mr := range []int{4, 6, 12} {
		for rows := 1; rows <= 2000; rows++ {
			h := gemmNNEvenBlock(rows, mr)
			tiles, per := (rows+mr-1)/mr, max(gemmNNMC/mr, 1)
			require.Zero(t, h%mr, "rows %d mr %d: block %d", rows, mr, h)
			require.LessOrEqual(t, h, per*mr, "rows %d mr %d", rows, mr)
			blocks := (rows + h - 1) / h
			require.Equal(t, (tiles+per-1)/per, blocks, "rows %d mr %d: block %d", rows, mr, h)
			last := rows - (blocks-1)*h
			require.Greater(t, last, h-blocks*mr, "rows %d mr %d: block %d, last %d", rows, mr, h, last)
		}
	}
}

// gemmNNPrefetch spreads a sliver's tiles over the next sliver, each a
// gemmNNPrefetchBytes share from its start, and points the tiles past its
// end (or with no next sliver) at their own sliver.
func TestGemmNNPrefetchShares(t *testing.T) {
	b, next := make([]float64, 16*256), make([]float64, 16*256)
	for tile := 0; tile < 20; tile++ {
		got := gemmNNPrefetch(next, tile, b)
		if off := tile * gemmNNPrefetchBytes / 8; off < len(next) {
			require.Equal(t, unsafe.Pointer(&next[off]), got, "tile %d", tile)
		} else {
			require.Equal(t, unsafe.Pointer(&b[0]), got, "tile %d", tile)
		}
		require.Equal(t, unsafe.Pointer(&b[0]), gemmNNPrefetch[float64](nil, tile, b), "tile %d, no next sliver", tile)
	}
	require.Equal(t, unsafe.Pointer(&next[7*512]), gemmNNPrefetch(next, 7, b), "the eighth tile takes the last 4 KiB")
	require.Equal(t, unsafe.Pointer(&b[0]), gemmNNPrefetch(next, 8, b), "eight tiles cover the sliver")
}

// Gemm's split at its default blocking gives the one-goroutine bits on the
// bench's shapes and around them: the GCN layer (2708 x 1433 @ 1433 x 16:
// rows split, B read in place), its 17-column neighbour (a packed partial
// sliver), a square product with several chunks of k and row chunks ending
// inside a tile (301 x 600 x 263), a short and wide one (split by columns,
// 20 x 300 x 1500), one row and one column (the split falls back to one
// part), k = 0 (c cleared), fewer tiles than chunks a goroutine would
// take (50 x 40 x 300: five tiles), rows, columns and steps all just past
// the blocking's multiples (1000 rows in six blocks, k one past a chunk,
// n one past a sliver: 1000 x 257 x 1003), on 2 and 3 goroutines.
func TestGemmSplitBitsDefaultBlocking(t *testing.T) {
	testGemmSplitBits[float64](t)
	testGemmSplitBits[float32](t)
}

func testGemmSplitBits[V float32 | float64](t *testing.T) {
	rng := rand.New(rand.NewPCG(2708, 16))
	for _, s := range [][3]int{{2708, 1433, 16}, {2708, 1433, 17}, {301, 600, 263}, {20, 300, 1500}, {1, 3000, 700}, {3000, 700, 1}, {400, 0, 300}, {50, 40, 300}, {1000, 257, 1003}} {
		m, k, n := s[0], s[1], s[2]
		a, b := make([]V, m*k), make([]V, k*n)
		for i := range a {
			a[i] = V(rng.NormFloat64())
		}
		for i := range b {
			b[i] = V(rng.NormFloat64())
		}
		run := func(workers int) []V {
			defer withWorkers(workers)()
			c := make([]V, m*n)
			for i := range c {
				c[i] = V(math.NaN())
			}
			Gemm(m, k, n, 1, a, b, c)
			return c
		}
		one := run(1)
		if k == 0 {
			require.Equal(t, make([]V, m*n), one, "%v: k = 0 leaves c zero", s)
		}
		for _, w := range []int{2, 3} {
			require.True(t, sameBits(one, run(w)), "%v: %d goroutines differ from one", s, w)
		}
	}
}
