package ops

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestSoftmaxKeyPassesMatchTheWalk: over every custom format of
// formats.json and every dim, the passes softmaxKeyPasses gives (kept keys
// for the short-fiber formats) yield the keys and value slots of a walk
// (chunkedKeyRuns), in the same order, every time they are run.
func TestSoftmaxKeyPassesMatchTheWalk(t *testing.T) {
	kept := 0
	for _, c := range customCases(t, dtype.Float64) {
		s := tensor.CustomStructure(c.a)
		u, err := c.a.USTStorage()
		require.NoError(t, err, c.id)
		nse := u.Values.Numel()
		for dim := range c.a.NDim() {
			red := make([]bool, c.a.NDim())
			red[dim] = true
			strides, _, _ := keptGroups(c.a.Dims(), red)
			var wantKeys []int64
			var wantSlots []int
			require.NoError(t, chunkedKeyRuns(s, nse, strides, func(keys []int64, lo, hi int) {
				wantKeys = append(wantKeys, keys...)
				for q := lo; q < hi; q++ {
					wantSlots = append(wantSlots, q)
				}
			}), c.id)
			passes, err := softmaxKeyPasses(s, nse, strides, 0)
			require.NoError(t, err, c.id)
			if shortFibers(s) {
				kept++
			}
			for range 2 {
				var keys []int64
				var slots []int
				require.NoError(t, passes(func(k []int64, lo, hi int) {
					require.Len(t, k, hi-lo, c.id)
					keys = append(keys, k...)
					for q := lo; q < hi; q++ {
						slots = append(slots, q)
					}
				}), c.id)
				require.True(t, slices.Equal(wantKeys, keys), "%s dim %d: keys", c.id, dim)
				require.True(t, slices.Equal(wantSlots, slots), "%s dim %d: slots", c.id, dim)
			}
		}
	}
	require.Positive(t, kept, "no case kept its keys")
}

// TestShortFibers: the formats walked in fibers of a few slots (BSR's
// blocks) keep their keys; DIA's diagonals and rows of a compressed or
// delta level are walked each pass.
func TestShortFibers(t *testing.T) {
	bsr, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	d8, err := format.DeltaCSR(8)
	require.NoError(t, err)
	csr := benchLaplacian(t, 10, tensor.CSR)
	for _, c := range []struct {
		f    format.Format
		want bool
	}{{bsr, true}, {d8, false}, {format.DIAI(), false}, {format.DIAJ(), false}} {
		x, err := convert.ToFormat(csr, c.f)
		require.NoError(t, err, c.f.String())
		require.Equal(t, c.want, shortFibers(tensor.CustomStructure(x)), c.f.String())
	}
}
