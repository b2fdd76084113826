package ops

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// The sorted groups (softmaxSorted) give the scatter's bits where both
// run: coalesced COO tensors of 2 and 3 dims, hybrid or not, every sparse
// dim, float32, float64, complex64 and complex128, widths 32 and 64.
func TestSoftmaxSortedMatchesScatter(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 32))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Complex64} {
		for _, w := range []int{32, 64} {
			for _, dense := range [][]int64{nil, {2}} {
				for _, shape := range [][]int64{{6, 7}, {3, 4, 5}} {
					x := randomCOO(t, rng, d, w, shape, 40, true, dense...)
					for dim := range shape {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s w%d %v dense %v dim %d log %v", d, w, shape, dense, dim, log)
							var want dtype.Array
							var ok bool
							var err error
							switch {
							case d.IsComplex():
								want, ok, err = engine.SoftmaxComplexScatter(x.Indices(), shape, dim, x.Values(), log, complexMath)
							case dense == nil:
								want, ok, err = engine.SoftmaxScatter(x.Indices(), slices.Clone(shape), dim, x.Values(), log)
							case d == dtype.Float32:
								want, ok, err = softmaxColumns[float32](x.Indices(), shape, dim, x.Values(), 2, log)
							default:
								want, ok, err = softmaxColumns[float64](x.Indices(), shape, dim, x.Values(), 2, log)
							}
							require.NoError(t, err, msg)
							require.True(t, ok, msg)
							got, ok, err := softmaxSorted(x.Indices(), dim, x.Values(), log)
							require.NoError(t, err, msg)
							require.True(t, ok, msg)
							require.Equal(t, want.Data, got.Data, msg)
							covered++
						}
					}
				}
			}
		}
	}
	require.Equal(t, 4*2*2*(2+3)*2, covered)
}

// Softmax where the scatter declines (far more groups than entries: a
// 10^6 x 10^6 matrix over its rows, a 1000^3 tensor over dims 0 and 1,
// hybrid or not) and where an int32 CSR's COO form needs int64 indices
// (3e9 columns) runs on the engine and equals the COO route: its bits for
// complex and half dtypes, its values to 1e-15 for float32 and float64,
// its index dtype.
func TestSoftmaxBeyondTheScatter(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 64))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Complex64, dtype.Float16, dtype.BFloat16} {
		inputs := map[string]*tensor.Tensor{
			"wide coo":    randomCOO(t, rng, d, 64, []int64{1_000_000, 1_000_000}, 30, false),
			"coo 3-d":     randomCOO(t, rng, d, 32, []int64{1000, 1000, 1000}, 30, true),
			"hybrid coo":  randomCOO(t, rng, d, 64, []int64{1_000_000, 1_000_000}, 30, true, 2),
			"narrow rows": randomCOO(t, rng, d, 64, []int64{3, 1_000_000}, 30, true),
		}
		pos := dtype.NewArray(dtype.Int32, []int64{4})
		copy(dtype.AsSlice[int32](pos), []int32{0, 2, 2, 3})
		crd := dtype.NewArray(dtype.Int32, []int64{3})
		copy(dtype.AsSlice[int32](crd), []int32{5, 2_000_000_000, 7})
		vals := dtype.NewArray(d, []int64{3})
		for i := range int64(3) {
			vals.SetComplex(i, dtype.Complex128Scalar(complex(rng.NormFloat64(), rng.NormFloat64())))
		}
		big, err := tensor.NewCompressed(tensor.CSR, pos, crd, vals, []int64{3, 3_000_000_000}, tensor.BuildOptions{})
		require.NoError(t, err)
		inputs["int32 csr of 3e9 columns"] = big
		for name, x := range inputs {
			for dim := range x.NDim() {
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s dim %d log %v", name, d, dim, log)
					want, err := softmaxViaCOO(x, dim, log)
					require.NoError(t, err, msg)
					got, err := Softmax(x, dim, log)
					require.NoError(t, err, msg)
					require.Equal(t, want.Indices().DType, got.Indices().DType, msg)
					if d == dtype.Float64 || d == dtype.Float32 {
						requireSameSoftmax(t, want, got, msg)
						continue
					}
					requireSameSoftmaxBits(t, want, got, msg)
				}
			}
		}
	}
}
