package ops

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
	"github.com/stretchr/testify/require"
)

// sparse3D is a (2, n, n) COO of about nnz random entries of dtype d at
// index width w, its fill fill: kept (n, n) over dim 0 is far more groups
// than entries, so the scatter does not fit.
func sparse3D(t *testing.T, rng *rand.Rand, d dtype.DType, w int, fill []byte, n, nnz int64) *tensor.Tensor {
	a := dtype.NewArray(d, []int64{2, n, n})
	es := int64(d.Size())
	for range nnz {
		p := rng.Int64N(2 * n * n)
		copy(a.Data[p*es:], tensor.ScalarBytes(d, dtype.IntScalar(rng.Int64N(7)-3)))
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	c, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
	require.NoError(t, err)
	c, err = tensor.WithFill(c, fill)
	require.NoError(t, err)
	return c
}

// A 3-d COO reduced over dims whose kept key space far outnumbers its
// entries (the sort of the keys reduceByKeys shares with the custom
// formats, once reduceViaCOO) equals the dense reduction, over dtypes x
// index widths x fills x ops x dim sets, coalesced and with duplicates.
func TestReduceCOOSortedKeysMatchesDense(t *testing.T) {
	const n, nnz = 260, 200
	rng := rand.New(rand.NewPCG(36, 2))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Bool, dtype.Complex128} {
		for _, w := range []int{32, 64} {
			for fi, fill := range engineFills(d) {
				c := sparse3D(t, rng, d, w, fill, n, nnz)
				require.False(t, scatterFits(n*n, c.NNZ()), "the scatter would serve it")
				dense, err := convert.ToDense(c)
				require.NoError(t, err)
				for _, in := range []*tensor.Tensor{c, duplicated(t, c)} {
					for _, op := range ReductionNames() {
						for _, dims := range [][]int{{0}, {-3}} {
							msg := fmt.Sprintf("%s w%d fill#%d %s dims %v coalesced %v", d, w, fi, op, dims, in.IsCoalesced())
							want, werr := Reduce(dense, dims, op)
							got, gerr := Reduce(in, dims, op)
							if werr != nil {
								require.Error(t, gerr, msg)
								continue
							}
							require.NoError(t, gerr, msg)
							gd := engineDense(t, got).Values()
							wd := engineDense(t, want).Values()
							require.Equal(t, wd.Shape, gd.Shape, msg)
							for i := range wd.Numel() {
								requireClose(t, want.DType(), wd.Complex(i), gd.Complex(i), fmt.Sprintf("%s element %d", msg, i))
							}
							covered++
						}
					}
				}
			}
		}
	}
	require.Greater(t, covered, 300)
}

// stackedLaplacians is k copies of the n*n-row 5-point Laplacian stacked
// into a (k, n*n, n*n) COO, copy b's values scaled by b+1.
func stackedLaplacians(tb testing.TB, n, k int64) *tensor.Tensor {
	tb.Helper()
	c := benchLaplacian(tb, n, tensor.COO)
	idx, vals := c.Indices(), dtype.AsSlice[float64](c.Values())
	nse := idx.Shape[1]
	outIdx := dtype.NewArray(dtype.Int64, []int64{3, k * nse})
	outVals := dtype.NewArray(dtype.Float64, []int64{k * nse})
	ov := dtype.AsSlice[float64](outVals)
	for b := range k {
		for e := range nse {
			p := b*nse + e
			tensor.SetIndex(outIdx, p, b)
			tensor.SetIndex(outIdx, k*nse+p, idx.Index(e))
			tensor.SetIndex(outIdx, 2*k*nse+p, idx.Index(nse+e))
			ov[p] = vals[e] * float64(b+1)
		}
	}
	t, err := tensor.NewCOO(outIdx, outVals, []int64{k, n * n, n * n}, tensor.BuildOptions{NoCheck: true, Coalesced: true})
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// Summing 8 stacked Laplacians (a 3-d COO) over dim 0 allocates its result
// plus O(nnz): a key, a sorted key and a permutation index (with the sort's
// scratch), a moved value, a segment boundary and a distinct key (appended,
// so up to twice) a stored element, at most 80 bytes; a handful of
// allocations, not one or more an element (reduceViaCOO's route: 37 MB and
// 1.66M allocations here, against 10 MB and 99).
func TestReduceCOOSortedKeysAllocatesResultPlusKeys(t *testing.T) {
	x := stackedLaplacians(t, 60, 8)
	nnz := uint64(x.NNZ())
	var before, after runtime.MemStats
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Reduce(x, []int{0}, "sum") })
	limit := resultBytes(r) + 80*nnz + 64<<10
	require.LessOrEqual(t, got, limit, "%d bytes allocated, limit %d (result %d)", got, limit, resultBytes(r))
	runtime.ReadMemStats(&before)
	_, err := Reduce(x, []int{0}, "sum")
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Less(t, after.Mallocs-before.Mallocs, uint64(1000), "allocations")
}

// The sorted-keys reduction gives the same bytes on one goroutine and on
// many (its folds run in storage order within fixed segments).
func TestReduceCOOSortedKeysThreadInvariant(t *testing.T) {
	x := stackedLaplacians(t, 40, 8)
	run := func(k parallel.Knobs) []byte {
		prev := parallel.SetKnobs(k)
		defer parallel.SetKnobs(prev)
		r, err := Reduce(x, []int{0}, "sum")
		require.NoError(t, err)
		return append(append([]byte{}, r.Values().Data...), r.Indices().Data...)
	}
	one := run(parallel.Knobs{Threshold: 1 << 30, ChunkedThreshold: 1 << 30, Workers: 1})
	many := run(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: 7})
	require.Equal(t, one, many)
}

// BenchmarkReduceCOO3DSortedKeys sums 8 Laplacians of a 300 x 300 grid,
// stacked as a (8, 90000, 90000) COO, over dim 0: 8.1e9 kept groups for
// 3.6M entries.
func BenchmarkReduceCOO3DSortedKeys(b *testing.B) {
	x := stackedLaplacians(b, 300, 8)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Reduce(x, []int{0}, "sum"); err != nil {
			b.Fatal(err)
		}
	}
}
