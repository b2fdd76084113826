package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGemmNNRowChunks checks the row chunks of a split Gemm: they cover
// [i0, i1) in order, each starts on a whole tile, none passes gemmNNMC
// rows (rounded to tiles), and each goroutine gets gemmNNChunksPerPart
// where the tiles allow, so a goroutine the OS runs late leaves chunks to
// the others.
func TestGemmNNRowChunks(t *testing.T) {
	for _, c := range []struct{ i0, i1, mr, parts int }{
		{0, 1000, 12, 2}, {0, 1000, 12, 3}, {0, 64, 12, 2}, {0, 13, 12, 2}, {0, 1, 12, 2},
		{24, 1000, 12, 2}, {0, 4000, 12, 2}, {0, 1000, 6, 4}, {0, 97, 4, 3},
	} {
		b := gemmNNRowChunks(c.i0, c.i1, c.mr, c.parts)
		tiles := (c.i1 - c.i0 + c.mr - 1) / c.mr
		require.Equal(t, c.i0, b[0], "%+v", c)
		require.Equal(t, c.i1, b[len(b)-1], "%+v", c)
		require.GreaterOrEqual(t, len(b)-1, min(tiles, gemmNNChunksPerPart*c.parts), "%+v: chunk count", c)
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
