package ops

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// withMemoryLimit runs f under a memory limit of bytes.
func withMemoryLimit(t *testing.T, bytes int64, f func()) {
	t.Helper()
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(bytes))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	f()
}

// requireEntries: x, coalesced, holds the COO indices idx (sparse_dim, n) and values vals.
func requireEntries(t *testing.T, x *tensor.Tensor, idx []int64, vals []float64) {
	t.Helper()
	c, err := convert.Coalesce(x)
	require.NoError(t, err)
	c, err = convert.ToIndexWidth(c, 64)
	require.NoError(t, err)
	ci, err := tensor.Component(c, tensor.CompIndices)
	require.NoError(t, err)
	cv, err := tensor.Component(c, tensor.CompValues)
	require.NoError(t, err)
	require.Equal(t, idx, dtype.AsSlice[int64](ci))
	require.Equal(t, vals, dtype.AsSlice[float64](cv))
}

// Huge dimensions with two entries under a 256 MiB limit: what needs no
// dimension-long memory is done, what does is refused with ErrTooLarge;
// before the checked allocator each of these aborted the process.
func TestHugeDimensionsAreSizedFirst(t *testing.T) {
	withMemoryLimit(t, 256<<20, func() {
		const big = int64(1) << 40
		tall, err := tensor.NewCOO(dtype.Int64Array([]int64{big - 1, 5, 0, 0}, 2, 2), dtype.Float64Array([]float64{2, 1}), []int64{big, 1}, tensor.BuildOptions{})
		require.NoError(t, err)
		sorted, sv := []int64{5, big - 1, 0, 0}, []float64{1, 2}
		before := tensor.Clone(tall)

		c, err := convert.Coalesce(tall)
		require.NoError(t, err)
		requireEntries(t, c, sorted, sv)
		csc, err := convert.ToLayout(tall, tensor.CSC, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 64})
		require.NoError(t, err)
		require.Equal(t, []int64{0, 2}, dtype.AsSlice[int64](csc.Levels()[1].Pos))
		sel, err := IndexSelect(tall, 0, dtype.Int64Array([]int64{big - 1, 5, 7}))
		require.NoError(t, err)
		requireEntries(t, sel, []int64{0, 1, 0, 0}, []float64{2, 1}) // index longer than the entries: per entry
		sel, err = IndexSelect(tall, 0, dtype.Int64Array([]int64{5}))
		require.NoError(t, err)
		requireEntries(t, sel, []int64{0, 0}, []float64{1}) // per position
		m, err := SparseMask(tall, tall)
		require.NoError(t, err)
		requireEntries(t, m, sorted, sv)
		s, err := Sum(tall, []int{1})
		require.NoError(t, err)
		requireEntries(t, s, sorted[:2], sv)

		small, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 0}, 2, 1), dtype.Float64Array([]float64{3}), []int64{1, 1}, tensor.BuildOptions{})
		require.NoError(t, err)
		for name, f := range map[string]func() (*tensor.Tensor, error){
			"csr": func() (*tensor.Tensor, error) { return convert.ToLayout(tall, tensor.CSR, tensor.DefaultConvert()) },
			"bsr": func() (*tensor.Tensor, error) {
				return convert.ToLayout(tall, tensor.BSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, BlockSize: [2]int64{1, 1}})
			},
			"sparse.mm": func() (*tensor.Tensor, error) { return linalg.SparseMm(tall, small) },
			"empty csr": func() (*tensor.Tensor, error) {
				return tensor.Empty(tensor.CSR, dtype.Float64, []int64{big, 1}, [2]int64{}, 0)
			},
		} {
			r, err := f()
			require.Nil(t, r, name)
			require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", name, err)
			require.Contains(t, err.Error(), "exceed the memory limit of 268435456 bytes", name)
		}
		// (1 x 1) @ (1 x 2^40): one row of the product, formed by sorting
		// where a dense accumulator would hold 2^40 columns.
		wide, err := Transpose(tall, 0, 1)
		require.NoError(t, err)
		p, err := linalg.SparseMm(small, wide)
		require.NoError(t, err)
		p, err = convert.ToLayout(p, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		requireEntries(t, p, []int64{0, 0, 5, big - 1}, []float64{3, 6})

		eq, err := convert.Equal(before, tall)
		require.NoError(t, err)
		require.True(t, eq)
		require.False(t, tall.IsCoalesced())
	})
}

// The direct paths run only where their scratch fits and stays in
// proportion to the entries; elsewhere the generic path stores the same.
func TestFastPathScratchIsSized(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	sparse := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 1<<30, 4, 1<<30, 4, 50)
	dense := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 40, 30, 40, 30, 200)
	require.False(t, convert.FastPathFits(sparse, tensor.FormatSpec{Layout: tensor.COO, Shape: slices.Clone(sparse.Dims())}))
	require.True(t, convert.FastPathFits(dense, tensor.FormatSpec{Layout: tensor.CSC, Shape: slices.Clone(dense.Dims())}))
	// The reference: the raw entries, summed by coordinate, in row-major order.
	raw, err := tensor.Component(sparse, tensor.CompIndices)
	require.Error(t, err) // uncoalesced: torch's indices() refuses
	raw = sparse.Indices()
	sum := map[[2]int64]float64{}
	for e := range sparse.NNZ() {
		sum[[2]int64{raw.Index(e), raw.Index(sparse.NNZ() + e)}] += sparse.Values().Complex(e).Re()
	}
	keys := make([][2]int64, 0, len(sum))
	for k := range sum {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int64) int { return slices.Compare(a[:], b[:]) })
	rows, cols, vals := []int64{}, []int64{}, []float64{}
	for _, k := range keys {
		rows, cols, vals = append(rows, k[0]), append(cols, k[1]), append(vals, sum[k])
	}
	c, err := convert.Coalesce(sparse) // the generic path
	require.NoError(t, err)
	requireEntries(t, c, append(rows, cols...), vals)
	csc, err := convert.ToLayout(sparse, tensor.CSC, tensor.DefaultConvert()) // the generic path too: 5 column pointers
	require.NoError(t, err)
	eq, err := convert.Equal(csc, c)
	require.NoError(t, err)
	require.True(t, eq)
}

// groupByCoord groups the same way by counting and by sorting.
func TestGroupByCoordCountingAndSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, nse := range []int{0, 1, 5, 300} {
		cs := make([]int64, nse)
		for i := range cs {
			cs[i] = rng.Int64N(40)
		}
		counting, sorting := tensor.GroupByCoord(cs, 40), tensor.GroupByCoord(cs, 1<<40)
		require.NotNil(t, counting.Start)
		require.Nil(t, sorting.Start)
		for v := int64(0); v < 40; v++ {
			want := []int64{}
			for e, c := range cs {
				if c == v {
					want = append(want, int64(e))
				}
			}
			require.Equal(t, want, append([]int64{}, counting.Of(v)...), "v=%d", v)
			require.Equal(t, want, append([]int64{}, sorting.Of(v)...), "v=%d", v)
		}
	}
}

// sparse_mask's merge path stores what its dense path stores: duplicates,
// a non-zero fill, mask positions t lacks, and dense dims included.
func TestSparseMaskMergeMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		x := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 6, 7, 6, 7, int64(rng.IntN(30)))
		mask := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 6, 7, 6, 7, int64(rng.IntN(30)))
		if trial%2 == 1 {
			var err error
			x, err = tensor.WithFill(x, dtype.Float64Array([]float64{1.5}).Data)
			require.NoError(t, err)
		}
		want, err := SparseMask(x, mask) // small: the dense path
		require.NoError(t, err)
		m, err := coalescedCOO(mask)
		require.NoError(t, err)
		got, err := sparseMaskMerge(x, mask, m)
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got)
		require.Equal(t, want.NNZ(), got.NNZ())
	}
	// Dense dims: a (4, 5, 2) COO with one dense dim.
	d := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 5, 2}, 0.4)
	x, err := convert.ToLayout(d, tensor.COO, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
	require.NoError(t, err)
	mask, err := convert.ToLayout(tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 5, 2}, 0.5), tensor.COO, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
	require.NoError(t, err)
	want, err := SparseMask(x, mask)
	require.NoError(t, err)
	m, err := coalescedCOO(mask)
	require.NoError(t, err)
	got, err := sparseMaskMerge(x, mask, m)
	require.NoError(t, err)
	tensortest.RequireSameDense(t, want, got)
}

// A sparse product with many columns under a limit below its dense
// accumulators (a marker and a value per column and goroutine) forms its
// rows by sorting instead, with the same result.
func TestSparseProductBeyondTheAccumulatorBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 4, 3, 4, 3, 8)
	b := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 3, 100_000, 3, 100_000, 12)
	want, err := linalg.SparseMm(a, b) // under the default limit: dense accumulators
	require.NoError(t, err)
	withMemoryLimit(t, 1<<20, func() { // the row pointers fit; 100000 columns of accumulators do not
		got, err := linalg.SparseMm(a, b)
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got)
	})
}
