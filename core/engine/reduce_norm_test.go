package engine

import (
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// Norm of float32 values accumulates in float64 (torch's acc_type): the
// squares of 3e20 and 4e20 overflow float32 but not the accumulator, so
// the norm is 5e20, over all values, over the rows of a strided matrix
// and over its columns; a complex value counts |z|**2; unspecified
// elements count through the fill.
func TestNormAccumulatesInFloat64(t *testing.T) {
	v := dtype.NewArray(dtype.Float32, []int64{4})
	copy(dtype.AsSlice[float32](v), []float32{3e20, 4e20, 4e20, 3e20})
	all, err := ReduceAll(Norm, v, 4, make([]byte, 4), dtype.Float32)
	require.NoError(t, err)
	want := float32(math.Sqrt(2 * (9e40 + 16e40)))
	require.Equal(t, want, dtype.AsSlice[float32](dtype.Array{DType: dtype.Float32, Shape: []int64{1}, Data: all})[0])
	rows, ok, err := ReduceStrided(Norm, v, 2, 2, 1, dtype.Float32) // [[3e20, 4e20], [4e20, 3e20]] over dim 1
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, []float32{5e20, 5e20}, dtype.AsSlice[float32](rows))
	cols, ok, err := ReduceStrided(Norm, v, 1, 2, 2, dtype.Float32) // over dim 0
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, []float32{5e20, 5e20}, dtype.AsSlice[float32](cols))

	z := dtype.NewArray(dtype.Complex128, []int64{1})
	dtype.AsSlice[complex128](z)[0] = 3 + 4i
	fill := make([]byte, 16)
	dtype.StoreScalar(dtype.Complex128, fill, dtype.Complex128Scalar(12i))
	c, err := ReduceAll(Norm, z, 2, fill, dtype.Float64) // sqrt(25 + 144)
	require.NoError(t, err)
	require.Equal(t, 13.0, dtype.AsSlice[float64](dtype.Array{DType: dtype.Float64, Shape: []int64{1}, Data: c})[0])

	_, err = ReduceAll(Norm, dtype.Int64Array([]int64{1}), 1, make([]byte, 8), dtype.Int64)
	require.Error(t, err, "norm of an integer dtype")
}

// Norm over all values of a long float64 run is the chunk partials' sum
// of squares in chunk order, square-rooted: the same bits at any thread count.
func TestNormIsBitIdenticalAtAnyThreadCount(t *testing.T) {
	const n = 3*allChunk + 77
	x := make([]float64, n)
	for i := range x {
		x[i] = math.Sin(float64(i)) * math.Pow(10, float64(i%9))
	}
	vals := dtype.Float64Array(x)
	run := func(threads int) []byte {
		old := runtime.GOMAXPROCS(threads)
		defer runtime.GOMAXPROCS(old)
		b, err := ReduceAll(Norm, vals, n, make([]byte, 8), dtype.Float64)
		require.NoError(t, err)
		return b
	}
	one := run(1)
	require.Equal(t, one, run(4))
	s := 0.0
	for lo := 0; lo < n; lo += allChunk {
		s += sumSquares(x[lo:min(lo+allChunk, n)], 0.0)
	}
	require.Equal(t, math.Sqrt(s), dtype.AsSlice[float64](dtype.Array{DType: dtype.Float64, Shape: []int64{1}, Data: one})[0])
}

// |z| is hypot's: a complex value with an infinite part has an infinite
// norm even when its other part is NaN (torch: abs(inf + nan j) = inf), in
// the values and in the fill; a NaN with finite parts stays NaN.
func TestNormOfInfiniteComplexIsInfinite(t *testing.T) {
	z := dtype.NewArray(dtype.Complex128, []int64{2})
	copy(dtype.AsSlice[complex128](z), []complex128{3, complex(math.Inf(1), math.NaN())})
	norm := func(v dtype.Array, numel int64, fill complex128) float64 {
		f := make([]byte, 16)
		dtype.StoreScalar(dtype.Complex128, f, dtype.Complex128Scalar(fill))
		r, err := ReduceAll(Norm, v, numel, f, dtype.Float64)
		require.NoError(t, err)
		return dtype.AsSlice[float64](dtype.Array{DType: dtype.Float64, Shape: []int64{1}, Data: r})[0]
	}
	require.True(t, math.IsInf(norm(z, 2, 0), 1))
	one := dtype.NewArray(dtype.Complex128, []int64{1})
	dtype.AsSlice[complex128](one)[0] = 3
	require.True(t, math.IsInf(norm(one, 2, complex(math.NaN(), math.Inf(-1))), 1), "through the fill")
	dtype.AsSlice[complex128](one)[0] = complex(math.NaN(), 1)
	require.True(t, math.IsNaN(norm(one, 1, 0)))
}
