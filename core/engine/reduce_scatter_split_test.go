package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// The split scatter (column sums of a CSR matrix on several goroutines)
// gives the same bits, keys and fill at any thread count: its chunks are
// fixed by the sizes alone (four here) and their partials are added in
// chunk order whatever goroutine ran them. Values of mixed magnitudes make
// a different association visible; some groups get no element (they are
// left out of the result), float32 and mean too. Against the one-pass
// counting scatter (storage order) the sums agree to rounding.
func TestScatterSplitIsBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	const n, groups = 1100000, 3001
	require.Equal(t, 4, scatterChunkCount(n, groups), "the test wants several chunks")
	crd := make([]int32, n)
	v := make([]float64, n)
	for k := range crd {
		crd[k] = int32(rng.IntN(groups-1)) / 2 * 2 // odd groups stay empty
		v[k] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(14)))
	}
	crd[0], v[0] = groups-1, math.Copysign(0, -1)
	f32 := dtype.NewArray(dtype.Float32, []int64{n})
	for k := range v {
		dtype.AsSlice[float32](f32)[k] = float32(v[k])
	}
	fill := make([]byte, 8)
	for _, c := range []struct {
		op   ReduceOp
		vals dtype.Array
		out  dtype.DType
	}{{Sum, dtype.Float64Array(v), dtype.Float64}, {Mean, dtype.Float64Array(v), dtype.Float64}, {Sum, f32, dtype.Float32}} {
		run := func(k parallel.Knobs) Reduced {
			defer parallel.SetKnobs(parallel.SetKnobs(k))
			r, err := ReduceScatter(c.op, dtype.Int32Array(crd), groups, c.vals, 1, fill[:c.out.Size()], c.out)
			require.NoError(t, err)
			return r
		}
		serial := run(parallel.Knobs{Threshold: 1 << 40, ChunkedThreshold: 1 << 40, Workers: 1})
		require.Equal(t, int64(groups/2+1), serial.Values.Numel())
		for _, w := range []int{2, 3, 7} {
			k := parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w}
			split := run(k)
			old := parallel.SetKnobs(k)
			_, took := scatterSplit(c.op, crd, groups, c.vals, 1, fill[:c.out.Size()], c.out)
			parallel.SetKnobs(old)
			require.True(t, took, "%v workers %d: the split path", c.op, w)
			require.Equal(t, serial.Keys.Data, split.Keys.Data, "%v workers %d: keys", c.op, w)
			require.Equal(t, serial.Values.Data, split.Values.Data, "%v workers %d: values", c.op, w)
			require.Equal(t, serial.Fill, split.Fill, "%v workers %d: fill", c.op, w)
		}
		whole := func(yield func(keys []int32, lo, hi int)) { yield(crd, 0, len(crd)) }
		ref, err := scatterCounted[int32, int32, uint32](c.op, whole, groups, c.vals, 1, fill[:c.out.Size()], c.out)
		require.NoError(t, err)
		require.Equal(t, ref.Keys.Data, serial.Keys.Data)
		scale := make([]float64, groups) // each group's sum of magnitudes bounds its rounding
		for k, g := range crd {
			scale[g] += math.Abs(v[k])
		}
		for i, g := range dtype.AsSlice[int32](ref.Keys) {
			w, got := dtype.LoadScalar(c.out, ref.Values.Data[i*c.out.Size():]), dtype.LoadScalar(c.out, serial.Values.Data[i*c.out.Size():])
			require.InDelta(t, w.Re(), got.Re(), 1e-6*scale[g]+1e-300, "%v group %d", c.op, g)
		}
	}
}

// The float sum scatter marks kept groups with a byte where the fill is
// zero, and counts them otherwise: both give the counting scatter's bits,
// keys and fill (the reference: scatterCounted, the path every other dtype
// takes), for sum and mean, float64 and float32, a zero and a non-zero
// fill, at 1, 2, 3 and 7 workers; groups with no element are left out.
func TestScatterMarksMatchCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	const n, groups = 30000, 2053
	crd := make([]int32, n)
	v := make([]float64, n)
	for k := range crd {
		crd[k] = int32(rng.IntN(groups)) / 3 * 3 // two groups in three stay empty
		v[k] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)))
	}
	f32 := dtype.NewArray(dtype.Float32, []int64{n})
	for k := range v {
		dtype.AsSlice[float32](f32)[k] = float32(v[k])
	}
	whole := func(yield func(keys []int32, lo, hi int)) { yield(crd, 0, len(crd)) }
	for _, c := range []struct {
		op   ReduceOp
		vals dtype.Array
		fill float64
	}{{Sum, dtype.Float64Array(v), 0}, {Mean, dtype.Float64Array(v), 0}, {Sum, f32, 0},
		{Sum, dtype.Float64Array(v), 1.5}, {Mean, f32, -2}} {
		out := c.vals.DType
		fill := make([]byte, out.Size())
		dtype.StoreScalar(out, fill, dtype.Real(c.fill))
		want, err := scatterCounted[int32, int32, uint32](c.op, whole, groups, c.vals, 7, fill, out)
		require.NoError(t, err)
		require.Equal(t, int64(groups/3+1), want.Values.Numel())
		for _, w := range []int{1, 2, 3, 7} {
			old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
			got, took := scatterSplit(c.op, crd, groups, c.vals, 7, fill, out)
			parallel.SetKnobs(old)
			require.True(t, took)
			require.Equal(t, want.Keys.Data, got.Keys.Data, "%v %v fill %v workers %d: keys", c.op, out, c.fill, w)
			require.Equal(t, want.Values.Data, got.Values.Data, "%v %v fill %v workers %d: values", c.op, out, c.fill, w)
			require.Equal(t, want.Fill, got.Fill, "%v %v fill %v workers %d: fill", c.op, out, c.fill, w)
		}
	}
}
