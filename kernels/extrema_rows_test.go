package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// foldExtremum is the definition ExtremaRowsFloat64 and ExtremaRowsFloat32
// keep: from init, m = b when b > m (b < m for amin) or b is NaN.
func foldExtremum(isMin bool, row []float64, init float64) float64 {
	m := init
	for _, b := range row {
		if (!isMin && b > m) || (isMin && b < m) || b != b {
			m = b
		}
	}
	return m
}

// ExtremaRowsFloat64 and ExtremaRowsFloat32 give foldExtremum's bits on
// every row they take: rows of 1-17 elements with each edge value (NaNs
// of three payloads and both signs, -0, +0, +-Inf, +-MaxFloat64,
// subnormals) at every position among random and edge values, amax and
// amin from +-Inf, a row count that is not a multiple of eight; and they
// take the whole groups of eight rows (none without AVX-512).
func TestExtremaRowsIsTheFold(t *testing.T) {
	rng := rand.New(rand.NewPCG(2708, 7))
	edges := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		math.Float64frombits(0x7ff8000000000002), math.Float64frombits(0xfff8000000000001),
		math.Float64frombits(0x7ff8000020000000), math.MaxFloat64, -math.MaxFloat64, 5e-324, -5e-324, 1, -1}
	draw := func() float64 {
		if rng.IntN(3) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return rng.NormFloat64()
	}
	for rn := 1; rn <= 17; rn++ {
		var x []float64
		for p := range rn {
			for _, e := range edges {
				for j := range rn {
					v := draw()
					if j == p {
						v = e
					}
					x = append(x, v)
				}
			}
		}
		for range 13 * rn { // 13 random rows more: not a multiple of eight in all
			x = append(x, draw())
		}
		rows := len(x) / rn
		x32 := make([]float32, len(x))
		w32 := make([]float64, len(x)) // x32 widened: the float32 rows' values
		for i, v := range x {
			x32[i] = float32(v)
			w32[i] = float64(x32[i])
		}
		for _, isMin := range []bool{false, true} {
			init := math.Inf(-1)
			if isMin {
				init = math.Inf(1)
			}
			a, a32 := make([]float64, rows), make([]float64, rows)
			n := ExtremaRowsFloat64(a, x, rn, isMin, init)
			n32 := ExtremaRowsFloat32(a32, x32, rn, isMin, init)
			want := 0
			if useExtremaRows512 {
				want = rows &^ 7
			}
			require.Equal(t, want, n, "rn %d float64 rows taken", rn)
			require.Equal(t, want, n32, "rn %d float32 rows taken", rn)
			for k := range n {
				row := x[k*rn : (k+1)*rn]
				require.Equal(t, math.Float64bits(foldExtremum(isMin, row, init)), math.Float64bits(a[k]),
					"min %v row %v: %v", isMin, row, a[k])
				row32 := w32[k*rn : (k+1)*rn]
				require.Equal(t, math.Float64bits(foldExtremum(isMin, row32, init)), math.Float64bits(a32[k]),
					"min %v float32 row %v: %v", isMin, row32, a32[k])
			}
		}
	}
}

// Rows past one assembly call (extremaRowsCall elements) are folded by the
// next calls: 400003 rows of 3, random with a NaN and a -0 in the last
// call's rows, every row taken equal to foldExtremum.
func TestExtremaRowsOverCalls(t *testing.T) {
	const rows, rn = 400003, 3
	require.Greater(t, rows*rn, extremaRowsCall)
	rng := rand.New(rand.NewPCG(3, 400003))
	x := make([]float64, rows*rn)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	x[len(x)-40], x[len(x)-80] = math.NaN(), math.Copysign(0, -1)
	for _, isMin := range []bool{false, true} {
		init := math.Inf(-1)
		if isMin {
			init = math.Inf(1)
		}
		a := make([]float64, rows)
		n := ExtremaRowsFloat64(a, x, rn, isMin, init)
		if useExtremaRows512 {
			require.Equal(t, rows&^7, n)
		}
		for k := range n {
			row := x[k*rn : (k+1)*rn]
			require.Equal(t, math.Float64bits(foldExtremum(isMin, row, init)), math.Float64bits(a[k]), "min %v row %d %v", isMin, k, row)
		}
	}
}
