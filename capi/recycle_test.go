package main

import (
	"testing"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// recycleRows makes products whose result, 2 MB of float64, is above
// memory.RecycleMinBytes.
const recycleRows = 1 << 18

// bigResult returns a fresh product of recycleRows float64 values, the
// kind of result recycling is for.
func bigResult(t *testing.T) *tensor.Tensor { return productOf(t, recycleRows) }

// productOf returns a fresh product (an SpMV) of rows float64 values.
func productOf(t *testing.T, rows int64) *tensor.Tensor {
	t.Helper()
	ptr := dtype.NewArray(dtype.Int32, []int64{rows + 1})
	p := dtype.AsSlice[int32](ptr)
	for i := range p {
		p[i] = int32(i)
	}
	vals := dtype.NewArray(dtype.Float64, []int64{rows})
	for i, v := 0, dtype.AsSlice[float64](vals); i < len(v); i++ {
		v[i] = float64(i)
	}
	a, err := tensor.NewCompressed(tensor.CSR, ptr, dtype.NewArray(dtype.Int32, []int64{rows}), vals,
		[]int64{rows, 1}, tensor.BuildOptions{})
	require.NoError(t, err)
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{2}))
	require.NoError(t, err)
	r, err := linalg.Mv(a, x)
	require.NoError(t, err)
	return r
}

// requireNotReused checks that the next result of r's size does not land in
// r's buffer: something still uses it.
func requireNotReused(t *testing.T, r *tensor.Tensor, msg string) {
	t.Helper()
	require.NotEqual(t, valuesAddr(r), valuesAddr(bigResult(t)), msg)
}

func valuesAddr(t *tensor.Tensor) uintptr {
	v := t.Values()
	return uintptr(unsafe.Pointer(unsafe.SliceData(v.Data)))
}

func TestFreeRecyclesAnUnsharedResult(t *testing.T) {
	r := bigResult(t)
	h, err := newTensorHandle(r, nil)
	require.NoError(t, err)
	require.Zero(t, gsgo_tensor_free(&h))
	require.Equal(t, valuesAddr(r), valuesAddr(bigResult(t)), "the next result of the size reuses the buffer")
}

func TestFreeKeepsWhatAnotherTensorUses(t *testing.T) {
	r := bigResult(t)
	want := r.Values()
	want.Data = append([]byte(nil), want.Data...)
	check := func(msg string) {
		got := r.Values()
		require.Equal(t, want.Data, got.Data, msg)
	}

	// The same tensor behind a second handle.
	h1, err := newTensorHandle(r, nil)
	require.NoError(t, err)
	h2, err := newTensorHandle(r, nil)
	require.NoError(t, err)
	require.Zero(t, gsgo_tensor_free(&h1))
	requireNotReused(t, r, "a second handle still uses it")
	check("after the first free")

	// A view of a few of its elements.
	v := r.Values()
	view, err := tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{2}, Data: v.Data[800:816]})
	require.NoError(t, err)
	hv, err := newTensorHandle(view, nil)
	require.NoError(t, err)
	require.Zero(t, gsgo_tensor_free(&h2))
	requireNotReused(t, r, "a view still uses it")
	check("after the second free")
	require.Zero(t, gsgo_tensor_free(&hv))
}

// A free scans the live tensors only while the scan costs less than the
// page faults it saves: up to recycleScanPerPage tensors per page offered.
// A one-page result is recycled with a few other tensors live, and not
// with more than that.
func TestFreeScansInProportionToThePages(t *testing.T) {
	onePage := func() *tensor.Tensor { return productOf(t, 4096/8) }
	freeAndRetake := func() bool {
		r := onePage()
		h, err := newTensorHandle(r, nil)
		require.NoError(t, err)
		require.Zero(t, gsgo_tensor_free(&h))
		return valuesAddr(r) == valuesAddr(onePage())
	}
	require.True(t, freeAndRetake(), "few live tensors: recycled")
	var frees []func()
	defer func() {
		for _, free := range frees {
			free()
		}
	}()
	for tensors.count() <= recycleScanPerPage {
		x, err := tensor.NewStrided(dtype.Float64Array([]float64{1}))
		require.NoError(t, err)
		h, err := newTensorHandle(x, nil)
		require.NoError(t, err)
		frees = append(frees, func() { require.Zero(t, gsgo_tensor_free(&h)) })
	}
	require.False(t, freeAndRetake(), "more live tensors than a page's worth of scanning: not recycled")
}

func TestFreeKeepsLentStorage(t *testing.T) {
	r := bigResult(t)
	h, err := newTensorHandle(r, nil)
	require.NoError(t, err)
	th := tensors.get(uint64(uintptr(unsafe.Pointer(h))))
	require.NotNil(t, th)
	_, err = th.lend(lendKey{comp: 0, level: -1}, func() (dtype.Array, error) { return r.Values(), nil })
	require.NoError(t, err)
	require.Zero(t, gsgo_tensor_free(&h))
	requireNotReused(t, r, "C may still read what was lent")
}
