package ops

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// floats is a strided float64 vector of xs.
func floats(t *testing.T, xs ...float64) *tensor.Tensor {
	t.Helper()
	a := dtype.NewArray(dtype.Float64, []int64{int64(len(xs))})
	for i, v := range xs {
		a.SetComplex(int64(i), dtype.Complex128Scalar(complex(v, 0)))
	}
	return mustStrided(t, a)
}

// requireBits checks r's dense values against want bit for bit (any NaN for NaN).
func requireBits(t *testing.T, r *tensor.Tensor, want []float64, msg string) {
	t.Helper()
	d, err := convert.ToDense(r)
	require.NoError(t, err, msg)
	for i, w := range want {
		got := d.Values().Complex(int64(i)).Re()
		if math.IsNaN(w) {
			assert.True(t, math.IsNaN(got), "%s [%d] = %v, want NaN", msg, i, got)
			continue
		}
		assert.Equal(t, math.Float64bits(w), math.Float64bits(got), "%s [%d] = %v, want %v", msg, i, got, w)
	}
}

// TestRemainderFmodAtan2ReciprocalFracAsTorch: the values torch 2.15 gives for
// special operands (signed zeros, infinities, NaN, a zero divisor), on a
// strided vector and its COO form (whose unspecified elements take the fill
// op(0, 0)); integer divisors of 0 are refused as torch's ZeroDivisionError.
func TestRemainderFmodAtan2ReciprocalFracAsTorch(t *testing.T) {
	inf, nan, nz := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	x := []float64{5, -5, 0, nz, 3, inf, -inf, nan, 5.5, -5.5, 0, 7, 6, -6}
	y := []float64{3, 3, 3, -3, 0, 2, 2, 1, inf, inf, -3, nz, -3, 3}
	want := map[string][]float64{ // torch.remainder / torch.fmod / torch.atan2 of x, y
		"remainder": {2, 1, 0, nz, nan, nan, nan, nan, 5.5, inf, 0, nan, 0, nz},
		"fmod":      {2, -2, 0, nz, nan, nan, nan, nan, 5.5, -5.5, 0, nan, 0, nz},
		"atan2": {math.Atan2(5, 3), math.Atan2(-5, 3), 0, -math.Pi, math.Pi / 2, math.Pi / 2, -math.Pi / 2, nan,
			0, nz, math.Pi, math.Pi / 2, math.Atan2(6, -3), math.Atan2(-6, 3)},
	}
	xt, yt := floats(t, x...), floats(t, y...)
	for op, w := range want {
		r, err := BinaryByName(op, TensorOperand(xt), TensorOperand(yt), BinaryArgs{})
		require.NoError(t, err, op)
		requireBits(t, r, w, op)
		xc, err := convert.ToLayout(xt, tensor.COO, tensor.ConvertOptions{SparseDim: -1})
		require.NoError(t, err, op)
		r, err = BinaryByName(op, TensorOperand(xc), TensorOperand(yt), BinaryArgs{})
		require.NoError(t, err, op)
		wc := append([]float64(nil), w...)
		wc[3] = map[string]float64{"remainder": 0, "fmod": 0, "atan2": math.Pi}[op] // COO stores no -0: +0 op -3
		requireBits(t, r, wc, op+" coo")
	}
	r, err := UnaryByName("reciprocal", floats(t, 0, nz, inf, -inf, nan, 4), UnaryArgs{})
	require.NoError(t, err)
	requireBits(t, r, []float64{inf, -inf, 0, nz, nan, 0.25}, "reciprocal")
	r, err = UnaryByName("frac", floats(t, -2.5, -3, nz, inf, nan, 2.75), UnaryArgs{})
	require.NoError(t, err)
	requireBits(t, r, []float64{-0.5, 0, 0, nan, nan, 0.75}, "frac")

	ints := dtype.NewArray(dtype.Int64, []int64{4})
	for i, v := range []int64{7, -7, 7, -7} {
		ints.SetComplex(int64(i), dtype.IntScalar(v))
	}
	it := mustStrided(t, ints)
	for op, w := range map[string][]int64{"remainder": {1, 2, -2, -1}, "fmod": {1, -1, 1, -1}} {
		for i, n := range []int64{3, 3, -3, -3} {
			r, err := BinaryByName(op, TensorOperand(it), NumberOperand(dtype.IntNumber(n)), BinaryArgs{})
			require.NoError(t, err, op)
			assert.Equal(t, w[i], r.Values().Complex(int64(i)).Int(), "%s %d", op, i)
		}
		_, err := BinaryByName(op, TensorOperand(it), NumberOperand(dtype.IntNumber(0)), BinaryArgs{})
		require.Error(t, err, op)
		require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err), op)
		assert.Contains(t, err.Error(), "ZeroDivisionError")
		_, err = BinaryByName(op, TensorOperand(it), TensorOperand(it), BinaryArgs{}) // no zero: fine
		require.NoError(t, err, op)
	}
	for _, op := range []string{"remainder", "fmod"} {
		b := dtype.NewArray(dtype.Bool, []int64{2})
		bt := mustStrided(t, b)
		_, err := BinaryByName(op, TensorOperand(bt), TensorOperand(bt), BinaryArgs{})
		require.Error(t, err, op)
		require.Equal(t, errs.ErrDType, errs.CodeOf(err), op)
	}
	_, err = UnaryByName("frac", it, UnaryArgs{})
	require.Error(t, err)
	require.Equal(t, errs.ErrDType, errs.CodeOf(err))
	r, err = BinaryByName("atan2", TensorOperand(it), TensorOperand(it), BinaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, dtype.Float32, r.DType()) // integers give float32, as torch's
}
