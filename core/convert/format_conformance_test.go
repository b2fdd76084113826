package convert_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestToFormatConformanceWidth: every conformance case of a custom format,
// converted from its dense tensor, builds the reference's storage exactly,
// its pos and crd of the reference's index dtype.
func TestToFormatConformanceWidth(t *testing.T) {
	seen := 0
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		x, err := convert.ToFormat(tensortest.MustDense(t, c.Dense.Data, c.Dense.Shape...), f)
		require.NoError(t, err, c.ID)
		if x.Layout() != tensor.Custom {
			continue
		}
		seen++
		u, err := x.USTStorage()
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Expect.LevelSizes, u.LevelSizes, "%s level sizes", c.ID)
		assert.Equal(t, c.Expect.Values, dtype.AsSlice[float64](u.Values)[:u.NSE()], "%s values", c.ID)
		for l, want := range c.Expect.Levels {
			assert.Equal(t, want.Pos, tensortest.IndexValues(u.Pos[l]), "%s level %d pos", c.ID, l)
			assert.Equal(t, want.Crd, tensortest.IndexValues(u.Crd[l]), "%s level %d crd", c.ID, l)
			for _, a := range []dtype.Array{u.Pos[l], u.Crd[l]} {
				if a.Data != nil {
					assert.Equal(t, c.Expect.IndexDtype, a.DType.String(), "%s level %d index dtype", c.ID, l)
				}
			}
		}
	}
	assert.Greater(t, seen, 100)
}
