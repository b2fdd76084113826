package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// A comparison of two contiguous float operands gives Go's comparison at
// every element (NaN false but under !=, -0 == +0), float64 and float32,
// over more elements than a chunk and a length that leaves a tail past
// the vector loop's groups of eight; the same bytes whatever the thread
// count, and only the result and its header allocated.
func TestStridedCompareFloatsMatchGo(t *testing.T) {
	const n = 3*zipChunk + 5
	special := []float64{math.NaN(), 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 1, -1, 0.5}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		x, y := dtype.UninitArray(d, []int64{n}), dtype.UninitArray(d, []int64{n})
		at := func(a dtype.Array, i int) float64 {
			if d == dtype.Float64 {
				return dtype.AsSlice[float64](a)[i]
			}
			return float64(dtype.AsSlice[float32](a)[i])
		}
		for i := range n {
			a, b := special[i%len(special)], special[(i/len(special))%len(special)]
			if d == dtype.Float64 {
				dtype.AsSlice[float64](x)[i], dtype.AsSlice[float64](y)[i] = a, b
			} else {
				dtype.AsSlice[float32](x)[i], dtype.AsSlice[float32](y)[i] = float32(a), float32(b)
			}
		}
		for op := BinEq; op <= BinGe; op++ {
			z, ok, err := stridedBinaryValues(op, 1, 1, Operand{Vals: x}, Operand{Vals: y}, []int64{n})
			require.NoError(t, err)
			require.True(t, ok)
			require.Equal(t, dtype.Bool, z.DType)
			for i := range n {
				a, b := at(x, i), at(y, i)
				want := [...]bool{a == b, a != b, a < b, a <= b, a > b, a >= b}[op-BinEq]
				require.Equal(t, b2u(want), z.Data[i], "%s op %d: %v vs %v at %d", d, op, a, b, i)
			}
			for _, w := range []int{1, 3} {
				prev := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				again, _, err := stridedBinaryValues(op, 1, 1, Operand{Vals: x}, Operand{Vals: y}, []int64{n})
				parallel.SetKnobs(prev)
				require.NoError(t, err)
				require.Equal(t, z.Data, again.Data, "%d workers", w)
			}
		}
		allocs := testing.AllocsPerRun(5, func() {
			_, _, _ = StridedBinary(BinLt, 1, 1, Operand{Vals: x}, Operand{Vals: y}, []int64{n})
		})
		require.LessOrEqual(t, allocs, 7.0, "the result (data, shape, tensor) and the parallel split only")
	}
}
