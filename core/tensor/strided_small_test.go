package tensor

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// A small strided result is one allocation: its tensor, fill, shape and
// data together; a larger one (data, dims or element) is NewStridedOwned's
// (data, shape, tensor).
func TestNewStridedUninitAllocs(t *testing.T) {
	cases := []struct {
		d      dtype.DType
		shape  []int64
		allocs float64
	}{
		{dtype.Float64, []int64{8, 8}, 1},
		{dtype.Complex128, []int64{8, 8}, 1},    // 1 KiB: the largest inline
		{dtype.Float64, nil, 1},                 // a 0-d sum
		{dtype.Bool, []int64{3}, 1},             // a comparison
		{dtype.Float64, []int64{2, 1, 1, 3}, 2}, // 4 dims: and its levels (shared up to 2 dims)
		{dtype.Float64, []int64{0, 5}, 1},
		{dtype.Float64, []int64{129}, 3}, // 1032 bytes: data, shape, tensor
		{dtype.Float64, []int64{1, 1, 1, 1, 2}, 4},
	}
	for _, c := range cases {
		got := testing.AllocsPerRun(100, func() { NewStridedUninit(c.d, c.shape) })
		require.Equal(t, c.allocs, got, "%s %v", c.d, c.shape)
	}
}

// Its parts: the tensor reads as NewStridedOwned's over the same data, the
// shape is its own copy (nil for 0-d, as before), the data and fill have
// exactly their lengths as capacity and are 8-byte aligned, the fill is
// zero, and two results share nothing but their levels.
func TestNewStridedUninitParts(t *testing.T) {
	for _, c := range []struct {
		d     dtype.DType
		shape []int64
	}{{dtype.Float64, []int64{8, 8}}, {dtype.Complex128, []int64{8, 8}}, {dtype.Float32, []int64{3}},
		{dtype.Int64, nil}, {dtype.Float64, []int64{40, 40}}, {dtype.Int32, []int64{2, 0}}} {
		shape := append([]int64(nil), c.shape...)
		r, data, fill := NewStridedUninit(c.d, shape)
		n := int(dtype.NumelOf(c.shape)) * c.d.Size()
		require.Len(t, data, n)
		require.Equal(t, n, cap(data))
		require.Len(t, fill, c.d.Size())
		require.Equal(t, c.d.Size(), cap(fill))
		require.Equal(t, make([]byte, c.d.Size()), fill)
		if n > 0 {
			require.Zero(t, uintptr(unsafe.Pointer(&data[0]))%8, "aligned")
		}
		for i := range data {
			data[i] = byte(i)
		}
		require.Equal(t, Strided, r.Layout())
		require.Equal(t, c.d, r.DType())
		require.Equal(t, c.shape, r.Dims())
		require.Equal(t, c.shape == nil, r.Dims() == nil)
		require.Equal(t, data, r.Values().Data)
		require.Equal(t, c.shape, r.Values().Shape)
		require.NoError(t, Validate(r))
		want := NewStridedOwned(c.d, append([]int64(nil), c.shape...), append([]byte{}, data...))
		require.Equal(t, want.Levels(), r.Levels())
		require.Equal(t, want.FillElem(), r.FillElem())
		if len(shape) > 0 {
			shape[0]++ // the caller's shape is copied
			require.Equal(t, c.shape, r.Dims())
		}
		other, data2, _ := NewStridedUninit(c.d, c.shape)
		if n > 0 {
			data2[0] = 0xEE
			require.NotEqual(t, byte(0xEE), r.Values().Data[0])
		}
		require.Equal(t, c.shape, other.Dims())
	}
}
