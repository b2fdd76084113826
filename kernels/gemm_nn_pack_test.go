package kernels

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A goroutine asking for a unit of a gemmNNPack that another goroutine has
// taken packs every unit still free meanwhile, then returns once that unit
// is marked packed (not before); the panel so packed, unit by unit, is the
// one packPanel packs in one go, partial last sliver and chunk included.
func TestGemmNNPackWaitsForTakenUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	k, n := 600, 300 // chunks of 256, 256 and 88 steps; 19 slivers of 16, the last of 12 columns
	b := make([]float64, k*n)
	for i := range b {
		b[i] = rng.NormFloat64()
	}
	g := gemmNNCall[float64]{k: k, n: n, alpha: 1, b: b, rsb: n, csb: 1, t: gemmNNTile{mr: 12, nr: 16}}
	stride, kcMax, kbw := 304, 256, 768
	want, got := make([]float64, stride*kbw), make([]float64, stride*kbw)
	g.packPanel(want, stride, 0, n, 0, k, kcMax, 0, 19)
	pk := g.newPack(got, stride, 0, n, 0, k, kcMax)
	require.Len(t, pk.state, 3*5, "3 chunks of k, 5 units of up to 4 slivers")

	held := 1*pk.groups + 2 // the chunk from step 256, slivers 8..11
	require.True(t, pk.state[held].CompareAndSwap(gemmNNUnpacked, gemmNNPacking))
	done := make(chan struct{})
	go func() {
		pk.ready(256, 8)
		close(done)
	}()
	require.Eventually(t, func() bool {
		for u := range pk.state {
			if u != held && pk.state[u].Load() != gemmNNPacked {
				return false
			}
		}
		return true
	}, 10*time.Second, time.Millisecond, "the waiting goroutine packs the free units")
	select {
	case <-done:
		t.Fatal("ready returned before the unit it waits for was packed")
	case <-time.After(20 * time.Millisecond):
	}
	pk.pack(held)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("ready did not return once the unit was packed")
	}
	for pc := 0; pc < k; pc += kcMax { // the values packed, not the padding past k's chunks
		kc := min(kcMax, k-pc)
		require.Equal(t, want[pc*stride:pc*stride+19*16*kc], got[pc*stride:pc*stride+19*16*kc], "chunk from step %d", pc)
	}
}
