package solve

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/stretchr/testify/require"
)

// luBits is every array of an LU factorization and a solution, the
// values as their bits: two runs agree when these are equal.
type luBits struct {
	lp, li, up, ui, pinv, q []int
	lx, ux, x               []uint64
}

func bitsOf(v []float64) []uint64 {
	out := make([]uint64, len(v))
	for i, f := range v {
		out[i] = math.Float64bits(f)
	}
	return out
}

// luRun factors a (Splu, ColAMD, partial pivoting) and solves with Spsolve,
// whose LU takes its own ordering and one refinement step.
func luRun(t *testing.T, a *tensor.Tensor) luBits {
	f, err := Splu(a, LUOptions{Ordering: OrderColAMD, PivotThreshold: 1})
	require.NoError(t, err)
	impl := f.impl.(*luNumeric[float64])
	x, err := Spsolve(a, randomVector(t, a.Dims()[0], 3), true)
	require.NoError(t, err)
	return luBits{lp: impl.lp, li: impl.li, up: impl.up, ui: impl.ui, pinv: impl.pinv, q: impl.q,
		lx: bitsOf(impl.lx), ux: bitsOf(impl.ux), x: bitsOf(dtype.AsSlice[float64](x.Values()))}
}

// The buffers LU takes without clearing them (unzeroed: its integer
// arrays and scratch, the transposed matrix, the refinement's vectors) are
// written before they are read: with every such buffer filled with 0xFF
// bytes (-1, NaN) the factors and solutions are the bits of a run on
// ordinary memory. The systems are large enough for the buffers to be
// uninitialized: an arrowhead (AMD, pivots on the diagonal), a 2-D
// convection-diffusion operator (panels) and a 3-D one split into subtrees.
// Fails with the supernodes' marks left uncleared.
func TestLUUnzeroedBuffersAreWrittenFirst(t *testing.T) {
	split, task := luSplitMinColumns, luTaskMinColumns
	luSplitMinColumns, luTaskMinColumns = 1000, 256
	defer func() { luSplitMinColumns, luTaskMinColumns = split, task }()
	for name, a := range map[string]*tensor.Tensor{
		"arrowhead": arrowhead(t, 3000), "convdiff2d_40": convectionDiffusion(t, 40, 2), "convdiff3d_14": convectionDiffusion(t, 14, 3),
	} {
		want := luRun(t, a)
		restore := memory.PoisonUninitForTests()
		got := luRun(t, a)
		restore()
		require.Equal(t, want, got, name)
		if name == "convdiff3d_14" {
			f, err := Splu(a, LUOptions{Ordering: OrderColAMD, PivotThreshold: 1})
			require.NoError(t, err)
			require.Positive(t, f.impl.(*luNumeric[float64]).tasks, "subtrees factored as tasks")
		}
	}
}
