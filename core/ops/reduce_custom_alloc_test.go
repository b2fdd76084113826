package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// bsrColMajor is the n*n-row Laplacian in BSR with column-major 2 x 2 blocks.
func bsrColMajor(tb testing.TB, n int64) *tensor.Tensor {
	tb.Helper()
	f, err := format.BSRColMajor(2, 2)
	require.NoError(tb, err)
	x, err := convert.ToFormat(benchLaplacian(tb, n, tensor.CSR), f)
	require.NoError(tb, err)
	return x
}

// A custom format's reduction over some dims allocates its result plus the
// scatter's accumulator (16 bytes a group) and a key chunk: the walk of its
// fibers feeds the scatter a chunk of keys at a time, without a key or a
// value copy per stored slot (the route before: 8 + 8 bytes a slot, ~10
// slots a row here). BSR with column-major blocks, summed over dims 1 and 0.
func TestCustomReduceAllocatesResultPlusGroups(t *testing.T) {
	x := bsrColMajor(t, 300)
	for _, dims := range [][]int{{1}, {0}} {
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Reduce(x, dims, "sum") })
		limit := resultBytes(r) + 16*uint64(r.Dims()[0]) + 64<<10
		require.LessOrEqual(t, got, limit, "dims %v: %d bytes allocated, limit %d (result %d)", dims, got, limit, resultBytes(r))
		want, err := Reduce(benchLaplacian(t, 300, tensor.CSR), dims, "sum")
		require.NoError(t, err)
		ewRequireSameDense(t, want, r, "BSRColMajor sum")
	}
}

// BenchmarkReduceBSRColMajorDim1 sums the 1M-row Laplacian in BSR with
// column-major 2 x 2 blocks over dim 1.
func BenchmarkReduceBSRColMajorDim1(b *testing.B) {
	x := bsrColMajor(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Reduce(x, []int{1}, "sum"); err != nil {
			b.Fatal(err)
		}
	}
}
