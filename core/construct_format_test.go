package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// caseArrays makes the pos, crd and values Arrays of a formats.json case.
func caseArrays(c ustCase) (pos, crd []Array, vals Array) {
	for _, l := range c.Expect.Levels {
		pos = append(pos, Int64Array(l.Pos))
		crd = append(crd, Int64Array(l.Crd))
	}
	return pos, crd, Float64Array(c.Expect.Values)
}

// TestNewFromFormatConformance: every formats.json case built from the
// reference's arrays holds the case's dense tensor and gives back its arrays.
func TestNewFromFormatConformance(t *testing.T) {
	for _, c := range loadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		pos, crd, vals := caseArrays(c)
		x, err := NewFromFormat(f, c.Dense.Shape, pos, crd, vals)
		require.NoError(t, err, c.ID)
		back, err := ToDense(x)
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Dense.Data, AsSlice[float64](back.values)[:len(c.Dense.Data)], "%s: to_dense", c.ID)
		u, err := x.USTStorage()
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Expect.Values, AsSlice[float64](u.Values)[:u.NSE()], c.ID)
		for l, want := range c.Expect.Levels {
			assert.Equal(t, want.Pos, indexValues(u.Pos[l]), "%s level %d pos", c.ID, l)
			assert.Equal(t, want.Crd, indexValues(u.Crd[l]), "%s level %d crd", c.ID, l)
		}
	}
}

// TestNewFromFormatRefusals: bad storage is refused naming the array, the
// index and the rule; the inputs are untouched.
func TestNewFromFormatRefusals(t *testing.T) {
	csrLike := format.Format{Dims: []string{"i", "j"}, Levels: []format.Level{
		{Expr: format.Expr{A: "j"}, Kind: format.Dense}, {Expr: format.Expr{A: "i"}, Kind: format.Compressed}}}
	dia := format.DIAI()
	i64 := func(v ...int64) Array { return Int64Array(v) }
	none := Array{}
	for _, c := range []struct {
		name      string
		f         format.Format
		shape     []int64
		pos, crd  []Array
		vals      Array
		code      Code
		substring string
	}{
		{"decreasing pos", csrLike, []int64{3, 2}, []Array{none, i64(0, 2, 1)}, []Array{none, i64(0, 1)}, Float64Array([]float64{1, 2}), ErrInvalidArgument, "pos[1][1] = 2 > pos[1][2] = 1: must not decrease"},
		{"short pos", csrLike, []int64{3, 2}, []Array{none, i64(0, 2)}, []Array{none, i64(0, 1)}, Float64Array([]float64{1, 2}), ErrInvalidArgument, "pos[1] has 2 entries"},
		{"crd out of range", csrLike, []int64{3, 2}, []Array{none, i64(0, 1, 2)}, []Array{none, i64(0, 3)}, Float64Array([]float64{1, 2}), ErrIndex, "crd[1][1] = 3 is outside"},
		{"unsorted crd", csrLike, []int64{3, 2}, []Array{none, i64(0, 2, 2)}, []Array{none, i64(2, 0)}, Float64Array([]float64{1, 2}), ErrInvalidArgument, "crd[1][0] = 2, crd[1][1] = 0: must increase"},
		{"values count", csrLike, []int64{3, 2}, []Array{none, i64(0, 1, 2)}, []Array{none, i64(0, 1)}, Float64Array([]float64{1}), ErrInvalidArgument, "values has 1 elements; the storage has 2"},
		{"dense level with crd", csrLike, []int64{3, 2}, []Array{none, i64(0, 1, 2)}, []Array{i64(1), i64(0, 1)}, Float64Array([]float64{1, 2}), ErrInvalidArgument, "crd[0]: a dense level stores no such array"},
		{"diagonal out of range", dia, []int64{2, 2}, []Array{i64(0, 1), none}, []Array{i64(2), none}, Float64Array([]float64{1, 2}), ErrIndex, "crd[0][0] = 2 is outside level 0's coordinates -1..1"},
		{"last pos", dia, []int64{2, 2}, []Array{i64(0, 2), none}, []Array{i64(0), none}, Float64Array([]float64{1, 2}), ErrInvalidArgument, "the last pos must equal the length of crd[0], 1"},
		{"float pos", dia, []int64{2, 2}, []Array{Float64Array([]float64{0, 1}), none}, []Array{i64(0), none}, Float64Array([]float64{1, 2}), ErrDType, "pos[0]: expected int32 or int64"},
		{"shape", dia, []int64{2}, []Array{i64(0, 1), none}, []Array{i64(0), none}, Float64Array([]float64{1, 2}), ErrInvalidArgument, "size has 1 dimensions"},
	} {
		before := append([]byte(nil), c.pos[len(c.pos)-1].Data...)
		_, err := NewFromFormat(c.f, c.shape, c.pos, c.crd, c.vals)
		require.Error(t, err, c.name)
		assert.Equal(t, c.code, CodeOf(err), "%s: %v", c.name, err)
		assert.Contains(t, err.Error(), c.substring, c.name)
		assert.Equal(t, before, c.pos[len(c.pos)-1].Data, c.name)
	}
	_, err := NewFromFormat(format.Format{Dims: []string{"i", "j"}, Levels: []format.Level{{Expr: format.Expr{A: "i"}, Kind: format.Range}}}, []int64{2, 2}, nil, nil, Float64Array(nil))
	assert.Equal(t, ErrInvalidArgument, CodeOf(err))
}
