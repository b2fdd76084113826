package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxAxis of (outer, n, inner) values, lines short (grouped, gathered
// or in place) and long (read in place, n up to 700 and n x inner past a
// block), with -Inf, +Inf, NaN and all -Inf lines: the bits of
// SoftmaxSegmentsBlocked over the segments of n entries of inner elements
// each (the same lines), float64 and float32, 1 to 3 goroutines; no
// values (outer 0) an empty result.
func TestSoftmaxAxis(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 21))
	for _, c := range []struct{ outer, n, inner int }{
		{0, 3, 2}, {1, 1, 1}, {50, 1, 3}, {37, 4, 1}, {29, 5, 3}, {7, 17, 40}, {3, 700, 1}, {4, 130, 5}, {300, 2, 2},
	} {
		nv := c.outer * c.n * c.inner
		vals := make([]float64, nv)
		for i := range vals {
			vals[i] = rng.NormFloat64() * 20
			switch rng.IntN(25) {
			case 0:
				vals[i] = math.Inf(-1)
			case 1:
				vals[i] = math.Inf(1)
			case 2:
				vals[i] = math.NaN()
			}
		}
		if c.outer > 1 { // slice 1's line 0 all -Inf
			for k := range c.n {
				vals[(c.n+k)*c.inner] = math.Inf(-1)
			}
		}
		pos := make([]int64, c.outer+1)
		for o := range pos {
			pos[o] = int64(o * c.n)
		}
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			va := dtype.NewArray(d, []int64{int64(c.outer), int64(c.n), int64(c.inner)})
			for i, x := range vals {
				va.SetComplex(int64(i), dtype.Real(x))
			}
			blocked := dtype.Array{DType: d, Shape: []int64{int64(c.outer * c.n), int64(c.inner)}, Data: va.Data}
			for _, log := range []bool{false, true} {
				msg := fmt.Sprintf("%+v %s log %v", c, d, log)
				want, ok, err := SoftmaxSegmentsBlocked(dtype.Int64Array(pos), blocked, int64(c.inner), log)
				require.NoError(t, err, msg)
				require.True(t, ok, msg)
				for _, w := range []int{1, 2, 3} {
					old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
					got, ok, err := SoftmaxAxis(va, int64(c.n), int64(c.inner), log)
					parallel.SetKnobs(old)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					require.Equal(t, va.Shape, got.Shape, msg)
					for i := range int64(nv) {
						if a, b := want.Complex(i).Re(), got.Complex(i).Re(); bits64(a) != bits64(b) {
							t.Fatalf("%s workers %d element %d: %v vs %v", msg, w, i, a, b)
						}
					}
				}
			}
		}
	}
	_, ok, err := SoftmaxAxis(dtype.NewArray(dtype.Int64, []int64{2, 2}), 2, 1, false)
	require.NoError(t, err)
	require.False(t, ok)
}

// SoftmaxAxis allocates its result and nothing else (the scratch pooled):
// 200K lines of 5 values, inner 1 and 4.
func TestSoftmaxAxisAllocates(t *testing.T) {
	for _, inner := range []int64{1, 4} {
		va := dtype.NewArray(dtype.Float64, []int64{200_000, 5, inner})
		for i := range va.Numel() {
			dtype.AsSlice[float64](va)[i] = float64(i%11) - 5
		}
		SoftmaxAxis(va, 5, inner, false) // the pool's scratch made
		got := testing.AllocsPerRun(3, func() {
			if _, _, err := SoftmaxAxis(va, 5, inner, false); err != nil {
				t.Fatal(err)
			}
		})
		require.LessOrEqual(t, got, float64(4+4*parallel.Workers()), "inner %d", inner)
	}
}

// BenchmarkSoftmaxAxis is a softmax over the middle axis of 1M x 4 x 2
// float64 values (a hybrid tensor's dense dim of 4 before one of 2).
func BenchmarkSoftmaxAxis(b *testing.B) {
	va := dtype.NewArray(dtype.Float64, []int64{1 << 20, 4, 2})
	for i := range va.Numel() {
		dtype.AsSlice[float64](va)[i] = float64(i%13) - 6
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := SoftmaxAxis(va, 4, 2, false); err != nil {
			b.Fatal(err)
		}
	}
}
