package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// TestWalkDIAMatchesWalk: for every DIA-I and DIA-J case of formats.json
// (fills 0 and 2.5) and the 900-row Laplacian in both, walkDIA serves the
// storage and visits the elements ustorage.Walk visits, coordinates and
// slots, in its order; other formats are left to ustorage.Walk.
func TestWalkDIAMatchesWalk(t *testing.T) {
	type visit struct{ i, j, p int64 }
	list := func(fn func(func(dim []int64, p int64))) []visit {
		var out []visit
		fn(func(dim []int64, p int64) { out = append(out, visit{dim[0], dim[1], p}) })
		return out
	}
	var mats []*tensor.Tensor
	for _, c := range customCases(t, dtype.Float64) {
		g := tensor.PositionalNames(c.f)
		if g.Equal(format.DIAI()) || g.Equal(format.DIAJ()) {
			mats = append(mats, c.a)
		} else if u, err := c.a.USTStorage(); err == nil {
			require.False(t, walkDIA(c.a, u, func([]int64, int64) {}), c.id)
		}
	}
	for _, f := range []format.Format{format.DIAI(), format.DIAJ()} {
		x, err := convert.ToFormat(benchLaplacian(t, 30, tensor.CSR), f)
		require.NoError(t, err)
		mats = append(mats, x)
	}
	require.Greater(t, len(mats), 4)
	for _, a := range mats {
		u, err := a.USTStorage()
		require.NoError(t, err)
		var served bool
		got := list(func(v func([]int64, int64)) { served = walkDIA(a, u, v) })
		require.True(t, served, "%s %v", a.Format(), a.Dims())
		want := list(func(v func([]int64, int64)) {
			require.NoError(t, ustorage.Walk(tensor.LevelStructure(a.Dims(), u.Format, u.LevelSizes, u.Pos, u.Crd), u.Values.Numel(), v))
		})
		require.Equal(t, want, got, "%s %v", a.Format(), a.Dims())
	}
}
