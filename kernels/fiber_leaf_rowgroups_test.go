package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRowGroupsRun: RowGroupsRun (RowPairsRun for s = 2) over runs of 0 to
// 2100 groups (past the assembly's chunk of simdRowChunk groups) of s =
// 1..RowGroupMax rows, each group with 0 to 9 stored columns (pairs of
// groups of unequal lengths, the interleaved loop's tails) or all with one
// count (0 to 3), gives the bits of its definition taken one group at a
// time: each row summed from zero in storage order, then added to y (which
// holds a value already), or stored where add is false; at int32 and int64
// indices, on the assembly (float64 pairs and fours) and on the Go loops. The values
// are not integers, so another order would round differently.
func TestRowGroupsRun(t *testing.T) {
	for _, simd := range []bool{true, false} {
		old := useSIMD
		useSIMD = simd && old
		t.Run(map[bool]string{true: "simd", false: "go"}[simd], func(t *testing.T) {
			rowGroupsRunCases[int32](t)
			rowGroupsRunCases[int64](t)
		})
		useSIMD = old
	}
}

func rowGroupsRunCases[I int32 | int64](t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 11))
	for s := 1; s <= RowGroupMax; s++ {
		for run := 0; run < 24; run++ {
			// Groups of random lengths, then (odd runs) of one length:
			// the four-group loop of row pairs.
			ng, same := run/2, I(rng.IntN(4))
			if run >= 20 {
				ng = 1000 + 550*(run-20)
			}
			ptr := make([]I, ng+1)
			for g := range ng {
				ptr[g+1] = ptr[g] + same
				if run%2 == 0 {
					ptr[g+1] = ptr[g] + I(rng.IntN(10))
				}
			}
			nnz := int(ptr[ng])
			crd, val, x := make([]I, nnz), make([]float64, s*nnz), make([]float64, 30)
			for k := range crd {
				crd[k] = I(rng.IntN(len(x)))
			}
			for k := range val {
				val[k] = rng.NormFloat64()
			}
			for k := range x {
				x[k] = rng.NormFloat64()
			}
			for _, add := range []bool{true, false} {
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
						if add {
							want[s*g+r] += sum
						} else {
							want[s*g+r] = sum
						}
					}
				}
				RowGroupsRun(s, ptr, crd, val, x, y, add)
				require.Equal(t, want, y, "s=%d groups=%d add=%v", s, ng, add)
			}
		}
	}
}

// TestRowPairsRunBadPattern: the assembly reads without Go's bounds
// checks, so a column index outside x, a decreasing pointer, a pointer past
// the columns stored, a negative first pointer or a y too short panics (as
// the Go loop's bounds checks do) instead of reading or writing outside
// the slices.
func TestRowPairsRunBadPattern(t *testing.T) {
	x, y := make([]float64, 4), make([]float64, 4)
	val := make([]float64, 8)
	cases := []struct {
		name     string
		ptr, crd []int32
		y        []float64
	}{
		{"column past x", []int32{0, 2, 4}, []int32{0, 1, 2, 4}, y},
		{"negative column", []int32{0, 2, 4}, []int32{0, -1, 2, 3}, y},
		{"decreasing pointer", []int32{0, 3, 2}, []int32{0, 1, 2, 3}, y},
		{"pointer past the columns", []int32{0, 2, 5}, []int32{0, 1, 2, 3}, y},
		{"negative first pointer", []int32{-1, 2, 4}, []int32{0, 1, 2, 3}, y},
		{"short y", []int32{0, 2, 4}, []int32{0, 1, 2, 3}, y[:3]},
	}
	for _, c := range cases {
		require.Panics(t, func() { RowPairsRun(c.ptr, c.crd, val, x, c.y, true) }, c.name)
	}
}
