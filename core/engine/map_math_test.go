package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Map with Fast.Math runs the typed loop of the math package's function on
// float32 and float64 values, across chunk boundaries, bit for bit what
// the element function gives through the widening path (float64, then
// narrowed); the element function itself is not called (here it returns
// a wrong value, so a fallback to it fails).
func TestMapMathIsTheTypedLoop(t *testing.T) {
	special := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 700, -745, 1e-310, math.Inf(1), math.Inf(-1), math.NaN(), math.Pi}
	n := 3*mapChunk + 17
	fns := map[MathOp]func(float64) float64{MathExp: kernels.ExpFloat64, MathLog: math.Log, MathSqrt: math.Sqrt,
		MathSin: math.Sin, MathCos: math.Cos, MathTanh: math.Tanh, MathAbs: math.Abs,
		MathSigmoid: func(x float64) float64 { return 1 / (1 + kernels.ExpFloat64(-x)) }}
	wrong := MapFunc{Real: func(float64) float64 { return 42 }}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		src := dtype.NewArray(d, []int64{int64(n)})
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(i%2001)/97 - 10
			if i%7 == 0 {
				x[i] = special[(i/7)%len(special)]
			}
		}
		StoreFloats(x, src, nil)
		LoadFloats(src, x) // float32: the values as stored
		for op, f := range fns {
			got, err := Map(src, d, DomReal, wrong, Fast{Math: op})
			require.NoError(t, err)
			want := dtype.NewArray(d, []int64{int64(n)})
			y := make([]float64, n)
			for i, v := range x {
				y[i] = f(v)
			}
			StoreFloats(y, want, nil)
			require.Equal(t, want.Data, got.Data, "%s op %d", d, op)
		}
	}
}

// Map's exp, log and sigmoid loops give the same bits split over 1, 2 and 3
// goroutines (fixed chunks, each written in place), and a call allocates
// its result and a handful of small objects, never a chunk's worth: 20
// chunks, so one allocation a chunk would pass the bound (16: 5 to 7
// measured, and sigmoid's scratch pool may refill, 4 objects a goroutine).
func TestMapMathSameBitsAtAnyWorkers(t *testing.T) {
	n := 20*mapChunk - 5
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i%4099)/41 - 50
	}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		src := dtype.NewArray(d, []int64{int64(n)})
		StoreFloats(x, src, nil)
		for _, op := range []MathOp{MathExp, MathLog, MathSigmoid} {
			var first []byte
			for _, w := range []int{1, 2, 3} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				run := func() dtype.Array {
					got, err := Map(src, d, DomReal, MapFunc{}, Fast{Math: op})
					require.NoError(t, err)
					return got
				}
				got := run()
				if first == nil {
					first = got.Data
				} else {
					require.Equal(t, first, got.Data, "%s op %d at %d goroutines", d, op, w)
				}
				allocs := testing.AllocsPerRun(5, func() { run() })
				parallel.SetKnobs(old)
				require.LessOrEqual(t, allocs, 16.0, "%s op %d at %d goroutines", d, op, w)
			}
		}
	}
}
