package tensor_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// slotHybrid is a (4, 4, 2) COO tensor with one dense dim, a duplicate entry
// at (1, 2) and the per-slot fill [7, -1], and its dense reference.
func slotHybrid(t *testing.T) (*tensor.Tensor, []float64) {
	idx := dtype.Int64Array([]int64{1, 0, 3, 1, 2, 0, 3, 2}, 2, 4)
	vals := dtype.Float64Array([]float64{1, 2, 3, 4, 5, 6, 10, 20}, 4, 2)
	coo, err := tensor.NewCOO(idx, vals, []int64{4, 4, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	s, err := tensor.WithSlotFill(coo, dtype.Float64Array([]float64{7, -1}, 2))
	require.NoError(t, err)
	require.True(t, s.PerSlotFill())
	want := make([]float64, 32)
	for i := 0; i < 16; i++ {
		want[2*i], want[2*i+1] = 7, -1
	}
	put := func(r, c int, a, b float64) { want[(r*4+c)*2], want[(r*4+c)*2+1] = a, b }
	put(1, 2, 11, 22) // (1, 2) twice: 1+10, 2+20
	put(0, 0, 3, 4)
	put(3, 3, 5, 6)
	return s, want
}

// dense returns the float64 elements of to_dense(x).
func dense(t *testing.T, x *tensor.Tensor) []float64 {
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	return dtype.AsSlice[float64](d.Values())
}

// TestSlotFillToDenseAndConversions: every conversion keeping the dense dim
// carries the per-slot fill (block padding included) and densifies to the reference.
func TestSlotFillToDenseAndConversions(t *testing.T) {
	s, want := slotHybrid(t)
	require.Equal(t, want, dense(t, s))
	c, err := convert.Coalesce(s)
	require.NoError(t, err)
	require.True(t, c.PerSlotFill())
	require.Equal(t, want, dense(t, c))
	require.Equal(t, want, dense(t, tensor.Clone(s)))
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC} {
		for _, src := range []*tensor.Tensor{s, c} {
			opt := tensor.DefaultConvert()
			opt.BlockSize = [2]int64{2, 2}
			y, err := convert.ToLayout(src, l, opt)
			require.NoError(t, err, "%s", l)
			require.True(t, y.PerSlotFill(), "%s keeps the per-slot fill", l)
			require.Equal(t, []float64{7, -1}, dtype.AsSlice[float64](y.SlotFill()), "%s", l)
			require.Equal(t, want, dense(t, y), "%s", l)
			back, err := convert.ToLayout(y, tensor.COO, tensor.DefaultConvert())
			require.NoError(t, err, "%s -> COO", l)
			require.Equal(t, want, dense(t, back), "%s -> COO", l)
			eq, err := convert.Equal(y, s)
			require.NoError(t, err)
			require.True(t, eq, "%s equals its source", l)
		}
	}
	f32, err := convert.ToDType(s, dtype.Float32)
	require.NoError(t, err)
	require.Equal(t, []float32{7, -1}, dtype.AsSlice[float32](f32.SlotFill()))
	d32, err := convert.ToDense(f32)
	require.NoError(t, err)
	for i, v := range dtype.AsSlice[float32](d32.Values()) {
		require.Equal(t, float32(want[i]), v)
	}
	require.Contains(t, s.String(), "fill_value=")
}

// TestSlotFillRefusals: nothing reads a per-slot fill as one scalar; a
// conversion that changes the dense dims refuses; an all-equal array is the scalar fill.
func TestSlotFillRefusals(t *testing.T) {
	s, want := slotHybrid(t)
	require.Panics(t, func() { dtype.LoadScalar(s.DType(), s.FillElem()) })
	require.Panics(t, func() { s.FillElem() })
	_, err := convert.ToLayout(s, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.Equal(t, errs.ErrUnsupported, errs.CodeOf(err))
	other, err := tensor.WithSlotFill(s, dtype.Float64Array([]float64{7, -2}, 2))
	require.NoError(t, err)
	eq, err := convert.Equal(s, other)
	require.NoError(t, err)
	require.False(t, eq, "fills differ in slot 1")
	scalar, err := tensor.WithSlotFill(s, dtype.Float64Array([]float64{3, 3}, 2))
	require.NoError(t, err)
	require.False(t, scalar.PerSlotFill())
	require.Equal(t, 3.0, dtype.LoadScalar(scalar.DType(), scalar.FillElem()).Re())
	back, err := tensor.WithFill(s, tensor.ScalarBytes(dtype.Float64, dtype.Real(0)))
	require.NoError(t, err)
	require.False(t, back.PerSlotFill())
	_, err = tensor.WithSlotFill(s, dtype.Float64Array([]float64{1, 2, 3}, 3))
	require.Error(t, err, "shape must be the dense dims'")
	_, err = tensor.WithSlotFill(s, dtype.Int64Array([]int64{1, 2}, 2))
	require.Error(t, err, "dtype must be the tensor's")
	require.Equal(t, want, dense(t, s), "s is untouched")
}
