package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Unary applies the element-wise op name to x (its stored values and its
// fill, per-slot and undefined fills included): on x's device when it lives
// on one (no output layout there), else on the host, recorded when the op
// has a backward formula and the call records.
func (d Dispatcher) Unary(name string, x Value, args ops.UnaryArgs) (Result, error) {
	if x.Dev != nil {
		if args.Out.Layout != nil {
			return Result{}, device.Refuse(name+" with an output layout", x.Arg, x.Dev)
		}
		return onDevice(device.Unary(name, x.Dev))
	}
	var grad func(*autograd.Var) (*autograd.Var, error)
	if autograd.HasUnaryGrad(name) && args.Out.Layout == nil {
		grad = func(v *autograd.Var) (*autograd.Var, error) { return autograd.Unary(name, v, args) }
	}
	return d.Apply(name, x, AnyFill, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.UnaryByName(name, t, args) }, grad)
}

// Binary applies the element-wise op name to a and b (any two layouts, any
// fills): on the device when both live on one, else on the host, recorded
// when the op has a backward formula and the call records.
func (d Dispatcher) Binary(name string, a, b Value, args ops.BinaryArgs) (Result, error) {
	if on, err := sameDevice(name, a, b); on {
		if err != nil {
			return Result{}, err
		}
		if args.Out.Layout != nil {
			return Result{}, device.Refuse(name+" with an output layout", a.Arg, a.Dev)
		}
		return onDevice(device.Binary(name, a.Dev, b.Dev))
	}
	// Records first: binaryGrad's closure is an allocation and a map lookup
	// that an unrecorded call (the common case) never uses.
	if d.Records(a, b) {
		if grad := binaryGrad(name, args); grad != nil {
			if err := noFillKindGrad(a, b); err != nil {
				return Result{}, err
			}
			return Recorded(grad(a.variable(), b.variable()))
		}
	}
	t, err := ops.BinaryByName(name, ops.TensorOperand(a.Host), ops.TensorOperand(b.Host), args)
	if err != nil {
		return Result{}, err
	}
	return d.Plain(name, t, a, b), nil
}

// binaryGrad is the recorded form of Binary for the ops with a backward
// (mul, add, sub, and those of autograd.HasBinaryGrad); nil for the others.
func binaryGrad(name string, args ops.BinaryArgs) func(a, b *autograd.Var) (*autograd.Var, error) {
	if autograd.HasBinaryGrad(name, args) {
		return func(a, b *autograd.Var) (*autograd.Var, error) { return autograd.Binary(name, a, b, args) }
	}
	if args.Out.Layout != nil || args.RoundingMode != "" {
		return nil
	}
	switch name {
	case "mul":
		return autograd.Mul
	case "add":
		return func(a, b *autograd.Var) (*autograd.Var, error) { return autograd.Add(a, b, args.Alpha) }
	case "sub":
		return func(a, b *autograd.Var) (*autograd.Var, error) { return autograd.Sub(a, b, args.Alpha) }
	}
	return nil
}

// BinaryNumber applies the element-wise op name to x and the number n:
// op(x, n), or op(n, x) when numberFirst; on x's device when it lives on
// one, else on the host, recorded when the op has a backward formula with a
// number and the call records.
func (d Dispatcher) BinaryNumber(name string, x Value, n dtype.Number, numberFirst bool, args ops.BinaryArgs) (Result, error) {
	if x.Dev != nil {
		if args.Out.Layout != nil {
			return Result{}, device.Refuse(name+" with an output layout", x.Arg, x.Dev)
		}
		return onDevice(device.BinaryNumber(name, x.Dev, n, numberFirst))
	}
	if d.Records(x) {
		if name == "mul" && args.Out.Layout == nil {
			return Recorded(autograd.MulScalar(x.Var, n))
		}
		if autograd.HasNumberGrad(name, args, numberFirst) {
			return Recorded(autograd.NumberOp(name, x.Var, n, numberFirst, args))
		}
	}
	p, q := ops.TensorOperand(x.Host), ops.NumberOperand(n)
	if numberFirst {
		p, q = q, p
	}
	t, err := ops.BinaryByName(name, p, q, args)
	if err != nil {
		return Result{}, err
	}
	return d.Plain(name, t, x), nil
}
