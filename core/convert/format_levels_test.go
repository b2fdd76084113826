package convert_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// coordinateRoute is ToFormat's route before the direct conversion: the
// source's coalesced coordinate list (for a custom tensor, its COO form)
// arranged in f, the values copied to their slots, padding holding the
// source's fill; the tensor built from those arrays (with fill 0: WithFill
// of a custom tensor gives its COO form).
func coordinateRoute(t *testing.T, x *tensor.Tensor, f format.Format) (*tensor.Tensor, error) {
	t.Helper()
	e, err := tensor.EntriesOf(x, len(x.Dims()))
	require.NoError(t, err)
	a, err := ustorage.Arrange(f, slices.Clone(x.Dims()), e.N, func(i int64, dim []int64) {
		for d := range dim {
			dim[d] = e.Coords[d][i]
		}
	}, int64(x.DType().Size()), tensor.MemoryLimit())
	if err != nil {
		return nil, err
	}
	es := int64(x.DType().Size())
	vals := dtype.NewArray(x.DType(), []int64{int64(len(a.Source))})
	fill := tensor.ScalarBytes(x.DType(), dtype.LoadScalar(x.DType(), x.FillElem()))
	for p, i := range a.Source {
		from := fill
		if i >= 0 {
			from = e.Vals.Data[e.Src[i]*es : (e.Src[i]+1)*es]
		}
		copy(vals.Data[int64(p)*es:], from)
	}
	pos, crd := make([]dtype.Array, len(f.Levels)), make([]dtype.Array, len(f.Levels))
	for l, lv := range a.Levels {
		pos[l], crd[l] = dtype.Int64Array(lv.Pos), dtype.Int64Array(lv.Crd)
	}
	out, err := convert.NewFromFormat(f, slices.Clone(x.Dims()), pos, crd, vals)
	require.NoError(t, err)
	return out, nil
}

// sameStorage compares got, the conversion of src, with want, the
// coordinate route's: layout, index width (a custom target's: src's) and format storage (level sizes, every level's
// pos and crd, values with padding); and got's fill and dense value with
// src's (for a strided target, ToLayout's fill).
func sameStorage(t *testing.T, src, want, got *tensor.Tensor, what string) {
	t.Helper()
	require.Equal(t, want.Layout(), got.Layout(), what)
	if want.Layout() != tensor.Custom {
		assert.Equal(t, want.IndexWidth(), got.IndexWidth(), "%s index width", what)
	} else if g, _ := got.USTStorage(); slices.ContainsFunc(append(g.Pos, g.Crd...), func(a dtype.Array) bool { return a.Data != nil }) {
		// The coordinate route's arrays are int64; ToFormat keeps the
		// source's width (int32 from a strided one; a storage of no arrays is 32).
		assert.Equal(t, max(src.IndexWidth(), 32), got.IndexWidth(), "%s index width", what)
	}
	assert.Equal(t, want.IsCoalesced(), got.IsCoalesced(), "%s coalesced", what)
	w, err := want.USTStorage()
	require.NoError(t, err, what)
	g, err := got.USTStorage()
	require.NoError(t, err, what)
	assert.Equal(t, w.LevelSizes, g.LevelSizes, "%s level sizes", what)
	for l := range w.Pos {
		assert.Equal(t, tensortest.IndexValues(w.Pos[l]), tensortest.IndexValues(g.Pos[l]), "%s level %d pos", what, l)
		assert.Equal(t, tensortest.IndexValues(w.Crd[l]), tensortest.IndexValues(g.Crd[l]), "%s level %d crd", what, l)
	}
	assert.Equal(t, w.Values.Data, g.Values.Data, "%s values", what)
	if want.Layout() != tensor.Custom { // a named layout's own level arrays, unreached levels included
		wl, gl := want.Levels(), got.Levels()
		require.Len(t, gl, len(wl), what)
		for l := range wl {
			assert.Equal(t, tensortest.IndexValues(wl[l].Pos), tensortest.IndexValues(gl[l].Pos), "%s level %d own pos", what, l)
			assert.Equal(t, tensortest.IndexValues(wl[l].Crd), tensortest.IndexValues(gl[l].Crd), "%s level %d own crd", what, l)
		}
	}
	wantFill := dtype.LoadScalar(src.DType(), src.FillElem()) // the coordinate route's tensor has fill 0
	if want.Layout() != tensor.Custom {
		wantFill = dtype.LoadScalar(want.DType(), want.FillElem()) // ToLayout's (a strided result has none)
	}
	assert.Equal(t, wantFill, dtype.LoadScalar(got.DType(), got.FillElem()), "%s fill", what)
	sd, err := convert.ToDense(src)
	require.NoError(t, err, what)
	gd, err := convert.ToDense(got)
	require.NoError(t, err, what)
	assert.Equal(t, sd.Values().Data, gd.Values().Data, "%s dense", what)
}

// TestToFormatDirectMatchesCoordinateRoute: every conformance format as a
// source (custom tensors and the named layouts, some with a fill value of
// 7) converted to every conformance format of its rank gives the storage,
// fill and dense value of the coordinate route (ToLayout's for a named
// target), and the same refusal where the target cannot hold it.
func TestToFormatDirectMatchesCoordinateRoute(t *testing.T) {
	cases := tensortest.LoadUSTCases(t)
	var targets []format.Format
	all := map[string]bool{}
	for _, c := range cases {
		f, err := format.Parse(c.Format)
		require.NoError(t, err)
		if !all[c.Format] {
			targets = append(targets, f)
		}
		all[c.Format] = true
	}
	step := 1
	if testing.Short() {
		step = 8 // every source format still appears: cases of a format are adjacent
	}
	pairs, sources := 0, map[string]bool{}
	for i, c := range cases {
		if i%step != 0 && i+1 < len(cases) && cases[i+1].Format == c.Format {
			continue
		}
		f, err := format.Parse(c.Format)
		require.NoError(t, err)
		pos, crd, vals := c.Arrays()
		x, err := convert.NewFromFormat(f, c.Dense.Shape, pos, crd, vals)
		require.NoError(t, err, c.ID)
		if i%2 == 1 { // fill 7: WithFill gives a custom tensor's COO form, ToFormat the format back
			x, err = tensor.WithFill(x, tensor.ScalarBytes(dtype.Float64, dtype.Real(7)))
			require.NoError(t, err, c.ID)
			x, err = convert.ToFormat(x, f)
			require.NoError(t, err, c.ID)
		}
		sources[c.Format] = true
		for _, g := range targets {
			if len(g.Dims) != len(f.Dims) {
				continue
			}
			what := c.ID + " -> " + g.String()
			var want *tensor.Tensor
			var werr error
			if layout, opt, named := tensor.NamedLayoutOf(g); named {
				want, werr = convert.ToLayout(x, layout, opt)
			} else {
				want, werr = coordinateRoute(t, x, g)
			}
			got, gerr := convert.ToFormat(x, g)
			if werr != nil {
				assert.Error(t, gerr, what)
				code := errs.ErrInvalidArgument // the target cannot hold the tensor
				if errors.Is(werr, ustorage.ErrTooLarge) {
					code = errs.ErrTooLarge
				}
				assert.Equal(t, code, errs.CodeOf(gerr), "%s: %v", what, gerr)
				continue
			}
			require.NoError(t, gerr, what)
			sameStorage(t, x, want, got, what)
			pairs++
		}
	}
	t.Logf("%d pairs from %d source formats to %d targets", pairs, len(sources), len(targets))
	assert.Len(t, sources, len(all), "every conformance format is a source")
}

// TestToFormatDirectTooLarge: a DIA of two far diagonals fits; a dense
// target of the same matrix is refused with ErrTooLarge under a 1 MiB limit.
func TestToFormatDirectTooLarge(t *testing.T) {
	n := int64(1 << 12)
	x, err := convert.NewFromFormat(format.DCSR(), []int64{n, n},
		[]dtype.Array{dtype.Int64Array([]int64{0, 2}), dtype.Int64Array([]int64{0, 1, 2})},
		[]dtype.Array{dtype.Int64Array([]int64{0, n - 1}), dtype.Int64Array([]int64{n - 1, 0})},
		dtype.Float64Array([]float64{1, 2}))
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(1<<20))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	_, err = convert.ToFormat(x, format.DIAI())
	require.NoError(t, err)
	g, err := format.Parse("(i, j) -> (j : dense, i / 4 : dense, i % 4 : structured(2))")
	require.NoError(t, err)
	_, err = convert.ToFormat(x, g)
	assert.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
}
