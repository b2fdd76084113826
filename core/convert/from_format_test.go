package convert_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestNewFromFormatConformance: every formats.json case built from the
// reference's arrays holds the case's dense tensor and gives back its arrays.
func TestNewFromFormatConformance(t *testing.T) {
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		pos, crd, vals := c.Arrays()
		x, err := convert.NewFromFormat(f, c.Dense.Shape, pos, crd, vals)
		require.NoError(t, err, c.ID)
		back, err := convert.ToDense(x)
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Dense.Data, dtype.AsSlice[float64](back.Values())[:len(c.Dense.Data)], "%s: to_dense", c.ID)
		u, err := x.USTStorage()
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Expect.Values, dtype.AsSlice[float64](u.Values)[:u.NSE()], c.ID)
		for l, want := range c.Expect.Levels {
			assert.Equal(t, want.Pos, tensortest.IndexValues(u.Pos[l]), "%s level %d pos", c.ID, l)
			assert.Equal(t, want.Crd, tensortest.IndexValues(u.Crd[l]), "%s level %d crd", c.ID, l)
		}
	}
}

// TestNewFromFormatRefusals: bad storage is refused naming the array, the
// index and the rule; the inputs are untouched.
func TestNewFromFormatRefusals(t *testing.T) {
	csrLike := format.Format{Dims: []string{"i", "j"}, Levels: []format.Level{
		{Expr: format.Expr{A: "j"}, Kind: format.Dense}, {Expr: format.Expr{A: "i"}, Kind: format.Compressed}}}
	dia := format.DIAI()
	i64 := func(v ...int64) dtype.Array { return dtype.Int64Array(v) }
	none := dtype.Array{}
	for _, c := range []struct {
		name      string
		f         format.Format
		shape     []int64
		pos, crd  []dtype.Array
		vals      dtype.Array
		code      errs.Code
		substring string
	}{
		{"decreasing pos", csrLike, []int64{3, 2}, []dtype.Array{none, i64(0, 2, 1)}, []dtype.Array{none, i64(0, 1)}, dtype.Float64Array([]float64{1, 2}), errs.ErrInvalidArgument, "pos[1][1] = 2 > pos[1][2] = 1: must not decrease"},
		{"short pos", csrLike, []int64{3, 2}, []dtype.Array{none, i64(0, 2)}, []dtype.Array{none, i64(0, 1)}, dtype.Float64Array([]float64{1, 2}), errs.ErrInvalidArgument, "pos[1] has 2 entries"},
		{"crd out of range", csrLike, []int64{3, 2}, []dtype.Array{none, i64(0, 1, 2)}, []dtype.Array{none, i64(0, 3)}, dtype.Float64Array([]float64{1, 2}), errs.ErrIndex, "crd[1][1] = 3 is outside"},
		{"unsorted crd", csrLike, []int64{3, 2}, []dtype.Array{none, i64(0, 2, 2)}, []dtype.Array{none, i64(2, 0)}, dtype.Float64Array([]float64{1, 2}), errs.ErrInvalidArgument, "crd[1][0] = 2, crd[1][1] = 0: must increase"},
		{"values count", csrLike, []int64{3, 2}, []dtype.Array{none, i64(0, 1, 2)}, []dtype.Array{none, i64(0, 1)}, dtype.Float64Array([]float64{1}), errs.ErrInvalidArgument, "values has 1 elements; the storage has 2"},
		{"dense level with crd", csrLike, []int64{3, 2}, []dtype.Array{none, i64(0, 1, 2)}, []dtype.Array{i64(1), i64(0, 1)}, dtype.Float64Array([]float64{1, 2}), errs.ErrInvalidArgument, "crd[0]: a dense level stores no such array"},
		{"diagonal out of range", dia, []int64{2, 2}, []dtype.Array{i64(0, 1), none}, []dtype.Array{i64(2), none}, dtype.Float64Array([]float64{1, 2}), errs.ErrIndex, "crd[0][0] = 2 is outside level 0's coordinates -1..1"},
		{"last pos", dia, []int64{2, 2}, []dtype.Array{i64(0, 2), none}, []dtype.Array{i64(0), none}, dtype.Float64Array([]float64{1, 2}), errs.ErrInvalidArgument, "the last pos must equal the length of crd[0], 1"},
		{"float pos", dia, []int64{2, 2}, []dtype.Array{dtype.Float64Array([]float64{0, 1}), none}, []dtype.Array{i64(0), none}, dtype.Float64Array([]float64{1, 2}), errs.ErrDType, "pos[0]: expected int32 or int64"},
		{"shape", dia, []int64{2}, []dtype.Array{i64(0, 1), none}, []dtype.Array{i64(0), none}, dtype.Float64Array([]float64{1, 2}), errs.ErrInvalidArgument, "size has 1 dimensions"},
	} {
		before := append([]byte(nil), c.pos[len(c.pos)-1].Data...)
		_, err := convert.NewFromFormat(c.f, c.shape, c.pos, c.crd, c.vals)
		require.Error(t, err, c.name)
		assert.Equal(t, c.code, errs.CodeOf(err), "%s: %v", c.name, err)
		assert.Contains(t, err.Error(), c.substring, c.name)
		assert.Equal(t, before, c.pos[len(c.pos)-1].Data, c.name)
	}
	_, err := convert.NewFromFormat(format.Format{Dims: []string{"i", "j"}, Levels: []format.Level{{Expr: format.Expr{A: "i"}, Kind: format.Range}}}, []int64{2, 2}, nil, nil, dtype.Float64Array(nil))
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
}

// TestWrapFormatConformance: every formats.json case wrapped over int32
// copies of the reference's arrays keeps those very arrays as its storage
// (no copy, the caller's width) and holds the case's dense tensor; a bad
// storage is refused as NewFromFormat refuses it.
func TestWrapFormatConformance(t *testing.T) {
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		var pos, crd []dtype.Array
		narrow := func(v []int64) dtype.Array {
			w := make([]int32, len(v))
			for i, x := range v {
				w[i] = int32(x)
			}
			return dtype.Int32Array(w)
		}
		for _, l := range c.Expect.Levels {
			pos, crd = append(pos, narrow(l.Pos)), append(crd, narrow(l.Crd))
		}
		vals := dtype.Float64Array(c.Expect.Values)
		x, err := convert.WrapFormat(f, c.Dense.Shape, pos, crd, vals)
		require.NoError(t, err, c.ID)
		back, err := convert.ToDense(x)
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Dense.Data, dtype.AsSlice[float64](back.Values())[:len(c.Dense.Data)], "%s: to_dense", c.ID)
		if x.Layout() != tensor.Custom {
			continue // a named layout's tensor, built from a copy
		}
		u, err := x.USTStorage()
		require.NoError(t, err, c.ID)
		if len(vals.Data) > 0 {
			assert.Same(t, &vals.Data[0], &u.Values.Data[0], "%s: values borrowed", c.ID)
		}
		for l := range c.Expect.Levels {
			if len(pos[l].Data) > 0 {
				assert.Same(t, &pos[l].Data[0], &u.Pos[l].Data[0], "%s: pos[%d] borrowed", c.ID, l)
			}
			if len(crd[l].Data) > 0 {
				assert.Same(t, &crd[l].Data[0], &u.Crd[l].Data[0], "%s: crd[%d] borrowed", c.ID, l)
			}
		}
	}
	_, err := convert.WrapFormat(format.DIAI(), []int64{2, 2}, []dtype.Array{dtype.Int32Array([]int32{0, 1}), {}}, []dtype.Array{dtype.Int32Array([]int32{2}), {}}, dtype.Float64Array([]float64{1, 2}))
	assert.Equal(t, errs.ErrIndex, errs.CodeOf(err), "%v", err)
	assert.Contains(t, err.Error(), "crd[0][0] = 2 is outside level 0's coordinates -1..1")
}
