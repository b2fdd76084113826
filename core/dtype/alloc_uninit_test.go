package dtype

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUninitArrayShape(t *testing.T) {
	a := UninitArray(Complex128, []int64{3, 5})
	require.Equal(t, []int64{3, 5}, a.Shape)
	require.Len(t, a.Data, 3*5*16)
	require.Len(t, AsSlice[complex128](a), 15)
}

// TestCopyArrayOwnsEveryByte checks that the copy, made in memory that is
// not zeroed (poisoned by TestMain), holds src and shares nothing.
func TestCopyArrayOwnsEveryByte(t *testing.T) {
	src := Float64Array([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
	c := CopyArray(src)
	require.Equal(t, src, c)
	src.Data[0], src.Shape[0] = 0xAA, 7
	require.Equal(t, []float64{1, 2, 3, 4, 5, 6}, AsSlice[float64](c))
	require.Equal(t, []int64{2, 3}, c.Shape)
	require.Equal(t, []byte{}, CopyArray(Float64Array(nil)).Data)
}
