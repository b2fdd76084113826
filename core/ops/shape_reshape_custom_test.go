package ops

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// reshapeShapes are the shapes each custom case is reshaped to: flat, its
// dims reversed, a leading 1 with the last dim kept, and the flat count
// split in two where it is even.
func reshapeShapes(dims []int64) [][]int64 {
	rev := slices.Clone(dims)
	slices.Reverse(rev)
	out := [][]int64{{-1}, rev, {1, -1, dims[len(dims)-1]}}
	if n := dtype.NumelOf(dims); n%2 == 0 && n > 0 {
		out = append(out, []int64{2, n / 2})
	}
	return out
}

// TestReshapeCustomMatchesNamedRoute: Reshape of every custom formats.json
// case (fills 0 and 2.5, every format, nonunique ones by Named's route;
// float64, and float32 and complex128 for the other element sizes) to
// each of reshapeShapes gives the COO route's dense value, fill and error;
// the result is COO, coalesced only where its indices are in linear order,
// and a unique format's call makes no COO tensor of the input (Named).
func TestReshapeCustomMatchesNamedRoute(t *testing.T) {
	walked := 0
	var cases []customCase
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128} {
		cases = append(cases, customCases(t, d)...)
	}
	for _, c := range cases {
		for _, shape := range reshapeShapes(c.a.Dims()) {
			msg := fmt.Sprintf("%s reshape %v", c.id, shape)
			before := tensor.NamedBuilds()
			got, gerr := Reshape(c.a, shape)
			if c.f.IsUnique() {
				require.Equal(t, before, tensor.NamedBuilds(), "%s: Named reached", msg)
				walked++
			}
			na, err := tensor.Named(c.a)
			require.NoError(t, err, msg)
			want, werr := Reshape(na, shape)
			if werr != nil {
				require.Error(t, gerr, msg)
				require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
				continue
			}
			require.NoError(t, gerr, msg)
			require.Equal(t, tensor.COO, got.Layout(), msg)
			require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
			require.Equal(t, want.NNZ(), got.NNZ(), "%s: nnz", msg)
			wd, err := convert.ToDense(want)
			require.NoError(t, err, msg)
			ewRequireSameDense(t, wd, got, msg)
			if got.IsCoalesced() {
				requireLinearOrder(t, got, msg)
			}
		}
	}
	require.Positive(t, walked)
}

// requireLinearOrder: r's COO indices are strictly increasing in linear
// order (the coalesced flag's promise).
func requireLinearOrder(t *testing.T, r *tensor.Tensor, msg string) {
	t.Helper()
	idx, dims := r.Indices(), r.Dims()
	n := idx.Shape[1]
	prev := int64(-1)
	for e := int64(0); e < n; e++ {
		lin := int64(0)
		for d := range idx.Shape[0] {
			lin = lin*dims[d] + idx.Index(d*n+e)
		}
		require.Greater(t, lin, prev, "%s: entry %d out of linear order under the coalesced flag", msg, e)
		prev = lin
	}
}

// reshapeLaplacians are the 90K-row (300 x 300 grid) Laplacian in DIA-I
// and in BSR with column-major 2 x 2 blocks.
func reshapeLaplacians(tb testing.TB) map[string]*tensor.Tensor {
	csr := benchLaplacian(tb, 300, tensor.CSR)
	bcm, err := format.BSRColMajor(2, 2)
	require.NoError(tb, err)
	out := map[string]*tensor.Tensor{}
	for name, f := range map[string]format.Format{"DIA-I": format.DIAI(), "BSR column-major 2x2": bcm} {
		x, err := convert.ToFormat(csr, f)
		require.NoError(tb, err, name)
		out[name] = x
	}
	return out
}

// TestReshapeCustomAllocations: Reshape of the 90K-row Laplacian in DIA-I
// and BSR column-major to (n*n/2, 2) allocates its result (indices and
// values) plus 64 KiB, with no COO tensor of the input; the COO route
// (Named, then the COO reshape) is logged beside it.
func TestReshapeCustomAllocations(t *testing.T) {
	for name, x := range reshapeLaplacians(t) {
		n := x.Dims()[0]
		shape := []int64{n * n / 2, 2}
		before := tensor.NamedBuilds()
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Reshape(x, shape) })
		require.Equal(t, before, tensor.NamedBuilds(), "%s: Named reached", name)
		viaNamed, _ := allocatedBy(t, func() (*tensor.Tensor, error) {
			na, err := tensor.Named(x)
			if err != nil {
				return nil, err
			}
			return Reshape(na, shape)
		})
		limit := resultBytes(r) + 64<<10
		t.Logf("%s: %d bytes allocated (the COO route %d), result %d, limit %d", name, got, viaNamed, resultBytes(r), limit)
		require.LessOrEqual(t, got, limit, name)
	}
}
