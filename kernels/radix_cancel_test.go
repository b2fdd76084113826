package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// The radix passes check the caller's token inside their parts: with no
// binding (parallel.For's own polls see nothing) a cancelled token still stops
// the sort, and without one it sorts.
func TestRadixPassesPollTheCallersToken(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	keys := make([]uint64, 1<<18)
	for i := range keys {
		keys[i] = rng.Uint64() >> 24
	}
	tok := cancel.New()
	defer tok.Release()
	tok.Cancel()
	a := slices.Clone(keys)
	err := func() (err error) {
		defer cancel.Catch(&err)
		radixSortPackedPolled(a, make([]uint64, len(a)), 0, 40, 2, tok)
		return nil
	}()
	require.ErrorIs(t, err, cancel.ErrCancelled)
	out := radixSortPackedPolled(slices.Clone(keys), make([]uint64, len(keys)), 0, 40, 2, nil)
	require.True(t, slices.IsSorted(out))
}
