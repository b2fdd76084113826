package autograd

import (
	"math/cmplx"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// HasNumberGrad reports whether NumberOp records the element-wise op name
// between a tensor and a number, op(c, x) when numberFirst (mul has
// MulScalar): add, sub, div (with a rounding mode too: a zero gradient, as
// torch's), true_divide, pow, maximum and minimum; remainder and fmod of a
// tensor by a number. floor_divide has none, nor has remainder of a number by
// a tensor, as torch's.
func HasNumberGrad(name string, args ops.BinaryArgs, numberFirst bool) bool {
	if args.Out.Layout != nil {
		return false
	}
	switch name {
	case "add", "sub", "div", "true_divide", "pow", "maximum", "minimum":
		return true
	case "remainder", "fmod":
		return !numberFirst
	}
	return false
}

// numberNodes are torch's node names of op(x, c) and, second, op(c, x): a
// Python number becomes a wrapped tensor (AddBackward0), c - x is rsub and
// c / x is c * x.reciprocal() (MulBackward0 on top), c ** x is pow.Scalar.
var numberNodes = map[string][2]string{
	"add": {"AddBackward0", "AddBackward0"}, "sub": {"SubBackward0", "RsubBackward1"},
	"div": {"DivBackward0", "MulBackward0"}, "true_divide": {"DivBackward0", "MulBackward0"},
	"pow":     {"PowBackward0", "PowBackward2"},
	"maximum": {"MaximumBackward0", "MaximumBackward0"}, "minimum": {"MinimumBackward0", "MinimumBackward0"},
	"remainder": {"RemainderBackward0", ""}, "fmod": {"FmodBackward0", ""},
}

// NumberOp is ops.BinaryByName(name, x, c) recorded for the ops of
// HasNumberGrad with a number c (numberFirst: op(c, x)); alpha scales the
// second operand of add and sub. The gradients: g for x + alpha*c and
// x - alpha*c, conj(±alpha) g for c ± alpha*x, g / conj(c) for x / c,
// -g * conj(out / x) for c / x, g * conj(c x^(c-1)) for x ** c (zero for
// c = 0), g * conj(out log c) for c ** x (zero for c = 0, as torch), g
// where x is chosen by maximum and minimum (half on a tie), zero for a
// rounded div, g for remainder and fmod by c; at a sparse x's specified
// elements.
func NumberOp(name string, x *Var, c dtype.Number, numberFirst bool, args ops.BinaryArgs) (*Var, error) {
	if !HasNumberGrad(name, args, numberFirst) {
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
	side := 0
	if numberFirst {
		side = 1
	}
	node := numberNodes[name][side]
	if args.RoundingMode != "" {
		node = "DivBackward2" // torch wraps the number as a tensor
	}
	return record(node, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx, err := numberGrad(name, x.t, out, g, c, numberFirst, args)
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}

// numberGrad is NumberOp's gradient before it is shaped as x.
func numberGrad(name string, x, out, g *tensor.Tensor, c dtype.Number, numberFirst bool, args ops.BinaryArgs) (*tensor.Tensor, error) {
	s := c.Value
	switch {
	case args.RoundingMode != "":
		return mulNum(g, 0)
	case name == "maximum" || name == "minimum":
		// g where x is chosen, half of it where x equals c (torch's tie rule).
		cv := ops.NumberOperand(c)
		wins := map[string]string{"maximum": "gt", "minimum": "lt"}[name]
		w, err := ops.BinaryByName(wins, ops.TensorOperand(x), cv, ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		tie, err := ops.BinaryByName("eq", ops.TensorOperand(x), cv, ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		d, err := ops.Where(tie, ops.NumberOperand(dtype.FloatNumber(0.5)), ops.TensorOperand(w))
		if err == nil && d.DType() != g.DType() {
			d, err = convert.ToDType(d, g.DType())
		}
		if err != nil {
			return nil, err
		}
		return mul(g, d)
	case name == "pow" && numberFirst:
		if s.Re() == 0 && s.Im() == 0 {
			return mulNum(g, 0)
		}
		lc := cmplx.Log(complex(s.Re(), s.Im()))
		d, err := ops.BinaryByName("mul", ops.TensorOperand(out), ops.NumberOperand(number(dtype.Complex128Scalar(lc))), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		return mulConj(g, d)
	case name == "pow":
		if s.Re() == 0 && s.Im() == 0 {
			return mulNum(g, 0)
		}
		p, err := ops.BinaryByName("pow", ops.TensorOperand(x), ops.NumberOperand(number(dtype.Complex128Scalar(complex(s.Re()-1, s.Im())))), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		d, err := ops.BinaryByName("mul", ops.TensorOperand(p), ops.NumberOperand(c), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		return mulConj(g, d)
	case numberFirst && (name == "div" || name == "true_divide"):
		r, err := ops.BinaryByName("div", ops.TensorOperand(out), ops.TensorOperand(x), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		gx, err := mulConj(g, r)
		if err != nil {
			return nil, err
		}
		return neg(gx)
	case name == "div" || name == "true_divide":
		return ops.BinaryByName("div", ops.TensorOperand(g), ops.NumberOperand(conjNumber(c)), ops.BinaryArgs{})
	case numberFirst:
		s := dtype.Real(1)
		if args.Alpha != nil {
			s = args.Alpha.Value
		}
		if name == "sub" {
			s = dtype.Complex128Scalar(complex(-s.Re(), -s.Im()))
		}
		return scale(g, s)
	}
	return g, nil
}

// mulConj is g * conj(d).
func mulConj(g, d *tensor.Tensor) (*tensor.Tensor, error) {
	dc, err := conj(d)
	if err != nil {
		return nil, err
	}
	return mul(g, dc)
}

// conjNumber is the complex conjugate of a number (itself when real).
func conjNumber(c dtype.Number) dtype.Number {
	s := c.Value
	if s.Im() == 0 {
		return c
	}
	return dtype.ComplexNumber(complex(s.Re(), -s.Im()))
}
