package solve

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// withColumnSearch runs fn with the search column by column (no supernodes).
func withColumnSearch(fn func()) {
	luSupernodalSearch = false
	defer func() { luSupernodalSearch = true }()
	fn()
}

// requireSameFactor checks two factors (CSC arrays) for the same values
// within 1e-12 of their column's largest magnitude, row by row. An entry
// one factor holds and the other does not counts as zero there: L and U
// drop the entries that cancelled to exactly zero, and in another order of
// the updates a cancellation may leave a few units of rounding instead
// (bayer10: 3e-32 where the column's largest is 1).
func requireSameFactor[T elem](t *testing.T, what string, ap, bp []int, ai, bi []int, ax, bx []T) {
	t.Helper()
	require.Equal(t, len(ap), len(bp), "%s: columns", what)
	diff := make(map[int]complex128)
	for j := 0; j+1 < len(ap); j++ {
		clear(diff)
		scale := 0.0
		for p := ap[j]; p < ap[j+1]; p++ {
			diff[ai[p]] += toC(ax[p])
			scale = math.Max(scale, cmplx.Abs(toC(ax[p])))
		}
		for p := bp[j]; p < bp[j+1]; p++ {
			diff[bi[p]] -= toC(bx[p])
		}
		for i, d := range diff {
			if cmplx.Abs(d) > 1e-12*scale {
				t.Fatalf("%s: column %d row %d: %v apart", what, j, i, d)
			}
		}
	}
}

func toC[T elem](v T) complex128 {
	switch x := any(v).(type) {
	case float64:
		return complex(x, 0)
	case complex128:
		return x
	}
	panic("toC")
}

// requireSearchesAgree factors at with the supernodal search and with the
// column search: the same permutations and fill, L and U equal within
// 1e-12 relative (the updates only come in another order); returns the
// supernodal factorization.
func requireSearchesAgree[T elem](t *testing.T, at *tensor.Tensor, opt LUOptions) *luNumeric[T] {
	t.Helper()
	sn, err := Splu(at, opt)
	require.NoError(t, err)
	var col *LU
	withColumnSearch(func() { col, err = Splu(at, opt) })
	require.NoError(t, err)
	require.Equal(t, col.ColPerm(), sn.ColPerm())
	require.Equal(t, col.RowPerm(), sn.RowPerm())
	require.Equal(t, col.Fill(), sn.Fill())
	a, b := sn.impl.(*luNumeric[T]), col.impl.(*luNumeric[T])
	require.Zero(t, b.supernodeColumns)
	requireSameFactor(t, "L", a.lp, b.lp, a.li, b.li, a.lx, b.lx)
	requireSameFactor(t, "U", a.up, b.up, a.ui, b.ui, a.ux, b.ux)
	return a
}

// The supernodal search gives the column search's factorization on the real
// unsymmetric matrices, the convection-diffusion operators and random
// matrices that need pivoting (real and complex, with and without panels),
// and it is taken: the columns of the 2-D and 3-D grids' fronts join
// supernodes (the postordered orderings keep them consecutive).
func TestLUSupernodalSearchAgreesWithColumnSearch(t *testing.T) {
	for _, name := range []string{"west0067.mtx", "cryg2500.mtx", "bayer10.mtx", "arrow.mtx"} {
		t.Run(name, func(t *testing.T) {
			a := realMatrix(t, name)
			f := requireSearchesAgree[float64](t, a, DefaultLUOptions())
			t.Logf("%d of %d columns joined a supernode", f.supernodeColumns, f.n)
		})
	}
	for _, c := range []struct{ n, dims int }{{60, 2}, {12, 3}} {
		t.Run(fmt.Sprintf("convdiff%dd_%d", c.dims, c.n), func(t *testing.T) {
			a := convectionDiffusion(t, c.n, c.dims)
			for _, opt := range []LUOptions{DefaultLUOptions(), {Ordering: OrderAMD, PivotThreshold: spsolveSymmetricPivot}, {Ordering: OrderColAMD, PivotThreshold: 1}} {
				f := requireSearchesAgree[float64](t, a, opt)
				require.Greater(t, f.supernodeColumns, f.n/5, "%s", opt.Ordering)
			}
			withoutPanels(func() {
				f := requireSearchesAgree[float64](t, a, DefaultLUOptions())
				require.Greater(t, f.supernodeColumns, f.n/5)
			})
		})
	}
	rng := rand.New(rand.NewPCG(31, 32))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128} {
		for _, n := range []int{120, 300} {
			a := pivotingSparse(rng, n, 0.02, d)
			at := tensorOf(t, a, d, tensor.CSC)
			for _, opt := range []LUOptions{{Ordering: OrderColAMD, PivotThreshold: 1}, {Ordering: OrderAMD, PivotThreshold: 0.1}, {Ordering: OrderNatural, PivotThreshold: 1}} {
				t.Run(fmt.Sprintf("%s/%d/%s", d, n, opt.Ordering), func(t *testing.T) {
					lowPanelThreshold(t)
					if d == dtype.Float64 {
						requireSearchesAgree[float64](t, at, opt)
					} else {
						requireSearchesAgree[complex128](t, at, opt)
					}
					f, err := Splu(at, opt)
					require.NoError(t, err)
					requireLU(t, f, a, d)
				})
			}
		}
	}
}
