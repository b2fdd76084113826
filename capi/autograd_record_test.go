package main

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestFreeKeepsWhatAGraphSaved frees the handle of a tensor that a recorded
// node saved: its storage must not serve the next result until the graph
// is freed by a backward.
func TestFreeKeepsWhatAGraphSaved(t *testing.T) {
	r := bigResult(t)
	hr, err := newTensorHandle(r, nil)
	require.NoError(t, err)
	s, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{recycleRows}))
	require.NoError(t, err)
	leaf, err := autograd.Leaf(s, true)
	require.NoError(t, err)
	// r * s: the backward for s reads r.
	v, err := autograd.Mul(autograd.Constant(r), leaf)
	require.NoError(t, err)
	keepSaved(v.Fn(), v.Tensor(), []*tensorHandle{tensors.get(uint64(uintptr(unsafe.Pointer(hr))))})
	require.Zero(t, gsgo_tensor_free(&hr))
	requireNotReused(t, r, "a graph saved it")

	seed, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{recycleRows}))
	require.NoError(t, err)
	require.NoError(t, autograd.Backward(v, seed, false))
	saved.Lock()
	defer saved.Unlock()
	require.Empty(t, saved.n, "the backward freed the graph and what it held")
}
