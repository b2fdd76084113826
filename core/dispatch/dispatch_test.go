package dispatch

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// coo is the 3 x 4 COO matrix with entries (0,1)=1.5, (2,3)=-2.
func coo(t *testing.T) *tensor.Tensor {
	t.Helper()
	x, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 2, 1, 3}, 2, 2), dtype.Float64Array([]float64{1.5, -2}),
		[]int64{3, 4}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	return x
}

// leaf is coo as an operand that requires a gradient.
func leaf(t *testing.T) Value {
	t.Helper()
	x := coo(t)
	v, err := autograd.Leaf(x, true)
	require.NoError(t, err)
	return Value{Arg: "t", Host: x, Var: v}
}

// A call records a node with a backward formula exactly when an operand
// requires a gradient and grad mode is on; the backward then reaches the leaf.
func TestRecordsWhenGradRequiredAndEnabled(t *testing.T) {
	on, off := Dispatcher{}, Dispatcher{GradEnabled: func() bool { return false }}
	x := leaf(t)

	r, err := on.Unary("sin", x, ops.UnaryArgs{})
	require.NoError(t, err)
	require.True(t, r.Saves)
	require.Equal(t, "SinBackward0", r.Var.Fn().Name())
	s, err := on.Sum(Value{Host: r.Host, Var: r.Var}, nil)
	require.NoError(t, err)
	require.NoError(t, autograd.Backward(s.Var, nil, false))
	require.NotNil(t, x.Var.Grad())

	r, err = off.Unary("sin", x, ops.UnaryArgs{})
	require.NoError(t, err)
	require.False(t, r.Saves)
	require.Nil(t, r.Var)

	r, err = on.Binary("add", Host("a", coo(t)), Host("b", coo(t)), ops.BinaryArgs{})
	require.NoError(t, err)
	require.Nil(t, r.Var, "no operand requires a gradient")

	r, err = on.BinaryNumber("mul", x, dtype.FloatNumber(2), false, ops.BinaryArgs{})
	require.NoError(t, err)
	require.True(t, r.Saves)
}

// An operator without a backward formula gives, when the call records, a
// node that refuses at backward naming the operator; WithHost makes it again
// on a copy.
func TestPlainResultRefusesAtBackward(t *testing.T) {
	x := leaf(t)
	l := tensor.CSR
	r, err := Dispatcher{}.Unary("sin", x, ops.UnaryArgs{Out: ops.Output{Layout: &l}})
	require.NoError(t, err)
	require.False(t, r.Saves)
	require.Equal(t, "sin", r.Var.Fn().Name())

	c := tensor.Clone(r.Host)
	w := r.WithHost(c)
	require.Same(t, c, w.Host)
	require.Same(t, c, w.Var.Tensor())
	require.Equal(t, "sin", w.Var.Fn().Name())
	s, err := Dispatcher{}.Sum(Value{Host: w.Host, Var: w.Var}, nil)
	require.NoError(t, err)
	err = autograd.Backward(s.Var, nil, false)
	require.Error(t, err)
	require.Contains(t, err.Error(), "sin")
}

// Each operator takes the fill kinds it supports and refuses the others
// by the operand's name.
func TestFillKindsPerOperator(t *testing.T) {
	var d Dispatcher
	u, err := tensor.WithUndefinedFill(coo(t))
	require.NoError(t, err)
	und := Host("t", u)

	_, err = d.Sum(und, nil)
	require.NoError(t, err)
	_, err = d.Transpose(und, 0, 1)
	require.NoError(t, err)
	_, err = d.Unary("neg", und, ops.UnaryArgs{})
	require.NoError(t, err)
	_, err = d.Reshape(und, []int64{12})
	require.Equal(t, errs.ErrUnsupported, errs.CodeOf(err))
	require.Contains(t, err.Error(), "t has an undefined fill value")
	_, err = d.Cat([]Value{Host("tensors[0]", coo(t)), Host("tensors[1]", u)}, 0)
	require.Contains(t, err.Error(), "tensors[1] has an undefined fill value")

	x, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 2}, 1, 2), dtype.Float64Array([]float64{1, 2, 3, 4}, 2, 2),
		[]int64{3, 2}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	p, err := tensor.WithSlotFill(x, dtype.Float64Array([]float64{5, 6}, 2))
	require.NoError(t, err)
	slots := Host("a", p)
	_, err = d.Binary("add", slots, slots, ops.BinaryArgs{})
	require.NoError(t, err)
	_, err = d.Sum(slots, nil)
	require.Contains(t, err.Error(), "a has a per-slot fill value")
}

// A device operand runs on the device or is refused there, never copied:
// an operator without a GPU path and a host/device mix name the operand.
func TestDeviceOperandsAreNeverMoved(t *testing.T) {
	var d Dispatcher
	dev := Value{Arg: "b", Dev: new(device.Tensor)}
	_, err := d.Binary("add", Host("a", coo(t)), dev, ops.BinaryArgs{})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "a is on the CPU and b on a CUDA device")
	_, err = d.Softmax(dev, 0, false)
	require.Equal(t, errs.ErrUnsupported, errs.CodeOf(err))
	require.Contains(t, err.Error(), "softmax has no GPU path")
	_, err = d.Cat([]Value{Host("tensors[0]", coo(t)), dev}, 0)
	require.Contains(t, err.Error(), "b is")
}
