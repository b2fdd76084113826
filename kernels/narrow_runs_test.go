package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// GatherSegmentWords gives the reference gather (each selected segment's
// columns and values in order, repeats and empty segments included) on one
// goroutine and split into chunks over several; index_select of every
// 100th row of 1M is such a split since segments weigh their cache misses.
func TestGatherSegmentWordsAnySplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 9))
	const rows = 5000
	pos := []int32{0}
	var crd []int32
	var vals []uint64
	for r := 0; r < rows; r++ {
		for c := range int32(rng.IntN(6)) {
			crd = append(crd, 3*c+int32(r%3))
			vals = append(vals, rng.Uint64())
		}
		pos = append(pos, int32(len(crd)))
	}
	segs := []int64{rows - 1, 0, 0}
	for s := int64(7); s < rows; s += 13 {
		segs = append(segs, s)
	}
	wantPos, wantCrd, wantVals := []int32{0}, []int32{}, []uint64{}
	for _, s := range segs {
		wantCrd = append(wantCrd, crd[pos[s]:pos[s+1]]...)
		wantVals = append(wantVals, vals[pos[s]:pos[s+1]]...)
		wantPos = append(wantPos, int32(len(wantCrd)))
	}
	for _, c := range []struct{ threshold, workers int }{{1 << 30, 1}, {1, 2}, {1, 5}} {
		setKnobs(t, c.threshold, c.workers)
		p, cr, v, ok, err := GatherSegmentWords(pos, crd, vals, segs, func(int64) error { return nil })
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, wantPos, p, "%+v", c)
		require.Equal(t, wantCrd, cr, "%+v", c)
		require.Equal(t, wantVals, v, "%+v", c)
	}
}
