package main

import (
	"math"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// handleOf registers t and returns its handle's record.
func handleOf(t *testing.T, x *tensor.Tensor) *tensorHandle {
	h, err := newTensorHandle(x, nil)
	require.NoError(t, err)
	t.Cleanup(func() { gsgo_tensor_free(&h) })
	return tensors.get(uint64(uintptr(unsafe.Pointer(h))))
}

// TestOutUntouchedByTrustedBadIndex multiplies a GS_NO_CHECK matrix whose
// last row holds a column past the end into out: the call must fail before
// out's first rows are written (issue 20, test_untouched_on_error.c).
func TestOutUntouchedByTrustedBadIndex(t *testing.T) {
	noCheckUsed.Store(true)
	crow := dtype.Int64Array([]int64{0, 2, 3, 5, 6}, 5)
	col := dtype.Int64Array([]int64{0, 2, 1, 0, 2, 3}, 6)
	val := dtype.Float64Array([]float64{1, 2, 3, 4, 5, 6}, 6)
	bad, err := tensor.NewCompressed(tensor.CSR, crow, col, val, []int64{4, 3}, tensor.BuildOptions{NoCheck: true})
	require.NoError(t, err)
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 3}, 3))
	require.NoError(t, err)
	yArr := dtype.NewArray(dtype.Float64, []int64{4})
	y, err := tensor.NewStrided(yArr)
	require.NoError(t, err)
	ys := dtype.AsSlice[float64](yArr)
	for i := range ys {
		ys[i] = math.NaN()
	}
	hm, hx, hy := handleOf(t, bad), handleOf(t, x), handleOf(t, y)
	func() {
		defer func() { _ = recover() }() // before the fix the kernel panics midway
		err = writeOut("mat", "vec", hm, hx, hy, linalg.MvOut)
	}()
	require.Error(t, err)
	require.Contains(t, err.Error(), "mat, built with GS_NO_CHECK")
	for i, v := range ys {
		require.Truef(t, math.IsNaN(v), "out[%d] = %v was written although the call failed", i, v)
	}
}
