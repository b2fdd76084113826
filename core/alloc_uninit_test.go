package core

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUninitArrayShape(t *testing.T) {
	a := uninitArray(Complex128, []int64{3, 5})
	require.Equal(t, []int64{3, 5}, a.Shape)
	require.Len(t, a.Data, 3*5*16)
	require.Len(t, AsSlice[complex128](a), 15)
}
