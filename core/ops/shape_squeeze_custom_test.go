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

// TestSqueezeCustomMatchesNamedRoute: Squeeze of every custom formats.json
// case (every format, fills 0 and 2.5; float64 and complex128) of every
// dim and of all size-1 dims gives the COO form's route's dense value,
// fill, layout, index width, nnz and error; a unique format's call makes no
// COO form (tensor.Named): a relabel (squeezeCustom) or, where none drops
// the dims (DIA's i and j of a 1-row matrix), COO off the levels
// (reshapeCustom), coalesced only in linear order.
func TestSqueezeCustomMatchesNamedRoute(t *testing.T) {
	walked := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Complex128} {
		for _, c := range customCases(t, d) {
			dims := []*int{nil}
			for k := range c.a.NDim() {
				dims = append(dims, &k)
			}
			for _, dim := range dims {
				msg := fmt.Sprintf("%s %s squeeze %v", c.id, d, dim)
				if dim != nil {
					msg = fmt.Sprintf("%s %s squeeze %d", c.id, d, *dim)
				}
				before := tensor.NamedBuilds()
				got, gerr := Squeeze(c.a, dim)
				named := tensor.NamedBuilds() != before
				na, err := tensor.Named(c.a)
				require.NoError(t, err, msg)
				want, werr := Squeeze(na, dim)
				if werr != nil {
					require.Error(t, gerr, msg)
					require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
					continue
				}
				require.NoError(t, gerr, msg)
				require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
				require.Equal(t, want.NNZ(), got.NNZ(), "%s: nnz", msg)
				wd, err := convert.ToDense(want)
				require.NoError(t, err, msg)
				ewRequireSameDense(t, wd, got, msg)
				if got.Layout() == tensor.COO {
					require.Equal(t, want.Layout(), got.Layout(), msg)
					require.Equal(t, want.IndexWidth(), got.IndexWidth(), "%s: index width", msg)
					if got.IsCoalesced() {
						requireLinearOrder(t, got, msg)
					}
				}
				if c.f.IsUnique() {
					walked++
					require.False(t, named, "%s: Named reached", msg)
				}
			}
		}
	}
	require.Positive(t, walked)
}
