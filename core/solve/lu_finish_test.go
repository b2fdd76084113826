package solve

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// finishState is a factorization of order 5 with columns 0 and 1 done:
// L's column 0 holds rows 0 (its pivot), 3 and 4, column 1 rows 1 (its
// pivot) and 3; each column its own supernode, neither pruned.
func finishState() (*luNumeric[float64], []float64) {
	f := &luNumeric[float64]{n: 5,
		lp: []int{0, 3, 5, 0, 0, 0}, li: append(make([]int, 0, 16), 0, 3, 4, 1, 3),
		lx: append(make([]float64, 0, 16), 1, 0.5, 0.25, 1, 2),
		up: []int{0, 1, 2, 0, 0, 0}, ui: append(make([]int, 0, 16), 0, 1),
		ux:   append(make([]float64, 0, 16), 4, 8),
		pinv: []int{0, 1, -1, -1, -1}, perm: []int{0, 1, 0, 0, 0}, pend: []int{3, 5, 0, 0, 0}, pruned: make([]bool, 5),
		snFirst: []int{0, 1, 0, 0, 0}, snLast: []int{0, 1, 0, 0, 0}}
	return f, make([]float64, 5)
}

// finishColumn, reading reached once to sort it, stores U's rows in the
// order reached (an exact zero left out), pivots on the largest candidate,
// stores L's other rows in the order reached, leaves x zero and prunes the
// columns of U's rows that hold the pivot row.
func TestFinishColumnOnePass(t *testing.T) {
	f, x := finishState()
	// Column 2 (A's column 2) reaches rows 4, 0, 3, 1, 2 in this order:
	// U's rows 0 and 1 (the latter an exact zero), candidates 4, 3 and 2.
	reached := []int{4, 0, 3, 1, 2}
	x[4], x[0], x[3], x[1], x[2] = -6, 5, 3, 0, 1.5
	f.lp[2], f.up[2] = len(f.li), len(f.ui)
	require.NoError(t, f.finishColumn(x, reached, make([]int, 5), 2, 2, 1))
	require.Equal(t, []int{0, 2}, f.ui[f.up[2]:], "U: row 0's entry, then the pivot (U[1,2] is zero)")
	require.Equal(t, []float64{5, -6}, f.ux[f.up[2]:])
	require.Equal(t, 2, f.pinv[4], "the largest candidate is the pivot")
	require.Equal(t, []int{4, 3, 2}, f.li[f.lp[2]:], "L: the pivot row, then the others as reached")
	require.Equal(t, []float64{1, 3 / -6.0, 1.5 / -6.0}, f.lx[f.lp[2]:])
	require.Equal(t, make([]float64, 5), x, "x is zero again")
	// Column 0 holds row 4, the pivot row: pruned, its pivotal rows (4)
	// first and row 3 behind pend. Column 1 does not hold row 4.
	require.True(t, f.pruned[0])
	require.Equal(t, []int{0, 4, 3}, f.li[0:3])
	require.Equal(t, []float64{1, 0.25, 0.5}, f.lx[0:3])
	require.Equal(t, 2, f.pend[0])
	require.False(t, f.pruned[1])
	require.Equal(t, 5, f.pend[1])
}

// A column already pruned, or not the last of its supernode, is left as
// it is.
func TestFinishColumnPrunesOnlyUnprunedRepresentatives(t *testing.T) {
	for _, c := range []struct {
		name   string
		adjust func(f *luNumeric[float64])
	}{
		{"pruned", func(f *luNumeric[float64]) { f.pruned[0] = true }},
		{"not representative", func(f *luNumeric[float64]) { f.snFirst[1], f.snLast[0] = 0, 1 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, x := finishState()
			c.adjust(f)
			reached := []int{4, 0, 3, 1, 2}
			x[4], x[0], x[3], x[1], x[2] = -6, 5, 3, 0, 1.5
			f.lp[2], f.up[2] = len(f.li), len(f.ui)
			require.NoError(t, f.finishColumn(x, reached, make([]int, 5), 2, 2, 1))
			require.Equal(t, []int{0, 3, 4}, f.li[0:3], "column 0 untouched")
			require.Equal(t, 3, f.pend[0])
		})
	}
}

// A column whose rows are all pivotal, or whose candidates are all zero,
// is refused, and x is zero again either way.
func TestFinishColumnSingularLeavesXZero(t *testing.T) {
	f, x := finishState()
	x[0], x[1] = 2, 3
	f.lp[2], f.up[2] = len(f.li), len(f.ui)
	err := f.finishColumn(x, []int{0, 1}, make([]int, 5), 7, 2, 1)
	require.ErrorContains(t, err, "structurally singular: zero pivot in column 7")
	require.Equal(t, make([]float64, 5), x)

	f, x = finishState()
	x[0], x[3] = 2, 0
	f.lp[2], f.up[2] = len(f.li), len(f.ui)
	err = f.finishColumn(x, []int{0, 3, 2}, make([]int, 5), 7, 2, 1)
	require.ErrorContains(t, err, "singular: zero pivot in column 7")
	require.Equal(t, make([]float64, 5), x)
}

// The float64 pivot search (math.Abs inline) sorts the rows and picks the
// pivot as the generic one does on the same values as complex128: the
// largest magnitude, the highest row among equals (a tie of -3 and 3 here),
// a NaN never chosen.
func TestSortReachedRealMatchesGeneric(t *testing.T) {
	pinv := []int{-1, 0, -1, -1, 1, -1, -1}
	x := []float64{2, 7, -3, math.NaN(), 5, 3, 0}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6}, {6, 5, 4, 3, 2, 1, 0}, {3, 2, 1, 5, 0, 6, 4}} {
		xc := make([]complex128, len(x))
		for i, v := range x {
			xc[i] = complex(v, 0)
		}
		realReached, realRows := append([]int(nil), order...), make([]int, len(x))
		ip, amax, cands, nu := sortReached(x, realReached, realRows, pinv)
		cReached, cRows := append([]int(nil), order...), make([]int, len(x))
		cip, camax, ccands, cnu := sortReached(xc, cReached, cRows, pinv)
		require.Equal(t, 5, ip, "order %v: the highest of the rows of magnitude 3", order)
		require.Equal(t, 3.0, amax)
		require.Equal(t, []any{cip, camax, ccands, cnu}, []any{ip, amax, cands, nu}, "order %v", order)
		require.Equal(t, 5, cands)
		require.Equal(t, 2, nu)
		require.Equal(t, cReached, realReached, "order %v: the candidates first, in order", order)
		require.Equal(t, cRows[:nu], realRows[:nu], "order %v: U's rows", order)
	}
}

// scatterSub updates every row of columns of 0 to 20 entries (the eight-
// and four-entry steps and the tail), each as x[r] - v*xj, and no other.
func TestScatterSubLengths(t *testing.T) {
	const n = 48
	for m := 0; m <= 20; m++ {
		rows, vals := make([]int, m), make([]float64, m+3) // vals longer than rows
		for p := range rows {
			rows[p] = (p*7 + 5) % n // distinct rows, out of order
			vals[p] = float64(p) + 0.25
		}
		x, want := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i] = float64(i) / 3
			want[i] = x[i]
		}
		for p, r := range rows {
			want[r] -= vals[p] * 1.5
		}
		scatterSub(x, rows, vals, 1.5)
		require.Equal(t, want, x, "%d entries", m)
	}
}
