package ops

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestIntegerNumberWrapsToTheComputeDType: an integer number outside a
// narrower integer tensor's dtype is converted to it first, as torch 2.15
// does (the expected values are torch's): uint8 [0, 250, 7] < -3 compares
// with 253, // 300 divides by 44; int32 maximum with 2**40+3 takes 3; a
// number that wraps to 0 divides by zero.
func TestIntegerNumberWrapsToTheComputeDType(t *testing.T) {
	num := func(v int64) Operand { return NumberOperand(dtype.IntNumber(v)) }
	run := func(x *tensor.Tensor, name string, n int64, numberFirst bool) (*tensor.Tensor, error) {
		a, b := TensorOperand(x), num(n)
		if numberFirst {
			a, b = b, a
		}
		r, err := BinaryByName(name, a, b, BinaryArgs{})
		if err != nil {
			return nil, err
		}
		return convert.ToDense(r)
	}
	mk := func(d dtype.DType, l tensor.Layout, v ...float64) *tensor.Tensor {
		x, err := convert.ToDType(tensortest.MustDense(t, v, int64(len(v))), d)
		require.NoError(t, err)
		x, err = convert.ToLayout(x, l, tensor.DefaultConvert())
		require.NoError(t, err)
		return x
	}
	for _, l := range []tensor.Layout{tensor.Strided, tensor.COO} {
		u := mk(dtype.UInt8, l, 0, 250, 7)
		r, err := run(u, "lt", -3, false)
		require.NoError(t, err)
		require.Equal(t, []bool{true, true, true}, dtype.AsSlice[bool](r.Values()))
		r, err = run(u, "floor_divide", 300, false)
		require.NoError(t, err)
		require.Equal(t, []uint8{0, 5, 0}, dtype.AsSlice[uint8](r.Values()))
		r, err = run(u, "add", -3, false)
		require.NoError(t, err)
		require.Equal(t, []uint8{253, 247, 4}, dtype.AsSlice[uint8](r.Values()))
		_, err = run(u, "floor_divide", 256, false)
		require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
		i := mk(dtype.Int8, l, 100, -100, 5)
		r, err = run(i, "floor_divide", 300, false)
		require.NoError(t, err)
		require.Equal(t, []int8{2, -3, 0}, dtype.AsSlice[int8](r.Values()))
		r, err = run(i, "gt", -200, true) // -200 > i: 56 > i
		require.NoError(t, err)
		require.Equal(t, []bool{false, true, true}, dtype.AsSlice[bool](r.Values()))
		w := mk(dtype.Int32, l, 1, -5, 7)
		r, err = run(w, "maximum", 1<<40+3, false)
		require.NoError(t, err)
		require.Equal(t, []int32{3, 3, 7}, dtype.AsSlice[int32](r.Values()))
	}
}
