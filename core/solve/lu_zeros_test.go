package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// withStoredZeros builds a CSC tensor of m's nonzeros plus explicit zeros
// at count random positions where m has none.
func withStoredZeros(t *testing.T, rng *rand.Rand, m dense, count int) *tensor.Tensor {
	t.Helper()
	n := len(m)
	var rows, cols []int64
	var vals []float64
	for i := range m {
		for j, v := range m[i] {
			if v != 0 {
				rows, cols, vals = append(rows, int64(i)), append(cols, int64(j)), append(vals, real(v))
			}
		}
	}
	for added := 0; added < count; {
		i, j := rng.IntN(n), rng.IntN(n)
		if m[i][j] == 0 {
			m[i][j] = 1 // taken; reset below
			rows, cols, vals = append(rows, int64(i)), append(cols, int64(j)), append(vals, 0)
			added++
		}
	}
	for k, v := range vals {
		if v == 0 {
			m[rows[k]][cols[k]] = 0
		}
	}
	nnz := int64(len(vals))
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals, nnz),
		[]int64{int64(n), int64(n)}, tensor.BuildOptions{})
	require.NoError(t, err)
	out, err := convert.ToLayout(coo, tensor.CSC, tensor.DefaultConvert())
	require.NoError(t, err)
	return out
}

// Explicitly stored zeros of A change neither the factors nor the fill
// (they are dropped before the ordering), and U stores no exact zeros.
func TestSpluIgnoresStoredZeros(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	const n = 80
	m := randomSparse(rng, n, 0.03, dtype.Float64)
	clean := tensorOf(t, m, dtype.Float64, tensor.CSC)
	stored := withStoredZeros(t, rng, m, 400)
	require.Greater(t, stored.NNZ(), clean.NNZ())
	for _, ord := range []Ordering{OrderNatural, OrderColAMD, OrderAMD} {
		opt := LUOptions{Ordering: ord, PivotThreshold: 1}
		want, err := Splu(clean, opt)
		require.NoError(t, err)
		got, err := Splu(stored, opt)
		require.NoError(t, err)
		require.Equal(t, want.Fill(), got.Fill(), "%s", ord)
		require.Equal(t, want.RowPerm(), got.RowPerm(), "%s", ord)
		requireLU(t, got, m, dtype.Float64)
		u, err := got.U()
		require.NoError(t, err)
		for _, v := range vectorOf(t, u) {
			require.NotZero(t, v, "%s: U stores an exact zero", ord)
		}
	}
}

// An entry of L that cancels to exactly zero is not kept: in
// [[2 1 0] [0 3 0] [4 2 5]] with the diagonal pivots, L[2,1] = (2 - 2*1)/3.
func TestSpluDropsCancelledEntriesOfL(t *testing.T) {
	m := dense{{2, 1, 0}, {0, 3, 0}, {4, 2, 5}}
	a := tensorOf(t, m, dtype.Float64, tensor.CSC)
	f, err := Splu(a, LUOptions{Ordering: OrderNatural, PivotThreshold: 0})
	require.NoError(t, err)
	require.Equal(t, int64(8), f.Fill(), "L: 3 unit diagonal entries and L[2,0]; U: 3 pivots and U[0,1]")
	l, err := f.L()
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 1, 1}, vectorOf(t, l))
	requireLU(t, f, m, dtype.Float64)
}

// Nor an entry of U: in [[2 0 1] [4 3 2] [0 0 5]] with the diagonal pivots,
// U[1,2] = 2 - 2*1.
func TestSpluDropsCancelledEntriesOfU(t *testing.T) {
	m := dense{{2, 0, 1}, {4, 3, 2}, {0, 0, 5}}
	a := tensorOf(t, m, dtype.Float64, tensor.CSC)
	f, err := Splu(a, LUOptions{Ordering: OrderNatural, PivotThreshold: 0})
	require.NoError(t, err)
	require.Equal(t, int64(8), f.Fill(), "L: 3 unit diagonal entries and L[1,0]; U: 3 pivots and U[0,2]")
	u, err := f.U()
	require.NoError(t, err)
	require.Equal(t, []float64{2, 3, 1, 5}, vectorOf(t, u))
	requireLU(t, f, m, dtype.Float64)
}

// dropZerosOfL keeps each column's unit diagonal and nonzeros in order:
// no zero at all, the first zero in the middle of a column, at a column's
// end, a column of only zeros below the diagonal, and zeros in the first
// column, each against a plain filter.
func TestDropZerosOfL(t *testing.T) {
	for _, c := range []struct {
		lp []int
		lx []float64
	}{
		{[]int{0, 3, 5, 6}, []float64{1, 2, 3, 1, 4, 1}},
		{[]int{0, 3, 6, 8, 11, 12}, []float64{1, 2, 3, 1, 4, 0, 1, 0, 1, 0, 5, 1}},
		{[]int{0, 3, 5, 7}, []float64{1, 0, 0, 1, 2, 1, 3}},
		{[]int{0, 2, 5, 6}, []float64{1, 7, 1, 0, 6, 1}},
	} {
		n := len(c.lp) - 1
		li := make([]int, len(c.lx))
		for p := range li {
			li[p] = 10 + p // rows told apart by position
		}
		var wantLp, wantLi []int
		var wantLx []float64
		for j := 0; j < n; j++ {
			wantLp = append(wantLp, len(wantLi))
			for p := c.lp[j]; p < c.lp[j+1]; p++ {
				if p == c.lp[j] || c.lx[p] != 0 {
					wantLi, wantLx = append(wantLi, li[p]), append(wantLx, c.lx[p])
				}
			}
		}
		wantLp = append(wantLp, len(wantLi))
		f := &luNumeric[float64]{n: n, lp: append([]int(nil), c.lp...), li: li, lx: append([]float64(nil), c.lx...)}
		f.dropZerosOfL()
		require.Equal(t, wantLp, f.lp, "%v", c.lx)
		require.Equal(t, wantLi, f.li, "%v", c.lx)
		require.Equal(t, wantLx, f.lx, "%v", c.lx)
	}
}
