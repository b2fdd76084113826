package convert_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomPermutedNamedConverts: a custom format whose transpose is a
// named layout other than a compressed one takes the copying route (the
// storage read in the relabelled format and converted): column-major dense
// becomes strided, a COO sorted by column becomes COO. The result is that
// layout's tensor, its dense form the source's transposed, its fill the
// source's (a nonzero one fills the COO's unstored elements); BSR column-major^T still takes the shared compressed route.
func TestCustomPermutedNamedConverts(t *testing.T) {
	colMajor, err := format.Parse("(i, j) -> (j : dense, i : dense)")
	require.NoError(t, err)
	byCol, err := format.Parse("(i, j) -> (j : compressed(nonunique), i : singleton)")
	require.NoError(t, err)
	// a = [[1, 0, 2], [0, 3, 0]] (2 x 3)
	cases := []struct {
		name     string
		f        format.Format
		pos, crd []dtype.Array
		vals     []float64
		want     tensor.Layout
		all      bool // every element stored: the fill fills none
	}{
		{"column-major dense", colMajor, []dtype.Array{{}, {}}, []dtype.Array{{}, {}}, []float64{1, 0, 0, 3, 2, 0}, tensor.Strided, true},
		{"COO by column", byCol, []dtype.Array{dtype.Int64Array([]int64{0, 3}), {}},
			[]dtype.Array{dtype.Int64Array([]int64{0, 1, 2}), dtype.Int64Array([]int64{0, 1, 0})}, []float64{1, 3, 2}, tensor.COO, false},
	}
	fills := []float64{0, 0.5}
	for _, c := range cases {
		for _, fill := range fills {
			a, err := convert.NewFromFormat(c.f, []int64{2, 3}, c.pos, c.crd, dtype.Float64Array(c.vals))
			require.NoError(t, err, c.name)
			require.Equal(t, tensor.Custom, a.Layout(), c.name)
			if fill != 0 {
				a, err = tensor.WithFill(a, dtype.Float64Array([]float64{fill}).Data)
				require.NoError(t, err, c.name)
			}
			_, ok, err := tensor.CustomPermutedCompressed(a, []int{1, 0})
			require.NoError(t, err, c.name)
			require.False(t, ok, "%s: no compressed layout", c.name)
			r, ok, err := convert.CustomPermutedNamed(a, []int{1, 0})
			require.NoError(t, err, c.name)
			require.True(t, ok, c.name)
			assert.Equal(t, c.want, r.Layout(), c.name)
			assert.Equal(t, a.FillElem(), r.FillElem(), "%s: the fill carried", c.name)
			d, err := convert.ToDense(r)
			require.NoError(t, err, c.name)
			z := func(v float64) float64 {
				if v == 0 && !c.all {
					return fill
				}
				return v
			}
			want := []float64{z(1), z(0), z(0), z(3), z(2), z(0)}
			assert.Equal(t, []int64{3, 2}, d.Dims(), c.name)
			assert.Equal(t, want, dtype.AsSlice[float64](d.Values()), "%s fill %v: dense of the transpose", c.name, fill)
		}
	}

	bsrc, err := format.BSRColMajor(1, 1)
	require.NoError(t, err)
	dense, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 0, 2, 0, 3, 0}, 2, 3))
	require.NoError(t, err)
	bsr, err := convert.ToFormat(dense, bsrc)
	require.NoError(t, err)
	r, ok, err := convert.CustomPermutedNamed(bsr, []int{1, 0})
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, tensor.BSC, r.Layout())
}
