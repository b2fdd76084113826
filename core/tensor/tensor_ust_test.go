package tensor_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestUSTStorageIsTheCustomStore: for a custom-format tensor USTStorage is
// the storage the tensor holds, itself: every call the same UST, its arrays
// the ones the tensor was wrapped over, and no allocation (the operators
// read it per call). A named layout's UST is built per call: the slices a
// caller could replace in one are not the next call's.
func TestUSTStorageIsTheCustomStore(t *testing.T) {
	pos := []dtype.Array{dtype.Int32Array([]int32{0, 3}), {}}
	crd := []dtype.Array{dtype.Int32Array([]int32{-1, 0, 1}), {}}
	vals := dtype.Float64Array([]float64{0, 3, 6, 1, 4, 7, 2, 5, 0})
	dia, err := convert.WrapFormat(format.DIAI(), []int64{3, 3}, pos, crd, vals)
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, dia.Layout())
	u, err := dia.USTStorage()
	require.NoError(t, err)
	again, err := dia.USTStorage()
	require.NoError(t, err)
	require.Same(t, u, again, "two calls, two USTs: USTStorage copies a custom tensor's storage")
	require.Same(t, &crd[0].Data[0], &u.Crd[0].Data[0], "the wrapped crd itself")
	require.Same(t, &vals.Data[0], &u.Values.Data[0], "the wrapped values themselves")
	require.True(t, u.Format.Equal(dia.Format()))
	require.Equal(t, []int64{5, 3}, u.LevelSizes)
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := dia.USTStorage(); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs, "USTStorage of a custom tensor allocates")

	csr, err := convert.ToFormat(dia, format.CSR())
	require.NoError(t, err)
	a, err := csr.USTStorage()
	require.NoError(t, err)
	b, err := csr.USTStorage()
	require.NoError(t, err)
	require.NotSame(t, a, b)
	a.Pos[1] = dtype.Array{} // a caller's own slice: the tensor's levels are not it
	require.NotNil(t, b.Pos[1].Data)
	c, err := csr.USTStorage()
	require.NoError(t, err)
	require.Equal(t, b.Pos[1], c.Pos[1])
}
