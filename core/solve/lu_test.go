package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

var allOrderings = []Ordering{OrderDefault, OrderNatural, OrderAMD, OrderColAMD}

// requireLU checks L U = A[p][:, q], L unit lower and U upper triangular,
// and that Fill counts their entries.
func requireLU(t *testing.T, f Factor, a dense, d dtype.DType) {
	t.Helper()
	lt, err := f.L()
	require.NoError(t, err)
	ut, err := f.U()
	require.NoError(t, err)
	require.Equal(t, tensor.CSC, lt.Layout())
	require.Equal(t, lt.NNZ()+ut.NNZ(), f.Fill())
	l, u := denseOf(t, lt), denseOf(t, ut)
	for i := range l {
		require.Equal(t, complex128(1), l[i][i])
		for j := i + 1; j < len(l); j++ {
			require.Zero(t, l[i][j])
			require.Zero(t, u[j][i])
		}
	}
	require.Less(t, relDiff(matmul(l, u), permute(a, f.RowPerm(), f.ColPerm())), tolerance(d))
}

func TestSpluSolvesOverLayoutsDTypesOrderings(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 40
	for _, d := range solveDTypes {
		a := randomSparse(rng, n, 0.08, d)
		for _, layout := range matrixLayouts {
			at := tensorOf(t, a, d, layout)
			for _, ord := range allOrderings {
				t.Run(fmt.Sprintf("%s/%s/%s", d, layout, ord), func(t *testing.T) {
					before := tensor.Clone(at)
					f, err := Splu(at, LUOptions{Ordering: ord, PivotThreshold: 1})
					require.NoError(t, err)
					requireLU(t, f, a, d)
					b := randomDense(rng, n, 2, d)
					x, err := f.Solve(stridedOf(t, b, d, false), true)
					require.NoError(t, err)
					require.Less(t, relDiff(matmul(a, denseOf(t, x)), b), tolerance(d))
					bt := transpose(b)
					xt, err := f.Solve(stridedOf(t, bt, d, false), false)
					require.NoError(t, err)
					require.Less(t, relDiff(matmul(denseOf(t, xt), a), bt), tolerance(d))
					requireUnchanged(t, before, at)
				})
			}
		}
	}
}

// A mostly zero diagonal needs row pivoting, whatever the threshold.
func TestSpluPivots(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const n = 30
	// Rows of a well-conditioned matrix rotated by one: the dominant entries
	// sit off the diagonal, which is mostly zero.
	w := randomSparse(rng, n, 0.1, dtype.Float64)
	a := make(dense, n)
	for i := range a {
		a[i] = w[(i+1)%n]
	}
	for _, thr := range []float64{0, 0.1, 1} {
		f, err := Splu(tensorOf(t, a, dtype.Float64, tensor.CSC), LUOptions{Ordering: OrderColAMD, PivotThreshold: thr})
		require.NoError(t, err)
		requireLU(t, f, a, dtype.Float64)
		b := randomDense(rng, n, 1, dtype.Float64)
		x, err := f.Solve(stridedOf(t, b, dtype.Float64, true), true)
		require.NoError(t, err)
		require.Less(t, relDiff(matmul(a, denseOf(t, x)), b), 1e-10)
	}
}

// Candidate pivots of equal magnitude go to the highest row, whatever order
// the search reaches them in: in column 1 row 2 comes from A and row 3 from
// L's column 0 (found after it), both of magnitude 1 above a diagonal of 0.1.
func TestSpluTiedPivotsTakeHighestRow(t *testing.T) {
	a := dense{
		{4, 4, 0, 0},
		{0, 0.1, 1, 0},
		{0, 1, 0.5, 1},
		{1, 0, 0, 1},
	}
	f, err := Splu(tensorOf(t, a, dtype.Float64, tensor.CSC), LUOptions{Ordering: OrderNatural, PivotThreshold: 1})
	require.NoError(t, err)
	require.Equal(t, []int64{0, 3, 1, 2}, f.RowPerm())
	requireLU(t, f, a, dtype.Float64)
}

func TestSpluSingularNamesColumn(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const n = 25
	a := randomSparse(rng, n, 0.1, dtype.Float64)
	for i := range a {
		a[i][17] = 0
	}
	for _, ord := range allOrderings {
		_, err := Splu(tensorOf(t, a, dtype.Float64, tensor.CSR), LUOptions{Ordering: ord, PivotThreshold: 1})
		requireCode(t, err, errs.ErrInvalidArgument, "structurally singular: zero pivot in column 17")
	}
	// numerically singular: column 9 = 2 * column 3
	b := randomSparse(rng, n, 0.1, dtype.Float64)
	for i := range b {
		b[i][9] = 2 * b[i][3]
	}
	_, err := Splu(tensorOf(t, b, dtype.Float64, tensor.CSC), LUOptions{Ordering: OrderNatural, PivotThreshold: 1})
	requireCode(t, err, errs.ErrInvalidArgument, "singular: zero pivot in column 9")
	for _, ord := range allOrderings {
		_, err := Splu(tensorOf(t, b, dtype.Float64, tensor.CSC), LUOptions{Ordering: ord, PivotThreshold: 1})
		requireCode(t, err, errs.ErrInvalidArgument, "zero pivot in column")
	}
}

func TestSpluBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	a := tensorOf(t, randomSparse(rng, 6, 0.3, dtype.Float64), dtype.Float64, tensor.CSR)
	_, err := Splu(a, LUOptions{PivotThreshold: 1.5})
	requireCode(t, err, errs.ErrInvalidArgument, "pivot_threshold = 1.5")
	_, err = Splu(a, LUOptions{Ordering: 9, PivotThreshold: 1})
	requireCode(t, err, errs.ErrInvalidArgument, "ordering = 9")
	_, err = Splu(tensorOf(t, randomDense(rng, 3, 4, dtype.Float64), dtype.Float64, tensor.COO), DefaultLUOptions())
	requireCode(t, err, errs.ErrInvalidArgument, "square")
	filled, err := tensor.WithFill(a, tensor.ScalarBytes(dtype.Float64, dtype.Real(1)))
	require.NoError(t, err)
	_, err = Splu(filled, DefaultLUOptions())
	requireCode(t, err, errs.ErrInvalidArgument, "fill value must be zero to solve, got 1")
	require.NotContains(t, err.Error(), "10i", "the fill 1 printed as 1 (fmt's %+v dropped the sign: 10i)")
	c := tensorOf(t, randomSparse(rng, 6, 0.3, dtype.Complex128), dtype.Complex128, tensor.CSR)
	cf, err := tensor.WithFill(c, tensor.ScalarBytes(dtype.Complex128, dtype.Complex128Scalar(complex(2.5, -1))))
	require.NoError(t, err)
	_, err = Splu(cf, DefaultLUOptions())
	requireCode(t, err, errs.ErrInvalidArgument, "fill value must be zero to solve, got 2.5-1i")
	f, err := Splu(a, DefaultLUOptions())
	require.NoError(t, err)
	_, err = f.Solve(stridedOf(t, randomDense(rng, 5, 1, dtype.Float64), dtype.Float64, true), true)
	requireCode(t, err, errs.ErrInvalidArgument, "B: shape [5]")
}

func TestSpsolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	const n = 35
	for _, d := range solveDTypes {
		a := randomSparse(rng, n, 0.1, d)
		for _, layout := range matrixLayouts {
			at := tensorOf(t, a, d, layout)
			b := randomDense(rng, n, 1, d)
			x, err := Spsolve(at, stridedOf(t, b, d, true), true)
			require.NoError(t, err)
			require.Equal(t, []int64{n}, x.Dims())
			require.Less(t, relDiff(matmul(a, denseOf(t, x)), b), tolerance(d))
			bm := randomDense(rng, 4, n, d)
			xm, err := Spsolve(at, stridedOf(t, bm, d, false), false)
			require.NoError(t, err)
			require.Less(t, relDiff(matmul(denseOf(t, xm), a), bm), tolerance(d))
			// a sparse B is read densely
			xs, err := Spsolve(at, tensorOf(t, bm, d, tensor.CSR), false)
			require.NoError(t, err)
			require.Less(t, relDiff(denseOf(t, xs), denseOf(t, xm)), tolerance(d))
		}
	}
	_, err := Spsolve(tensorOf(t, randomSparse(rng, 4, 0.3, dtype.Float64), dtype.Float64, tensor.CSR), stridedOf(t, randomDense(rng, 3, 1, dtype.Float64), dtype.Float64, true), true)
	requireCode(t, err, errs.ErrInvalidArgument, "B: shape [3]")
}
