package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// ReduceStrided's sum, mean and norm run four rows (or four elements down
// a column) per pass; each result must still be the ordered fold from
// zero, bit for bit (a CSR row's segment fold, the thread count's no
// matter): rows of 0-13 elements, 0-9 of them (the four-row passes and
// their tails), and columns of 1-600 results (more than one chunk of
// stridedColumns) over 0-9 rows.
func TestReduceStridedFoldsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 5))
	check := func(op ReduceOp, outer, rn, inner int64) {
		n := outer * rn * inner
		v := dtype.NewArray(dtype.Float64, []int64{n})
		x := dtype.AsSlice[float64](v)
		for i := range x {
			x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
		}
		got, ok, err := ReduceStrided(op, v, outer, rn, inner, dtype.Float64)
		require.NoError(t, err)
		require.True(t, ok)
		g := dtype.AsSlice[float64](got)
		for o := range outer {
			for i := range inner {
				s := 0.0
				for r := range rn {
					e := x[(o*rn+r)*inner+i]
					if op == Norm {
						e *= e
					}
					s += e
				}
				switch op {
				case Mean:
					s /= float64(rn)
				case Norm:
					s = math.Sqrt(s)
				}
				require.Equal(t, math.Float64bits(s), math.Float64bits(g[o*inner+i]),
					"op %d over (%d, %d, %d) at (%d, %d): %v != %v", op, outer, rn, inner, o, i, g[o*inner+i], s)
			}
		}
	}
	for _, op := range []ReduceOp{Sum, Mean, Norm} {
		for outer := int64(0); outer <= 9; outer++ {
			for _, rn := range []int64{1, 2, 3, 4, 5, 7, 8, 13} {
				check(op, outer, rn, 1)
			}
		}
		for _, inner := range []int64{1, 2, 5, 300, 600} {
			for rn := int64(0); rn <= 9; rn++ {
				check(op, 1, rn, inner)
				check(op, 2, rn, inner)
			}
		}
	}
}
