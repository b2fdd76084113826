package main

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// carray mirrors gosparse.h's gs_array, its data pointer held as an integer
// (a test file cannot name C types, and a Go pointer must not hold 0x4).
type carray struct {
	data        uintptr
	dtype, ndim int32
	shape       [16]int64
}

// readWith calls a reader of one caller array (readArray, viewToCopy) on c.
func readWith[A, R any](f func(string, A) (R, error), c *carray) (R, error) {
	return f("a", as[A](unsafe.Pointer(c)))
}

// readLevelsWith calls readLevelArrays on the n entries at c, copying each.
func readLevelsWith[A any](f func(string, A, int, arrayFn) ([]dtype.Array, error), c *carray, n int) ([]dtype.Array, error) {
	return f("crd", as[A](unsafe.Pointer(c)), n, copyArray)
}

// TestEmptyArrayKeepsNoDataPointer: an empty caller array's data pointer is
// neither kept nor sliced. Rust's empty slices point at their alignment
// (0x4 for i32), and a Go stack frame holding that value made the runtime
// throw "invalid pointer found on stack" in readLevelArrays when the GC
// copied the stack (the Rust integration tests, once in a CI run).
func TestEmptyArrayKeepsNoDataPointer(t *testing.T) {
	c := carray{data: 4, dtype: int32(dtype.Int32), ndim: 1}
	in, err := readWith(readArray, &c)
	require.NoError(t, err)
	require.Nil(t, in.data, "an empty array's data pointer was kept")
	v, err := readWith(viewToCopy, &c)
	require.NoError(t, err)
	require.NotNil(t, v.Data)
	require.Empty(t, v.Data)

	levels := []carray{{ndim: 1}, c} // a level without the array, then an empty one
	got, err := readLevelsWith(readLevelArrays, &levels[0], len(levels))
	require.NoError(t, err)
	require.Nil(t, got[0].Data)
	require.NotNil(t, got[1].Data)
	require.Equal(t, []int64{0}, got[1].Shape)
	runtime.GC()
}
