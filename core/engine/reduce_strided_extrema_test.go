package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// extremaRows (amax/amin of short rows through the kernels' AVX-512 loops
// and the builtin max and min) must give foldReal's result bit for bit:
// the first of -0 and +0 stays, NaN sticks and the row's last NaN wins,
// infinities and subnormals order as floats; float64, float32 and int64
// rows of 0-17 elements (403 and 7 rows) drawn from those edge values and
// random ones.
func TestExtremaRowsIsFoldReal(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	nan2 := math.Float64frombits(0x7ff8000000000002)
	edges := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), nan2,
		math.Float64frombits(0xfff8000000000001), math.MaxFloat64, -math.MaxFloat64, 5e-324, -5e-324, 1, -1}
	draw := func() float64 {
		if rng.IntN(3) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return rng.NormFloat64()
	}
	for _, op := range []ReduceOp{Amax, Amin} {
		init := initReal[float64](op)
		// 403 rows: the kernels' groups of eight (with AVX-512), then rows
		// after them; 7 rows: fewer than eight, so the Go loops' pass of
		// four and the single rows after it take every float row too.
		for i := range 2 * 18 {
			rows, rn := []int64{403, 7}[i%2], int64(i/2)
			x := make([]float64, rows*rn)
			x32 := make([]float32, rows*rn)
			xi := make([]int64, rows*rn)
			for i := range x {
				x[i] = draw()
				x32[i] = float32(x[i])
				xi[i] = int64(rng.IntN(7) - 3)
			}
			got, got32, goti := make([]float64, rows), make([]float64, rows), make([]int64, rows)
			extremaRows(op == Amin, x, got, rn, init)
			extremaRows(op == Amin, x32, got32, rn, init)
			extremaRows(op == Amin, xi, goti, rn, initReal[int64](op))
			for k := range int64(rows) {
				want := foldReal(op, x[k*rn:(k+1)*rn], init)
				want32 := foldReal(op, x32[k*rn:(k+1)*rn], init)
				wanti := foldReal(op, xi[k*rn:(k+1)*rn], initReal[int64](op))
				require.Equal(t, math.Float64bits(want), math.Float64bits(got[k]),
					"op %d row %v: %v, want %v", op, x[k*rn:(k+1)*rn], got[k], want)
				require.Equal(t, math.Float64bits(want32), math.Float64bits(got32[k]),
					"op %d float32 row %v: %v, want %v", op, x32[k*rn:(k+1)*rn], got32[k], want32)
				require.Equal(t, wanti, goti[k], "op %d int64 row %v", op, xi[k*rn:(k+1)*rn])
			}
		}
	}
}
