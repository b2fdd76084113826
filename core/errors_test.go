package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Shapes and dim lists in messages read as the bindings' users write them.
func TestErrorfFormatsShapesWithCommas(t *testing.T) {
	e := Errorf(ErrInvalidArgument, "size %v, dims %v, empty %v, one %v, hex %x", []int64{5, 4}, []int{0, -1}, []int64{}, []int64{7}, []int64{10, 255})
	require.Equal(t, "size [5, 4], dims [0, -1], empty [], one [7], hex [a ff]", e.Error())

	// What users see: a refused product names both sizes so.
	a, err := NewStrided(NewArray(Float64, []int64{5, 4}))
	require.NoError(t, err)
	out, err := NewStrided(NewArray(Float64, []int64{4, 4}))
	require.NoError(t, err)
	require.ErrorContains(t, MmOut(a, square(t, 4), out), "out has size [4, 4], the result has size [5, 4]")
}

func square(t *testing.T, n int64) *Tensor {
	t.Helper()
	x, err := NewStrided(NewArray(Float64, []int64{n, n}))
	require.NoError(t, err)
	return x
}
