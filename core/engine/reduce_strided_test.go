package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
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

// ReduceStrided's goroutines follow the elements it reads: a 1000 x 1000
// matrix reduced over either dim splits over the workers although it has
// only 1000 results (one goroutine did all of it before), a 2708 x 7 one
// over dim 1 stays on the caller's goroutine; and the results are the same
// bits at 1, 2 and 3 workers.
func TestReduceStridedSplitsByElements(t *testing.T) {
	old := parallel.SetKnobs(parallel.Knobs{Threshold: 500_000, ChunkedThreshold: 8_000, Workers: 2})
	defer parallel.SetKnobs(old)
	parts, chunks := stridedSplit(1000, reduceStridedWork/1000, 1_000_000) // sum(1)
	require.Equal(t, 2, parts)
	require.Equal(t, 32, chunks)
	parts, _ = stridedSplit(1000, stridedColumns, 1_000_000) // sum(0)
	require.Equal(t, 2, parts)
	parts, chunks = stridedSplit(2708, reduceStridedWork/7, 2708*7) // amax(1)
	require.Equal(t, 1, parts)
	require.Equal(t, 1, chunks)

	rng := rand.New(rand.NewPCG(32, 6))
	v := dtype.NewArray(dtype.Float64, []int64{1_000_000})
	x := dtype.AsSlice[float64](v)
	for i := range x {
		x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6))
	}
	for _, op := range []ReduceOp{Sum, Mean, Norm, Amax} {
		for _, shape := range [][3]int64{{1000, 1000, 1}, {1, 1000, 1000}} {
			var first []byte
			for _, w := range []int{1, 2, 3} {
				parallel.SetKnobs(parallel.Knobs{Threshold: 500_000, ChunkedThreshold: 8_000, Workers: w})
				got, ok, err := ReduceStrided(op, v, shape[0], shape[1], shape[2], dtype.Float64)
				require.NoError(t, err)
				require.True(t, ok)
				if first == nil {
					first = got.Data
				}
				require.Equal(t, first, got.Data, "op %d over %v at %d workers", op, shape, w)
			}
		}
	}
}
