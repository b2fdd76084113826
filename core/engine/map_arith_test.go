package engine

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Map with Fast.Arith is the element-wise IEEE operation with the number,
// computed in float64 and narrowed, bit for bit at every size around the
// chunk (one chunk runs without the split, more chunks split) and at 1 and
// 2 goroutines; the element function is not called (it returns a wrong
// value, so a fallback to it fails).
func TestMapArithIsTheLoopAtEverySize(t *testing.T) {
	ops := map[ArithOp]func(x, c float64) float64{
		ArithNeg: func(x, _ float64) float64 { return -x }, ArithMul: func(x, c float64) float64 { return x * c },
		ArithAdd: func(x, c float64) float64 { return x + c }, ArithSub: func(x, c float64) float64 { return x - c },
		ArithRSub: func(x, c float64) float64 { return c - x }, ArithDiv: func(x, c float64) float64 { return x / c },
		ArithRDiv: func(x, c float64) float64 { return c / x },
	}
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, math.MaxFloat64}
	wrong := MapFunc{Real: func(float64) float64 { return 42 }}
	const c = 0.7071067811865476
	for _, workers := range []int{1, 2} {
		prev := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
		for _, n := range []int{1, 5, mapChunk - 1, mapChunk, mapChunk + 1, 2*mapChunk + 3} {
			x := make([]float64, n)
			for i := range x {
				x[i] = math.Sin(float64(i)) * math.Pow(2, float64(i%60-30))
				if i%11 == 0 {
					x[i] = special[(i/11)%len(special)]
				}
			}
			for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
				src := dtype.NewArray(d, []int64{int64(n)})
				StoreFloats(x, src, nil)
				v := make([]float64, n)
				LoadFloats(src, v) // float32: the values as stored
				for op, f := range ops {
					got, err := Map(src, d, DomReal, wrong, Fast{Arith: op, Num: c})
					require.NoError(t, err)
					want := dtype.NewArray(d, []int64{int64(n)})
					y := make([]float64, n)
					for i, e := range v {
						y[i] = f(e, c)
					}
					StoreFloats(y, want, nil)
					require.Equal(t, want.Data, got.Data, fmt.Sprintf("workers %d n %d %s op %d", workers, n, d, op))
				}
			}
		}
		parallel.SetKnobs(prev)
	}
}

// Map with Fast.Arith over one chunk allocates its result only (before: a
// closure for the split and one for its chunk, on every small call).
func TestMapArithOneChunkAllocatesTheResult(t *testing.T) {
	src := dtype.Float64Array(make([]float64, mapChunk), mapChunk)
	wrong := MapFunc{Real: func(float64) float64 { return 42 }}
	base := testing.AllocsPerRun(50, func() { _ = dtype.UninitArray(dtype.Float64, src.Shape) })
	for _, op := range []ArithOp{ArithDiv, ArithMul, ArithAdd} {
		n := testing.AllocsPerRun(50, func() { _, _ = Map(src, dtype.Float64, DomReal, wrong, Fast{Arith: op, Num: 3}) })
		require.Equal(t, base, n, "op %d", op)
	}
}
