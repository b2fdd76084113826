package tensor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestCheckUSTNamesTheLayout: every formats.json case's checked storage is
// a custom tensor where its format is no named layout's, and otherwise
// lends a source of layout Custom with the layout and options
// NamedLayoutOf gives, for the conversion alone (never as Custom's tensor:
// a custom tensor's format is no named layout's). A borrowed custom
// storage is the caller's arrays, a copied one is not.
func TestCheckUSTNamesTheLayout(t *testing.T) {
	named := 0
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		pos, crd, vals := c.Arrays()
		for _, borrow := range []bool{false, true} {
			ck, err := tensor.CheckUST(f, c.Dense.Shape, pos, crd, vals, borrow)
			require.NoError(t, err, c.ID)
			layout, opt, isNamed := tensor.NamedLayoutOf(f)
			src, gotLayout, gotOpt, ok := ck.Named()
			x, custom := ck.Custom()
			require.Equal(t, isNamed, ok, "%s: Named", c.ID)
			require.Equal(t, isNamed, x == nil, "%s: Custom's tensor", c.ID)
			require.Equal(t, !isNamed, custom, "%s: Custom", c.ID)
			if ok {
				named++
				assert.Equal(t, layout, gotLayout, c.ID)
				assert.Equal(t, opt, gotOpt, c.ID)
				assert.Equal(t, tensor.Custom, src.Layout(), "%s: the source is the storage's", c.ID)
				continue
			}
			require.Equal(t, tensor.Custom, x.Layout(), c.ID)
			u, err := x.USTStorage()
			require.NoError(t, err, c.ID)
			if vals.Numel() > 0 {
				assert.Equal(t, borrow, &vals.Data[0] == &u.Values.Data[0], "%s: values borrowed = %v", c.ID, borrow)
			}
		}
	}
	require.Positive(t, named, "some case has a named layout's format")
}

// TestCheckUSTRefuses: a refused storage gives no tensor either way.
func TestCheckUSTRefuses(t *testing.T) {
	pos := []dtype.Array{dtype.Int64Array([]int64{0, 1}), {}}
	crd := []dtype.Array{dtype.Int64Array([]int64{2}), {}}
	ck, err := tensor.CheckUST(format.DIAI(), []int64{2, 2}, pos, crd, dtype.Float64Array([]float64{1, 2}), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "crd[0][0] = 2 is outside level 0's coordinates -1..1")
	x, custom := ck.Custom()
	assert.Nil(t, x)
	_, _, _, named := ck.Named()
	assert.False(t, named)
	assert.False(t, custom)
}
