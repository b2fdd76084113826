package autograd

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// HasNumberGrad reports whether NumberOp records the element-wise op name
// between a tensor and a number (mul has MulScalar).
func HasNumberGrad(name string, args ops.BinaryArgs) bool {
	if args.Out.Layout != nil || args.RoundingMode != "" {
		return false
	}
	return name == "add" || name == "sub" || name == "div"
}

// NumberOp is ops.BinaryByName(name, x, c) recorded for add, sub and div
// with a number c (numberFirst: op(c, x)); alpha scales the second operand
// of add and sub. The gradients: g for x + alpha*c and x - alpha*c,
// conj(±alpha) g for c ± alpha*x, g / conj(c) for x / c and
// -g * conj(out / x) for c / x, at a sparse x's specified elements.
func NumberOp(name string, x *Var, c dtype.Number, numberFirst bool, args ops.BinaryArgs) (*Var, error) {
	if !HasNumberGrad(name, args) {
		return nil, errs.Errorf(errs.ErrNotImplemented, "%s with a number: no backward formula for these arguments", name)
	}
	a, b := ops.TensorOperand(x.t), ops.NumberOperand(c)
	if numberFirst {
		a, b = b, a
	}
	out, err := ops.BinaryByName(name, a, b, args)
	if err != nil {
		return nil, err
	}
	// torch's names: a Python number becomes a wrapped tensor (AddBackward0),
	// c - x is rsub and c / x is c * x.reciprocal() (MulBackward0 on top).
	node := map[string]string{"add": "AddBackward0", "sub": "SubBackward0", "div": "DivBackward0"}[name]
	switch {
	case numberFirst && name == "sub":
		node = "RsubBackward1"
	case numberFirst && name == "div":
		node = "MulBackward0"
	}
	return record(node, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		var gx *tensor.Tensor
		var err error
		switch {
		case name == "div" && numberFirst:
			var r *tensor.Tensor
			if r, err = ops.BinaryByName("div", ops.TensorOperand(out), ops.TensorOperand(x.t), ops.BinaryArgs{}); err == nil {
				if r, err = conj(r); err == nil {
					if gx, err = mul(g, r); err == nil {
						gx, err = neg(gx)
					}
				}
			}
		case name == "div":
			gx, err = ops.BinaryByName("div", ops.TensorOperand(g), ops.NumberOperand(conjNumber(c)), ops.BinaryArgs{})
		case numberFirst:
			s := dtype.Real(1)
			if args.Alpha != nil {
				s = args.Alpha.Value
			}
			if name == "sub" {
				s = dtype.Complex128Scalar(complex(-s.Re(), -s.Im()))
			}
			gx, err = scale(g, s)
		default:
			gx = g
		}
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}

// conjNumber is the complex conjugate of a number (itself when real).
func conjNumber(c dtype.Number) dtype.Number {
	s := c.Value
	if s.Im() == 0 {
		return c
	}
	return dtype.ComplexNumber(complex(s.Re(), -s.Im()))
}
