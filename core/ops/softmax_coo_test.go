package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// randomCOO is a COO tensor of the given sparse shape and dense shape
// with nse entries at random coordinates (repeats kept, in random order: uncoalesced unless
// coalesced, which sorts and sums them first by building it through
// Coalesce), values normal times 10 with some -Inf and NaN.
func randomCOO(t *testing.T, rng *rand.Rand, d dtype.DType, width int, shape []int64, nse int64, coalesced bool, dense ...int64) *tensor.Tensor {
	t.Helper()
	nd := int64(len(shape))
	idx := make([]int64, nd*nse)
	for e := range nse {
		for k, n := range shape {
			idx[int64(k)*nse+e] = rng.Int64N(n)
		}
	}
	vals := dtype.NewArray(d, append([]int64{nse}, dense...))
	for i := range vals.Numel() {
		x := rng.NormFloat64() * 10
		switch rng.IntN(20) {
		case 0:
			x = math.Inf(-1)
		case 1:
			x = math.NaN()
		}
		vals.SetComplex(i, dtype.Real(x))
	}
	ia := dtype.Int64Array(idx, nd, nse)
	if width == 32 {
		ia = toInt32Array(ia)
	}
	x, err := tensor.NewCOO(ia, vals, append(slices.Clone(shape), dense...), tensor.BuildOptions{})
	require.NoError(t, err)
	if coalesced {
		x, err = convert.Coalesce(x)
		require.NoError(t, err)
		require.True(t, x.IsCoalesced())
	}
	return x
}

// Softmax of COO tensors of 1 to 4 dims, coalesced or not (repeated
// coordinates, random order; or sorted and unique without the flag), on
// the engine (softmaxCOO: runs of equal
// leading coordinates over the last dim, the scatter over the others)
// equals the COO path: layout, index dtype, indices, flags, fill and
// values, every dim, softmax and log_softmax, float32 and float64, int32
// and int64 indices; the same bits at 1 and 3 goroutines.
func TestSoftmaxCOOMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	covered := 0
	shapes := [][]int64{{40}, {6, 7}, {3, 4, 5}, {2, 3, 2, 4}, {1, 5, 1}}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			for _, shape := range shapes {
				for _, kind := range []string{"coalesced", "uncoalesced", "sorted unflagged"} {
					for _, nse := range []int64{0, 1, 25} {
						x := randomCOO(t, rng, d, w, shape, nse, kind != "uncoalesced")
						if kind == "sorted unflagged" {
							x = x.WithCoalesced(false)
						}
						for dim := range shape {
							for _, log := range []bool{false, true} {
								msg := fmt.Sprintf("%v %s w%d %s nse %d dim %d log %v", shape, d, w, kind, nse, dim, log)
								want, err := softmaxViaCOO(x, dim, log)
								require.NoError(t, err, msg)
								var first []byte
								for _, workers := range []int{1, 3} {
									old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
									got, ok, err := softmaxNative(x, dim, log)
									parallel.SetKnobs(old)
									require.NoError(t, err, msg)
									require.True(t, ok, msg)
									requireSameSoftmax(t, want, got, msg)
									if first == nil {
										first = got.Values().Data
									}
									require.Equal(t, first, got.Values().Data, "%s workers %d", msg, workers)
								}
								covered++
							}
						}
					}
				}
			}
		}
	}
	require.Equal(t, 2*2*3*3*(1+2+3+4+3)*2, covered)
}

// leadRuns against the runs found by comparing whole leading coordinates,
// int32 and int64, 1 to 4 dims, no entries, in 1 to 7 parts (a run
// starting at a part's first entry included).
func TestLeadRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 3))
	for _, shape := range [][]int64{{9}, {4, 3}, {3, 2, 4}, {2, 2}, {2, 2, 2, 3}} {
		for _, nse := range []int64{0, 1, 12, 40} {
			x := randomCOO(t, rng, dtype.Float64, 64, shape, nse, true)
			idx := x.Indices()
			n := idx.Shape[1]
			want := []int64{}
			for e := range n {
				if e == 0 {
					want = append(want, 0)
					continue
				}
				for d := range int64(len(shape) - 1) {
					if idx.Index(d*n+e) != idx.Index(d*n+e-1) {
						want = append(want, e)
						break
					}
				}
			}
			want = append(want, n)
			for _, w := range []int{1, 2, 3, 7} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				got, got32 := tensorIndex64(leadRuns(idx)), tensorIndex64(leadRuns(toInt32Array(idx)))
				parallel.SetKnobs(old)
				require.Equal(t, want, got, "%v nse %d workers %d", shape, nse, w)
				require.Equal(t, want, got32, "%v nse %d workers %d int32", shape, nse, w)
			}
		}
	}
}

// Softmax of a coalesced 3-D COO over its last dim allocates its values
// and the run bounds (8 bytes a run) and shares the indices: 4 batches of
// a 200K-row Laplacian (1M entries each).
func TestSoftmaxCOOLastDimAllocates(t *testing.T) {
	x, err := convert.ToLayout(batchedCompressedLaplacian(t, 447, 4, tensor.CSR), tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err)
	require.True(t, x.IsCoalesced())
	runs := uint64(x.Dims()[0] * x.Dims()[1])
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, 2, false) })
	require.Equal(t, x.Indices().Data, r.Indices().Data)
	limit := uint64(len(r.Values().Data)) + 8*runs + 256<<10
	require.LessOrEqual(t, got, limit, "%d bytes allocated, limit %d", got, limit)
}

// sortedUnique: true for coalesced indices, false with one entry moved
// before its predecessor or repeated, at each position (a part's first
// entry included), in 1 to 5 parts, int32 and int64, 1 to 3 dims.
func TestSortedUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 4))
	for _, shape := range [][]int64{{50}, {6, 7}, {3, 4, 5}} {
		x := randomCOO(t, rng, dtype.Float64, 64, shape, 30, true)
		idx := x.Indices()
		n := idx.Shape[1]
		for _, w := range []int{1, 2, 3, 5} {
			old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
			require.True(t, sortedUnique(idx), "%v workers %d", shape, w)
			require.True(t, sortedUnique(toInt32Array(idx)), "%v workers %d int32", shape, w)
			for e := int64(1); e < n; e++ {
				for _, dup := range []bool{false, true} {
					bad := dtype.CopyArray(idx)
					for d := range int64(len(shape)) {
						a, b := bad.Index(d*n+e-1), bad.Index(d*n+e)
						if dup {
							b = a
						} else {
							a, b = b, a
						}
						tensor.SetIndex(bad, d*n+e-1, a)
						tensor.SetIndex(bad, d*n+e, b)
					}
					require.False(t, sortedUnique(bad), "%v workers %d entry %d dup %v", shape, w, e, dup)
					require.False(t, sortedUnique(toInt32Array(bad)), "%v workers %d entry %d dup %v int32", shape, w, e, dup)
				}
			}
			parallel.SetKnobs(old)
		}
	}
}
