package tensor

import (
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
)

// TestCustomAccessorsKeepNothing: the accessors of the named layouts' fields
// answer a custom-format tensor with a COO tensor made for the call (Named)
// and keep none of it: its layout fields stay empty, its StorageBytes stays
// its storage, and two calls give two arrays. The storage struct's fields
// are listed so that a kept form added to it fails here too (its element
// count and the named layout its last relabel is are numbers, no form).
func TestCustomAccessorsKeepNothing(t *testing.T) {
	pos := []dtype.Array{dtype.Int64Array([]int64{0, 3}), {}}
	crd := []dtype.Array{dtype.Int64Array([]int64{-1, 0, 1}), {}}
	vals := dtype.Float64Array([]float64{0, 3, 6, 1, 4, 7, 2, 5, 0})
	c, err := CheckUST(format.DIAI(), []int64{3, 3}, pos, crd, vals, false)
	require.NoError(t, err)
	dia, custom := c.Custom()
	require.True(t, custom)
	storage := StorageBytes(dia)
	require.Equal(t, int64(2*8+3*8+9*8), storage)
	ref, err := Named(dia)
	require.NoError(t, err)

	require.Equal(t, ref.values.Data, dia.Values().Data)
	require.Equal(t, ref.indices.Data, dia.Indices().Data)
	require.Len(t, dia.Levels(), len(ref.levels))
	for _, c := range []Comp{CompValues, CompRawValues, CompIndices, CompRawIndices} {
		a, err := Component(dia, c)
		require.NoError(t, err)
		require.NotEmpty(t, a.Data)
	}
	require.Equal(t, int64(7), dia.NNZ())
	require.Equal(t, 64, dia.IndexWidth(), "its storage's int64 arrays")

	require.Nil(t, dia.levels, "an accessor kept levels in the tensor")
	require.Nil(t, dia.values.Data, "an accessor kept values in the tensor")
	require.Nil(t, dia.indices.Data, "an accessor kept indices in the tensor")
	require.Equal(t, storage, StorageBytes(dia))
	require.Len(t, dia.AppendStorage(nil), 2*2+1, "the pos and crd of each level and the values")
	a, b := dia.Values(), dia.Values()
	require.NotSame(t, &a.Data[0], &b.Data[0], "two calls share one kept array")

	var fields []string // the embedded UST's fields in its place
	for f := range reflect.TypeFor[ustStore]().Fields() {
		if !f.Anonymous {
			fields = append(fields, f.Name)
			continue
		}
		for g := range f.Type.Fields() {
			fields = append(fields, g.Name)
		}
	}
	require.True(t, slices.Equal([]string{"owner", "Format", "LevelSizes", "Pos", "Crd", "Values", "count", "relabel"}, fields),
		"ustStore's fields changed (%v): a custom tensor holds its storage, its element count and its last relabel's named-layout answer only", fields)
}
