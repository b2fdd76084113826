package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// catCustomOps are the cat family on a list of tensors.
var catCustomOps = map[string]func(ts []*tensor.Tensor) (*tensor.Tensor, error){
	"cat 0":    func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Cat(ts, 0) },
	"cat -1":   func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Cat(ts, -1) },
	"stack 0":  func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Stack(ts, 0) },
	"stack -1": func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return Stack(ts, -1) },
	"hstack":   HStack,
	"vstack":   VStack,
	"dstack":   DStack,
}

// TestCatCustomMatchesNamedRoute: cat (dims 0 and -1), stack (0 and -1),
// hstack, vstack and dstack of [A, abs(A), A] (complex: [A, A, A]) for
// every custom formats.json case A (every format, fills 0 and 2.5;
// float64, float32, complex128) give the COO forms' route's dense value,
// fill, layout, index width, nnz and error; for unique formats no COO form is made (tensor.Named); a list
// mixing A with its COO form takes the COO forms' route.
func TestCatCustomMatchesNamedRoute(t *testing.T) {
	walked := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128} {
		for _, c := range customCases(t, d) {
			neg := c.a
			if d != dtype.Complex128 { // abs of complex is real: another dtype
				var err error
				neg, err = UnaryByName("abs", c.a, UnaryArgs{}) // the same fill, other values
				require.NoError(t, err, c.id)
			}
			coo, err := tensor.Named(c.a)
			require.NoError(t, err, c.id)
			for name, op := range catCustomOps {
				for _, mixed := range []bool{false, true} {
					ts := []*tensor.Tensor{c.a, neg, c.a}
					if mixed {
						ts[2] = coo
					}
					msg := fmt.Sprintf("%s %s %s mixed %v", c.id, d, name, mixed)
					before := tensor.NamedBuilds()
					got, gerr := op(ts)
					named := tensor.NamedBuilds() != before
					nts := make([]*tensor.Tensor, len(ts))
					for i, x := range ts {
						nts[i], err = tensor.Named(x)
						require.NoError(t, err, msg)
					}
					want, werr := op(nts)
					if werr != nil {
						require.Error(t, gerr, msg)
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					require.Equal(t, want.Layout(), got.Layout(), msg)
					require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
					require.Equal(t, want.IndexWidth(), got.IndexWidth(), "%s: index width", msg)
					require.Equal(t, want.NNZ(), got.NNZ(), "%s: nnz", msg)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
					if !mixed && c.f.IsUnique() {
						walked++
						require.False(t, named, "%s: Named reached", msg)
					}
				}
			}
		}
	}
	require.Positive(t, walked)
}

// TestCatCustomAllocations: cat([A, A], 0) of the 90K-row Laplacian in
// DIA-I and BSR column-major allocates its result (indices and values)
// plus 64 KiB; the COO forms' route is logged beside it.
func TestCatCustomAllocations(t *testing.T) {
	for name, x := range reshapeLaplacians(t) {
		before := tensor.NamedBuilds()
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{x, x}, 0) })
		require.Equal(t, before, tensor.NamedBuilds(), "%s: Named reached", name)
		viaNamed, _ := allocatedBy(t, func() (*tensor.Tensor, error) {
			na, err := tensor.Named(x)
			if err != nil {
				return nil, err
			}
			return Cat([]*tensor.Tensor{na, na}, 0)
		})
		limit := resultBytes(r) + 64<<10
		t.Logf("%s: %d bytes allocated (the COO route %d), result %d, limit %d", name, got, viaNamed, resultBytes(r), limit)
		require.LessOrEqual(t, got, limit, name)
	}
}
