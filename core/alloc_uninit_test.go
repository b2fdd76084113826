package core

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

func TestUninitBytesSizeAlignmentAndPoison(t *testing.T) {
	defer func(m int64, p bool) { uninitMinBytes, uninitPoison = m, p }(uninitMinBytes, uninitPoison)
	uninitMinBytes, uninitPoison = 0, true
	for _, n := range []int64{0, 1, 3, 8, 12, 16, 100, 4096, 1 << 17} {
		b := uninitBytes(n)
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
	defer func(v int64) { uninitMinBytes = v }(uninitMinBytes)
	uninitMinBytes = 1 << 20
	b := uninitBytes(1000)
	require.Equal(t, make([]byte, 1000), b)
}

func TestUninitArrayShape(t *testing.T) {
	a := uninitArray(Complex128, []int64{3, 5})
	require.Equal(t, []int64{3, 5}, a.Shape)
	require.Len(t, a.Data, 3*5*16)
	require.Len(t, AsSlice[complex128](a), 15)
}
