package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxSegmentsBlocked: each dense element's results are the bits of
// SoftmaxSegments over that element's values alone, for blocks of 2 to 40
// elements (segments short and gathered, or long and read in place),
// float64 and float32, int32 and int64 bounds, 1 to 3 goroutines.
func TestSoftmaxSegmentsBlocked(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 5))
	pos, col := softmaxSegmentCase(rng)
	n := len(col)
	for _, block := range []int{2, 3, 7, 40} {
		vals := make([]float64, n*block)
		for k := range n {
			for j := range block {
				vals[k*block+j] = col[(k+j*97)%n] // a different column each j, -Inf, +Inf and NaN included
			}
		}
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			va := dtype.NewArray(d, []int64{int64(n), int64(block)})
			for i, x := range vals {
				va.SetComplex(int64(i), dtype.Real(x))
			}
			for _, log := range []bool{false, true} {
				want := dtype.NewArray(d, va.Shape)
				for j := range block {
					c := dtype.NewArray(d, []int64{int64(n)})
					for k := range n {
						c.SetComplex(int64(k), va.Complex(int64(k*block+j)))
					}
					r, ok, err := SoftmaxSegments(dtype.Int64Array(pos), c, log)
					require.NoError(t, err)
					require.True(t, ok)
					for k := range n {
						want.SetComplex(int64(k*block+j), r.Complex(int64(k)))
					}
				}
				for _, w := range []int{1, 2, 3} {
					old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
					got, ok, err := SoftmaxSegmentsBlocked(dtype.Int64Array(pos), va, int64(block), log)
					got32, _, _ := SoftmaxSegmentsBlocked(dtype.Int32Array(toInt32(pos)), va, int64(block), log)
					parallel.SetKnobs(old)
					require.NoError(t, err)
					require.True(t, ok)
					require.Equal(t, va.Shape, got.Shape)
					for i := range want.Numel() {
						if a, b := want.Complex(i).Re(), got.Complex(i).Re(); bits64(a) != bits64(b) {
							t.Fatalf("block %d %s log %v workers %d element %d: %v vs %v", block, d, log, w, i, a, b)
						}
					}
					require.Equal(t, got.Data, got32.Data, "block %d %s int32 bounds", block, d)
				}
			}
		}
	}
}
