package ops

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// sparseDense is a dense array of shape of dtype d holding about nnz random
// non-zero small integers at random places of its leading dims lead (the rest of
// each place, the trailing dims, filled too: a hybrid tensor's blocks), the
// places repeated in every batch of the first dim when batches is true
// (torch's rule for a batched CSR: one pattern per batch).
func sparseDense(t *testing.T, rng *rand.Rand, d dtype.DType, shape []int64, lead int, nnz int64, batches bool) *tensor.Tensor {
	a := dtype.NewArray(d, shape)
	es := int64(d.Size())
	first := 0
	if batches {
		first = 1
	}
	places, block := int64(1), int64(1)
	for i, s := range shape {
		switch {
		case i < first:
		case i < lead:
			places *= s
		default:
			block *= s
		}
	}
	for range nnz {
		p := rng.Int64N(places)
		for b := range dtype.NumelOf(shape[:first]) {
			for k := range block {
				at := (b*places+p)*block + k
				v := rng.Int64N(6) - 3 // -3..2, never zero: every place stored
				if v >= 0 {
					v++
				}
				copy(a.Data[at*es:], tensor.ScalarBytes(d, dtype.IntScalar(v)))
			}
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

// Reductions of batched and hybrid CSR tensors whose kept key space far
// outnumbers their stored elements (a batched matrix over its batch, a
// hybrid one over its rows) list and sort the keys of a walk of the levels
// (levelGroups), where they once went through reduceViaCOO: the engine
// serves them, and they equal reduceViaCOO's results, over dtypes x index
// widths x fills x ops.
func TestReduceLevelGroupsSortedKeysMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 3))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Bool, dtype.Complex128} {
		for _, w := range []int{32, 64} {
			for fi, fill := range engineFills(d) {
				conv := func(x *tensor.Tensor, dense int) *tensor.Tensor {
					r, err := convert.ToLayout(x, tensor.CSR, tensor.ConvertOptions{DenseDim: dense, SparseDim: -1, IndexWidth: w})
					require.NoError(t, err)
					r, err = tensor.WithFill(r, fill)
					require.NoError(t, err)
					return r
				}
				cases := []struct {
					name string
					t    *tensor.Tensor
					dims []int
				}{
					{"csr-batched", conv(sparseDense(t, rng, d, []int64{2, 260, 260}, 3, 150, true), 0), []int{0}},
					{"csr-hybrid", conv(sparseDense(t, rng, d, []int64{3, 40000, 2}, 2, 100, false), 1), []int{0}},
				}
				for _, c := range cases {
					require.Greater(t, c.t.BatchDim()+c.t.DenseDim(), 0, c.name)
					for _, op := range ReductionNames() {
						msg := fmt.Sprintf("%s %s w%d fill#%d %s", c.name, d, w, fi, op)
						want, werr := referenceReduce(c.t, c.dims, op)
						got, gerr := Reduce(c.t, c.dims, op)
						if werr != nil {
							require.Error(t, gerr, msg)
							continue
						}
						require.NoError(t, gerr, msg)
						requireSameStored(t, want, got, msg)
						rd, _ := reducerFor(op, d)
						out, err := rd.dtype(d)
						require.NoError(t, err)
						red, err := sumDims(op, c.dims, c.t.NDim())
						require.NoError(t, err)
						_, groups, _ := keptGroups(c.t.Dims(), red)
						require.False(t, scatterFits(groups, c.t.Values().Numel()), "%s: the scatter would serve it", msg)
						if _, ok, _ := reduceNative(c.t, red, c.dims, op, out); !ok {
							t.Fatalf("%s: left to reduceViaCOO", msg)
						}
						covered++
					}
				}
			}
		}
	}
	require.Greater(t, covered, 100)
}

// requireSameStored is requireSameReduction for two COO results of many
// groups: the same metadata, indices and fill, the stored values close (a
// dense compare of 80000 groups, 660 times, took a minute).
func requireSameStored(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, tensor.COO, want.Layout(), msg)
	require.Equal(t, want.Layout(), got.Layout(), msg)
	require.Equal(t, want.Dims(), got.Dims(), msg)
	require.Equal(t, want.DType(), got.DType(), msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
	requireClose(t, want.DType(), dtype.LoadScalar(want.DType(), want.FillElem()), dtype.LoadScalar(got.DType(), got.FillElem()), msg+" fill")
	require.Equal(t, want.Indices(), got.Indices(), msg)
	wv, gv := want.Values(), got.Values()
	require.Equal(t, wv.Shape, gv.Shape, msg)
	for i := range wv.Numel() {
		if w, g := wv.Complex(i), gv.Complex(i); w != g {
			requireClose(t, want.DType(), w, g, msg)
		}
	}
}

// Summing 8 stacked Laplacians as a batched CSR (8, 3600, 3600) over its
// batch allocates its result plus O(nnz), as the COO's sorted keys do
// (TestReduceCOOSortedKeysAllocatesResultPlusKeys): a key a stored element
// more than that path, at most 88 bytes an element, and a handful of
// allocations.
func TestReduceLevelGroupsSortedKeysAllocatesResultPlusKeys(t *testing.T) {
	x, err := convert.ToLayout(stackedLaplacians(t, 60, 8), tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	require.Equal(t, 1, x.BatchDim())
	nnz := uint64(x.Values().Numel()) // NNZ is a batch's
	var before, after runtime.MemStats
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Reduce(x, []int{0}, "sum") })
	limit := resultBytes(r) + 88*nnz + 64<<10
	require.LessOrEqual(t, got, limit, "%d bytes allocated, limit %d (result %d)", got, limit, resultBytes(r))
	runtime.ReadMemStats(&before)
	_, err = Reduce(x, []int{0}, "sum")
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Less(t, after.Mallocs-before.Mallocs, uint64(1000), "allocations")
}
