package memory

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

func TestUninitBytesSizeAlignmentAndPoison(t *testing.T) {
	defer PoisonUninitForTests()()
	for _, n := range []int64{0, 1, 3, 8, 12, 16, 100, 4096, 1 << 17} {
		b := UninitBytes(n)
		require.Len(t, b, int(n))
		if n == 0 {
			continue
		}
		require.Zero(t, uintptr(unsafe.Pointer(&b[0]))%8, "n=%d: 8-byte aligned", n)
		for i, v := range b {
			require.Equal(t, byte(0xFF), v, "n=%d: byte %d is poisoned under tests", n, i)
		}
	}
}

func TestUninitBytesBelowThresholdAreZeroed(t *testing.T) {
	defer func(m int64, p bool) { uninitMinBytes, uninitPoison = m, p }(uninitMinBytes, uninitPoison)
	uninitMinBytes, uninitPoison = 1<<20, true
	b := UninitBytes(1000)
	require.Equal(t, make([]byte, 1000), b)
}

func TestUninitSlice(t *testing.T) {
	defer PoisonUninitForTests()()
	require.Empty(t, UninitSlice[float64](0))
	s := UninitSlice[int32](5)
	require.Equal(t, []int32{-1, -1, -1, -1, -1}, s)
	c := UninitSlice[complex128](3)
	require.Len(t, c, 3)
}
