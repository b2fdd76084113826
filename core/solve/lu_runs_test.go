package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// requireRunsChangeNoBit factors at with the supernodes' runs and column
// after column: every array of the factors is the same, bit for bit (each
// row gets the same subtractions in the same order). Returns the factors.
func requireRunsChangeNoBit[T elem](t *testing.T, at *tensor.Tensor, opt LUOptions) *luNumeric[T] {
	t.Helper()
	runs, err := Splu(at, opt)
	require.NoError(t, err)
	luRuns = false
	cols, err := Splu(at, opt)
	luRuns = true
	require.NoError(t, err)
	a, b := runs.impl.(*luNumeric[T]), cols.impl.(*luNumeric[T])
	require.Equal(t, b.pinv, a.pinv, "pivots")
	require.Equal(t, b.lp, a.lp, "L's columns")
	require.Equal(t, b.li, a.li, "L's rows")
	require.Equal(t, b.lx, a.lx, "L's values")
	require.Equal(t, b.up, a.up, "U's columns")
	require.Equal(t, b.ui, a.ui, "U's rows")
	require.Equal(t, b.ux, a.ux, "U's values")
	return a
}

// The runs of supernodes (lu_runs.go) give the factors of the updates
// column after column, bit for bit, on the real matrices (bayer10's and
// cryg2500's supernodes are pruned, and cancel to exact zeros), the
// convection-diffusion operators (runs in and out of the panels, several
// subtrees), and random matrices that need pivoting, real and complex.
// The columns of the grids' fronts join supernodes, so the runs are taken.
func TestLURunsChangeNoBit(t *testing.T) {
	for _, name := range []string{"west0067.mtx", "cryg2500.mtx", "bayer10.mtx"} {
		t.Run(name, func(t *testing.T) {
			a := realMatrix(t, name)
			for _, tol := range []float64{1, 0.1} {
				requireRunsChangeNoBit[float64](t, a, LUOptions{Ordering: OrderColAMD, PivotThreshold: tol})
			}
		})
	}
	for _, c := range []struct{ n, dims int }{{60, 2}, {12, 3}} {
		t.Run(fmt.Sprintf("convdiff%dd_%d", c.dims, c.n), func(t *testing.T) {
			a := convectionDiffusion(t, c.n, c.dims)
			old := luSplitMinColumns
			luSplitMinColumns = 1000 // subtrees on their own storage
			defer func() { luSplitMinColumns = old }()
			for _, panels := range []bool{true, false} {
				luPanels = panels
				f := requireRunsChangeNoBit[float64](t, a, LUOptions{Ordering: OrderColAMD, PivotThreshold: 1})
				luPanels = true
				require.Greater(t, f.supernodeColumns, f.n/5)
			}
		})
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128} {
		for _, n := range []int{120, 300} {
			at := tensorOf(t, pivotingSparse(rng, n, 0.02, d), d, tensor.CSC)
			for _, opt := range []LUOptions{{Ordering: OrderColAMD, PivotThreshold: 1}, {Ordering: OrderAMD, PivotThreshold: 0.1}} {
				t.Run(fmt.Sprintf("%s/%d/%s", d, n, opt.Ordering), func(t *testing.T) {
					lowPanelThreshold(t)
					if d == dtype.Float64 {
						requireRunsChangeNoBit[float64](t, at, opt)
					} else {
						requireRunsChangeNoBit[complex128](t, at, opt)
					}
				})
			}
		}
	}
}

// scatterSub4 and scatterSub2 subtract their columns at each row in order,
// as scatterSub column after column does: the same bits.
func TestScatterSubRunsMatchColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, m := range []int{0, 1, 3, 9, 17} {
		rows := rng.Perm(2 * m)[:m]
		v := make([][]float64, 4)
		for c := range v {
			v[c] = make([]float64, m)
			for p := range v[c] {
				v[c][p] = rng.NormFloat64()
			}
		}
		t4 := [4]float64{rng.NormFloat64(), rng.NormFloat64(), 1e-300, rng.NormFloat64()}
		x0 := make([]float64, 2*m)
		for i := range x0 {
			x0[i] = rng.NormFloat64()
		}
		want, got := append([]float64(nil), x0...), append([]float64(nil), x0...)
		for c := range 4 {
			scatterSub(want, rows, v[c], t4[c])
		}
		scatterSub4(got, rows, v[0], v[1], v[2], v[3], t4[0], t4[1], t4[2], t4[3])
		require.Equal(t, want, got, "four columns, %d rows", m)
		want, got = append([]float64(nil), x0...), append([]float64(nil), x0...)
		scatterSub(want, rows, v[0], t4[0])
		scatterSub(want, rows, v[1], t4[1])
		scatterSub2(got, rows, v[0], v[1], t4[0], t4[1])
		require.Equal(t, want, got, "two columns, %d rows", m)
	}
}
