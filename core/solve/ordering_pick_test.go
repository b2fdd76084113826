package solve

import (
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// pickViews loads a as columnOrderForLU reads it.
func pickViews(t *testing.T, a *tensor.Tensor) (views[float64], symmetry) {
	t.Helper()
	m, err := loadCompressed[float64](a, tensor.CSC)
	require.NoError(t, err)
	v := viewsOf(m).withoutZeros()
	return v, symmetryOfViews(v)
}

// On a symmetric pattern (the 120^2 Laplacian and the 90^2
// convection-diffusion operator) ColAMD makes both tie orders and keeps
// the one whose Cholesky count of A + A^T is smaller; the count is then
// the fill of LU (the pivots stay on the diagonal), and the guess is made
// from it. The two orders differ, and there the lowest-first one wins.
// The choice is the same on one goroutine and on two.
func TestColumnOrderForLUPicksFewerEntries(t *testing.T) {
	lap, err := laplacian2D(t, 120)
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		a    *tensor.Tensor
	}{{"laplacian 120x120", lap}, {"convdiff 90x90", convectionDiffusion(t, 90, 2)}} {
		t.Run(c.name, func(t *testing.T) {
			v, sym := pickViews(t, c.a)
			require.True(t, sym.nearlySymmetric())
			require.GreaterOrEqual(t, len(v.byCol.idx), luGuessMinEntries)
			high := columnPostorder(v.byCol, columnOrderWith(v.byRow, false))
			low := columnPostorder(v.byCol, columnOrderWith(v.byRow, true))
			require.NotEqual(t, high, low)
			highCount, lowCount := symmetricCholeskyCount(v, high), symmetricCholeskyCount(v, low)
			require.Less(t, lowCount, highCount)
			var got [][]int
			for _, workers := range []int{1, 2} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: parallel.CurrentKnobs().Threshold, ChunkedThreshold: parallel.CurrentKnobs().ChunkedThreshold, Workers: workers})
				q, guess := columnOrderForLU(v, sym)
				parallel.SetKnobs(old)
				require.Equal(t, low, q, "%d workers", workers)
				require.Equal(t, fillGuessOf(lowCount, v.byCol.cols), guess)
				got = append(got, q)
			}
			require.Equal(t, got[0], got[1])
			f, err := Splu(c.a, LUOptions{Ordering: OrderColAMD, PivotThreshold: 1})
			require.NoError(t, err)
			require.Equal(t, slices.Clone(f.ColPerm()), toInt64(low))
			require.Equal(t, 2*lowCount, f.Fill(), "L is the Cholesky pattern, U its transpose, each with the diagonal")
		})
	}
}

// On an unsymmetric pattern (bayer10) and on a small matrix (west0067) the
// count says little or costs more than it saves: ColAMD takes the
// highest-first order alone, with no guess.
func TestColumnOrderForLUKeepsOneOrderElsewhere(t *testing.T) {
	for _, name := range []string{"bayer10.mtx", "west0067.mtx"} {
		v, sym := pickViews(t, realMatrix(t, name))
		q, guess := columnOrderForLU(v, sym)
		require.Equal(t, columnPostorder(v.byCol, columnOrder(v.byRow)), q, name)
		require.Equal(t, int64(-1), guess, name)
	}
}
