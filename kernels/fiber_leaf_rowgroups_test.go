package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRowGroupsRun: RowGroupsRun (RowPairsRun for s = 2) over runs of 0 to
// 9 groups of s = 1..RowGroupMax rows, each group with 0 to 9 stored
// columns (pairs of groups of unequal lengths, the interleaved loop's
// tails) or all with one count (0 to 3), gives the bits of its definition taken one group at a time: each
// row summed from zero in storage order, then added to y (which holds a
// value already). The values are not integers, so another order would
// round differently.
func TestRowGroupsRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 11))
	for s := 1; s <= RowGroupMax; s++ {
		for run := 0; run < 20; run++ {
			// Groups of random lengths, then (odd runs) of one length:
			// the four-group loop of row pairs.
			ng, same := run/2, int32(rng.IntN(4))
			ptr := make([]int32, ng+1)
			for g := range ng {
				ptr[g+1] = ptr[g] + same
				if run%2 == 0 {
					ptr[g+1] = ptr[g] + int32(rng.IntN(10))
				}
			}
			nnz := int(ptr[ng])
			crd, val, x := make([]int32, nnz), make([]float64, s*nnz), make([]float64, 30)
			for k := range crd {
				crd[k] = int32(rng.IntN(len(x)))
			}
			for k := range val {
				val[k] = rng.NormFloat64()
			}
			for k := range x {
				x[k] = rng.NormFloat64()
			}
			y, want := make([]float64, s*ng+3), make([]float64, s*ng+3)
			for r := range y {
				y[r] = rng.NormFloat64()
				want[r] = y[r]
			}
			for g := range ng {
				for r := range s {
					var sum float64
					for k := ptr[g]; k < ptr[g+1]; k++ {
						sum += x[crd[k]] * val[s*int(k)+r]
					}
					want[s*g+r] += sum
				}
			}
			RowGroupsRun(s, ptr, crd, val, x, y)
			require.Equal(t, want, y, "s=%d groups=%d", s, ng)
		}
	}
}
