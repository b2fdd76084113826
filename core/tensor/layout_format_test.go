package tensor_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestLayoutIsItsFormatsName: a tensor's Layout is the name of its Format
// text. For every constructor and every conversion target, a tensor of a
// named layout has a format NamedLayoutOf names that layout (or, where two
// layouts name one text, the other name), and a Custom tensor's format is
// no named layout's (the 275 reference formats, built and wrapped).
func TestLayoutIsItsFormatsName(t *testing.T) {
	for name, x := range layoutCases(t) {
		f := x.Format()
		got, _, named := tensor.NamedLayoutOf(f)
		if x.Layout() == tensor.Custom {
			require.False(t, named, "%s: custom format %s is %s's", name, f, got)
			continue
		}
		require.True(t, named, "%s: a %s tensor's format %s names no layout", name, x.Layout(), f)
		if got == x.Layout() {
			continue
		}
		// Two names for one text: CSF of one sparse dim is a coalesced
		// COO's format, CSF of two (no batch) DCSR's. NamedLayoutOf gives
		// the first in AllLayouts; the tensor keeps the name it was made as.
		alias := x.Layout() == tensor.CSF && (x.SparseDim() == 1 && got == tensor.COO || x.SparseDim() == 2 && got == tensor.DCSR)
		require.True(t, alias, "%s: a %s tensor's format %s names %s", name, x.Layout(), f, got)
	}
}

// layoutCases builds a tensor by every constructor: the reference's
// formats (NewFromFormat, WrapFormat), strided, COO coalesced or not,
// Empty and every conversion of a 3-d tensor to each layout with its
// batch, dense and block variants.
func layoutCases(t *testing.T) map[string]*tensor.Tensor {
	out := map[string]*tensor.Tensor{}
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		pos, crd, vals := c.Arrays()
		x, err := convert.NewFromFormat(f, c.Dense.Shape, pos, crd, vals)
		require.NoError(t, err, c.ID)
		out["from "+c.ID] = x
		w, err := convert.WrapFormat(f, c.Dense.Shape, pos, crd, vals)
		require.NoError(t, err, c.ID)
		out["wrap "+c.ID] = w
	}
	d := dtype.Float64Array([]float64{0, 1, 0, 2, 0, 0, 3, 0, 0, 0, 4, 5, 0, 6, 0, 0}, 2, 2, 4)
	s, err := tensor.NewStrided(d)
	require.NoError(t, err)
	out["strided"] = s
	idx := dtype.Int64Array([]int64{1, 0, 1, 0, 2, 0}, 2, 3)
	coo, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{2, 3}, tensor.BuildOptions{})
	require.NoError(t, err)
	out["coo uncoalesced"] = coo
	for _, l := range tensor.AllLayouts {
		for dense := 0; dense <= 1; dense++ {
			block := [2]int64{1, 2}
			if e, err := tensor.Empty(l, dtype.Float64, []int64{2, 2, 4}, block, dense); err == nil {
				out[fmt.Sprintf("empty %s dense %d", l, dense)] = e
			}
			for sparse := -1; sparse <= 3; sparse++ {
				opt := tensor.ConvertOptions{DenseDim: dense, SparseDim: sparse, BlockSize: block}
				if r, err := convert.ToLayout(s, l, opt); err == nil {
					out[fmt.Sprintf("to %s %+v", l, opt)] = r
				}
				if r, err := convert.ToLayout(coo, l, opt); err == nil {
					out[fmt.Sprintf("coo to %s %+v", l, opt)] = r
				}
			}
		}
	}
	return out
}
