package autograd

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// unaryDeriv gives, for a differentiable element-wise op, the factor d with
// d(op)/dx = d at every element, from the input x and the output y (both
// of one pattern); the gradient is g * conj(d).
type unaryDeriv func(x, y *tensor.Tensor) (*tensor.Tensor, error)

// zeroDeriv is the derivative of the piecewise-constant ops (torch's zero
// gradient of sign, ceil, floor, round, trunc).
func zeroDeriv(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return fill(x, 0) }

// constDeriv is the derivative of x * c.
func constDeriv(c float64) unaryDeriv {
	return func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return fill(x, c) }
}

// powDeriv is c * (1 + s * x*x)^e, the derivative of asin, acos, asinh
// (e = -1/2) and atan, atanh (e = -1).
func powDeriv(c, s, e float64) unaryDeriv {
	return func(x, _ *tensor.Tensor) (*tensor.Tensor, error) {
		q, err := mul(x, x)
		if err == nil {
			q, err = mulNum(q, s)
		}
		if err == nil {
			q, err = addNum(q, 1)
		}
		if err == nil {
			q, err = ops.BinaryByName("pow", ops.TensorOperand(q), ops.NumberOperand(dtype.FloatNumber(e)), ops.BinaryArgs{})
		}
		if err != nil {
			return nil, err
		}
		return mulNum(q, c)
	}
}

// acoshDeriv is (x*x - 1)^(-1/2), the derivative of acosh.
func acoshDeriv(x, _ *tensor.Tensor) (*tensor.Tensor, error) {
	q, err := mul(x, x)
	if err == nil {
		q, err = addNum(q, -1)
	}
	if err != nil {
		return nil, err
	}
	return ops.BinaryByName("pow", ops.TensorOperand(q), ops.NumberOperand(dtype.FloatNumber(-0.5)), ops.BinaryArgs{})
}

// expSquareDeriv is c * exp(s * t*t) for t the input (erf) or the output
// (erfinv).
func expSquareDeriv(c, s float64, ofOutput bool) unaryDeriv {
	return func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		t := x
		if ofOutput {
			t = y
		}
		q, err := mul(t, t)
		if err == nil {
			q, err = mulNum(q, s)
		}
		if err == nil {
			q, err = un("exp", q)
		}
		if err != nil {
			return nil, err
		}
		return mulNum(q, c)
	}
}

// unaryGrads are the element-wise ops with a backward formula, by torch
// name, and the torch name of their node.
var unaryGrads = map[string]struct {
	node  string
	deriv unaryDeriv
}{
	"neg": {"NegBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return fill(x, -1) }},
	// |z| is not holomorphic: torch's gradient is g * sgn(z), so d is conj(sgn(z))
	// (Unary conjugates d again).
	"abs":   {"AbsBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return chain(un("sgn", x))(conj) }},
	"relu":  {"ReluBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return un("sign", y) }},
	"exp":   {"ExpBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return y, nil }},
	"expm1": {"Expm1Backward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return addNum(y, 1) }},
	"log":   {"LogBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return recip(x) }},
	"log1p": {"Log1PBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return chain(addNum(x, 1))(recip) }},
	"sqrt":  {"SqrtBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return chain(mulNum(y, 2))(recip) }},
	// d(1/x) = -1/x^2, from the output: torch's -g * conj(y * y)
	"reciprocal": {"ReciprocalBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return chain(mul(y, y))(neg) }},
	"square":     {"PowBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return mulNum(x, 2) }},
	"sin":        {"SinBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("cos", x) }},
	"cos":        {"CosBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return chain(un("sin", x))(neg) }},
	"sinh":       {"SinhBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("cosh", x) }},
	"cosh":       {"CoshBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return un("sinh", x) }},
	"tanh":       {"TanhBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) { return oneMinus(y, y) }},
	"sigmoid": {"SigmoidBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) {
		return chain(oneMinus(y, nil))(func(t *tensor.Tensor) (*tensor.Tensor, error) { return mul(t, y) })
	}},
	"tan": {"TanBackward0", func(_, y *tensor.Tensor) (*tensor.Tensor, error) {
		return chain(mul(y, y))(func(t *tensor.Tensor) (*tensor.Tensor, error) { return addNum(t, 1) })
	}},
	"asin":    {"AsinBackward0", powDeriv(1, -1, -0.5)},
	"acos":    {"AcosBackward0", powDeriv(-1, -1, -0.5)},
	"atan":    {"AtanBackward0", powDeriv(1, 1, -1)},
	"asinh":   {"AsinhBackward0", powDeriv(1, 1, -0.5)},
	"atanh":   {"AtanhBackward0", powDeriv(1, -1, -1)},
	"acosh":   {"AcoshBackward0", acoshDeriv},
	"erf":     {"ErfBackward0", expSquareDeriv(2/math.Sqrt(math.Pi), -1, false)},
	"erfinv":  {"ErfinvBackward0", expSquareDeriv(math.Sqrt(math.Pi)/2, 1, true)},
	"deg2rad": {"Deg2RadBackward0", constDeriv(math.Pi / 180)},
	"rad2deg": {"Rad2DegBackward0", constDeriv(180 / math.Pi)},
	"sign":    {"SignBackward0", zeroDeriv},
	"ceil":    {"CeilBackward0", zeroDeriv},
	"floor":   {"FloorBackward0", zeroDeriv},
	"round":   {"RoundBackward0", zeroDeriv},
	"trunc":   {"TruncBackward0", zeroDeriv},
	"frac":    {"FracBackward0", constDeriv(1)},
	// torch's real and imag are views (view_as_real then select): the
	// gradient of real is g + 0i, of imag g * 1i (so d = -1i).
	"real": {"SelectBackward0", constDeriv(1)},
	"imag": {"SelectBackward0", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) {
		return chain(mulNum(x, 0))(func(z *tensor.Tensor) (*tensor.Tensor, error) {
			return ops.BinaryByName("add", ops.TensorOperand(z), ops.NumberOperand(dtype.ComplexNumber(-1i)), ops.BinaryArgs{})
		})
	}},
	"sgn":           {"SgnBackward0", realOnly("sgn", zeroDeriv)},
	"angle":         {"AngleBackward0", realOnly("angle", zeroDeriv)},
	"conj_physical": {"ConjPhysicalBackward0", realOnly("conj_physical", constDeriv(1))},
	"clamp":         {"ClampBackward1", nil},    // argDeriv
	"nan_to_num":    {"NanToNumBackward0", nil}, // argDeriv
}

// realOnly is d for real inputs; complex inputs refuse (their formulas are
// not implemented), naming op.
func realOnly(op string, d unaryDeriv) unaryDeriv {
	return func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		if x.DType().IsComplex() {
			return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of %s of a complex tensor is not implemented", op)
		}
		return d(x, y)
	}
}

// argDeriv is the derivative of the ops whose arguments decide it: clamp with
// number bounds passes g where min < x < max (torch 2.15's rule: an element
// at a bound, or NaN, gets no gradient), nan_to_num where x is finite.
func argDeriv(name string, x *tensor.Tensor, args ops.UnaryArgs) (*tensor.Tensor, error) {
	ones, err := fill(x, 1)
	if err != nil {
		return nil, err
	}
	var conds []*tensor.Tensor
	if name == "nan_to_num" {
		for _, op := range []string{"isnan", "isinf"} {
			c, err := un(op, x)
			if err != nil {
				return nil, err
			}
			conds = append(conds, c)
		}
	}
	for _, c := range conds {
		if ones, err = ops.Where(c, ops.NumberOperand(dtype.FloatNumber(0)), ops.TensorOperand(ones)); err != nil {
			return nil, err
		}
	}
	for _, b := range []struct {
		bound *dtype.Number
		in    string // the strict comparison that keeps x inside this bound
	}{{args.Min, "gt"}, {args.Max, "lt"}} {
		if name != "clamp" || b.bound == nil {
			continue
		}
		c, err := ops.BinaryByName(b.in, ops.TensorOperand(x), ops.NumberOperand(*b.bound), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		if ones, err = ops.Where(c, ops.TensorOperand(ones), ops.NumberOperand(dtype.FloatNumber(0))); err != nil {
			return nil, err
		}
	}
	return ones, nil
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
		var d *tensor.Tensor
		var err error
		if def.deriv == nil {
			d, err = argDeriv(name, x.t, args)
		} else {
			d, err = def.deriv(x.t, out)
		}
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
