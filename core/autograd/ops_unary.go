package autograd

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// unaryDeriv gives, for a differentiable element-wise op, the factor d with
// d(op)/dx = d at every element, from the input x and the output y (both
// of one pattern); the gradient is g * conj(d).
type unaryDeriv func(x, y *tensor.Tensor) (*tensor.Tensor, error)

// unaryGrads are the element-wise ops with a backward formula, by torch
// name, and the torch name of their node.
var unaryGrads = map[string]struct {
	node  string
	deriv unaryDeriv
}{
	"neg":    {"NegBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return fill(x, -1) }},
	"abs":    {"AbsBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("sgn", x) }},
	"relu":   {"ReluBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return un("sign", y) }},
	"exp":    {"ExpBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return y, nil }},
	"expm1":  {"Expm1Backward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return addNum(y, 1) }},
	"log":    {"LogBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return recip(x) }},
	"log1p":  {"Log1PBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return chain(addNum(x, 1))(recip) }},
	"sqrt":   {"SqrtBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return chain(mulNum(y, 2))(recip) }},
	"square": {"PowBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return mulNum(x, 2) }},
	"sin":    {"SinBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("cos", x) }},
	"cos":    {"CosBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return chain(un("sin", x))(neg) }},
	"sinh":   {"SinhBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("cosh", x) }},
	"cosh":   {"CoshBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("sinh", x) }},
	"tanh":   {"TanhBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return oneMinus(y, y) }},
	"sigmoid": {"SigmoidBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) {
		return chain(oneMinus(y, nil))(func(t *tensor.Tensor) (*tensor.Tensor, error) { return mul(t, y) })
	}},
}

// HasUnaryGrad reports whether the element-wise op name has a backward
// formula (Unary records it); the others record a refusing node.
func HasUnaryGrad(name string) bool {
	_, ok := unaryGrads[name]
	return ok
}

// Unary is ops.UnaryByName(name, x, args) recorded for the ops of
// HasUnaryGrad (args as core checks them; a result layout other than the
// input's is not recorded here, the caller refuses it): the gradient is g * conj(op'(x)) at the specified
// elements of a sparse x (the output has x's pattern; the fill value's
// derivative reaches no stored value and gives no gradient).
func Unary(name string, x *Var, args ops.UnaryArgs) (*Var, error) {
	def, ok := unaryGrads[name]
	if !ok {
		return nil, errs.Errorf(errs.ErrNotImplemented, "%s: no backward formula for this element-wise op", name)
	}
	if args.Out.Layout != nil {
		return nil, errs.Errorf(errs.ErrNotImplemented, "%s: the gradient of a result in another layout than the input's is not implemented", name)
	}
	out, err := ops.UnaryByName(name, x.t, args)
	if err != nil {
		return nil, err
	}
	ins := []*Var{x}
	return record(def.node, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		d, err := def.deriv(x.t, out)
		if err == nil {
			d, err = conj(d)
		}
		var gx *tensor.Tensor
		if err == nil {
			gx, err = mul(g, d)
		}
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}

// un applies a unary op with default arguments.
func un(name string, t *tensor.Tensor) (*tensor.Tensor, error) {
	return ops.UnaryByName(name, t, ops.UnaryArgs{})
}

// mul is the element-wise product of two tensors.
func mul(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return ops.BinaryByName("mul", ops.TensorOperand(a), ops.TensorOperand(b), ops.BinaryArgs{})
}

// mulNum is t * c.
func mulNum(t *tensor.Tensor, c float64) (*tensor.Tensor, error) {
	return ops.BinaryByName("mul", ops.TensorOperand(t), ops.NumberOperand(dtype.FloatNumber(c)), ops.BinaryArgs{})
}

// addNum is t + c (on the stored values and the fill value).
func addNum(t *tensor.Tensor, c float64) (*tensor.Tensor, error) {
	return ops.BinaryByName("add", ops.TensorOperand(t), ops.NumberOperand(dtype.FloatNumber(c)), ops.BinaryArgs{})
}

// neg is -t.
func neg(t *tensor.Tensor) (*tensor.Tensor, error) { return mulNum(t, -1) }

// recip is 1 / t.
func recip(t *tensor.Tensor) (*tensor.Tensor, error) {
	return ops.BinaryByName("div", ops.NumberOperand(dtype.FloatNumber(1)), ops.TensorOperand(t), ops.BinaryArgs{})
}

// fill is a tensor of t's pattern holding c at every element: t * 0 + c.
func fill(t *tensor.Tensor, c float64) (*tensor.Tensor, error) {
	return chain(mulNum(t, 0))(func(z *tensor.Tensor) (*tensor.Tensor, error) { return addNum(z, c) })
}

// oneMinus is 1 - a*b (1 - a when b is nil).
func oneMinus(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	p := a
	if b != nil {
		var err error
		if p, err = mul(a, b); err != nil {
			return nil, err
		}
	}
	return chain(neg(p))(func(t *tensor.Tensor) (*tensor.Tensor, error) { return addNum(t, 1) })
}

// chain applies f to the result of a step that may have failed.
func chain(t *tensor.Tensor, err error) func(f func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	return func(f func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
		if err != nil {
			return nil, err
		}
		return f(t)
	}
}
