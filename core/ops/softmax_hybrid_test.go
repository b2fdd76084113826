package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// Softmax of hybrid tensors (dense dims (2) and (2, 3)) over each sparse
// dim on the engine (each dense element its own softmax: segments over
// the last sparse dim, the scatter a dense element at a time over the
// others) equals the COO path: CSR batched or not, COO coalesced or not;
// f32/f64, int32/int64 indices, 1 and 3 goroutines. Over a dense dim, and
// for a hybrid CSC (its transpose moves one value an entry), the engine
// declines (the COO path runs it).
func TestSoftmaxHybridMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 6))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			for _, dense := range [][]int64{{2}, {2, 3}} {
				inputs := []struct {
					name string
					x    *tensor.Tensor
				}{
					{"csr", randomBatchedCompressed(t, rng, tensor.CSR, d, w, nil, 7, 6, 20, dense...)},
					{"batched csr", randomBatchedCompressed(t, rng, tensor.CSR, d, w, []int64{3}, 5, 4, 9, dense...)},
					{"coo 3-d", randomCOO(t, rng, d, w, []int64{3, 4, 5}, 30, true, dense...)},
					{"uncoalesced coo 2-d", randomCOO(t, rng, d, w, []int64{6, 7}, 30, false, dense...)},
					{"coo 1-d", randomCOO(t, rng, d, w, []int64{40}, 12, true, dense...)},
					{"csc", randomBatchedCompressed(t, rng, tensor.CSC, d, w, nil, 7, 6, 20, dense...)},
				}
				for _, in := range inputs {
					x := in.x
					sparse := x.NDim() - x.DenseDim()
					for dim := range x.NDim() {
						for _, log := range []bool{false, true} {
							msg := fmt.Sprintf("%s dense %v %s w%d dim %d log %v", in.name, dense, d, w, dim, log)
							want, err := softmaxViaCOO(x, dim, log)
							require.NoError(t, err, msg)
							if dim >= sparse || x.Layout() == tensor.CSC {
								_, ok, err := softmaxNative(x, dim, log)
								require.NoError(t, err, msg)
								require.False(t, ok, msg)
								continue
							}
							for _, workers := range []int{1, 3} {
								old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
								got, ok, err := softmaxNative(x, dim, log)
								parallel.SetKnobs(old)
								require.NoError(t, err, msg)
								require.True(t, ok, msg)
								requireSameSoftmax(t, want, got, msg)
								require.Equal(t, want.Values().Shape, got.Values().Shape, msg)
								require.Equal(t, want.DenseDim(), got.DenseDim(), msg)
							}
							covered++
						}
					}
				}
			}
		}
	}
	require.Equal(t, 2*2*2*(2+3+3+2+1)*2, covered)
}

// Softmax of a hybrid 2-D COO (4 dense elements an entry) over its rows
// and its columns allocates its values, the run bounds (over the columns)
// or the scatter's accumulators and one column (over the rows), and shares
// the indices: a 200K-row Laplacian's pattern.
func TestSoftmaxHybridAllocates(t *testing.T) {
	lap := benchLaplacian(t, 447, tensor.COO)
	idx, nse := lap.Indices(), lap.Values().Numel()
	vals := dtype.NewArray(dtype.Float64, []int64{nse, 4})
	for i := range vals.Numel() {
		dtype.AsSlice[float64](vals)[i] = float64(i%7) - 3
	}
	x, err := tensor.NewCOO(idx, vals, append(lap.Dims(), 4), tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	rows := uint64(x.Dims()[0])
	for dim, extra := range []uint64{16*rows + 8*uint64(nse) + 8*uint64(nse), 8 * rows} {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
		require.Equal(t, idx.Data, r.Indices().Data)
		limit := uint64(len(r.Values().Data)) + extra + 256<<10
		require.LessOrEqual(t, got, limit, "dim %d: %d bytes allocated, limit %d", dim, got, limit)
	}
}
