package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// binaryNodes are torch's node names of the element-wise ops of two tensors
// that Binary records.
var binaryNodes = map[string]string{
	"div": "DivBackward0", "true_divide": "DivBackward0", "pow": "PowBackward1",
	"maximum": "MaximumBackward0", "minimum": "MinimumBackward0",
	"remainder": "RemainderBackward1", "fmod": "FmodBackward1", "atan2": "Atan2Backward0",
}

// HasBinaryGrad reports whether Binary records the element-wise op name of
// two tensors with args (mul, add and sub have Mul, Add and Sub).
func HasBinaryGrad(name string, args ops.BinaryArgs) bool {
	_, ok := binaryNodes[name]
	return ok && args.Out.Layout == nil
}

// Binary is ops.BinaryByName(name, a, b, args) recorded for the ops of
// HasBinaryGrad, with torch's formulas (conjugate Wirtinger for complex):
// a / b gives g / conj(b) and -g * conj(out / b); a ** b gives
// g * conj(b a^(b-1)) (zero where b = 0) and g * conj(out log a) (zero where
// a = 0 and b >= 0); maximum and minimum give g to the operand that is
// chosen, split evenly on ties; a rounded div gives zero; remainder and fmod
// give g and -g * div(a, b) rounded down (remainder) or toward zero (fmod);
// atan2(a, b) gives g * b / (a*a + b*b) and -g * a / (a*a + b*b) (0 where
// a*a + b*b is 0). floor_divide has
// no backward, as torch's (its node refuses).
// Each gradient is at a sparse operand's specified elements.
func Binary(name string, a, b *Var, args ops.BinaryArgs) (*Var, error) {
	if !HasBinaryGrad(name, args) {
		return nil, errs.Errorf(errs.ErrNotImplemented, "%s: no backward formula for these arguments", name)
	}
	out, err := ops.BinaryByName(name, ops.TensorOperand(a.t), ops.TensorOperand(b.t), args)
	if err != nil {
		return nil, err
	}
	node := binaryNodes[name]
	if args.RoundingMode != "" {
		node = "DivBackward2"
	}
	ins := []*Var{a, b}
	return record(node, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gs := make([]*tensor.Tensor, 2)
		for i, x := range []*tensor.Tensor{a.t, b.t} {
			if !needs(ins, i) {
				continue
			}
			gi, err := binaryGrad(name, i, a.t, b.t, out, g, args)
			if err == nil {
				gi, err = likeInput(gi, x)
			}
			if err != nil {
				return nil, err
			}
			gs[i] = gi
		}
		return gs, nil
	}), nil
}

// binaryGrad is Binary's gradient for operand i before it is shaped as it.
func binaryGrad(name string, i int, a, b, out, g *tensor.Tensor, args ops.BinaryArgs) (*tensor.Tensor, error) {
	switch {
	case args.RoundingMode != "":
		return mulNum(g, 0)
	case (name == "remainder" || name == "fmod") && i == 0:
		return g, nil
	case name == "remainder" || name == "fmod":
		mode := map[string]string{"remainder": "floor", "fmod": "trunc"}[name]
		q, err := ops.BinaryByName("div", ops.TensorOperand(a), ops.TensorOperand(b), ops.BinaryArgs{RoundingMode: mode})
		if err != nil {
			return nil, err
		}
		return chain(mul(g, q))(neg)
	case name == "atan2":
		return atan2Grad(i, a, b, g)
	case (name == "div" || name == "true_divide") && i == 0:
		bc, err := conj(b)
		if err != nil {
			return nil, err
		}
		return ops.BinaryByName("div", ops.TensorOperand(g), ops.TensorOperand(bc), ops.BinaryArgs{})
	case name == "div" || name == "true_divide":
		r, err := ops.BinaryByName("div", ops.TensorOperand(out), ops.TensorOperand(b), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		return chain(mulConj(g, r))(neg)
	case name == "pow" && i == 0:
		bm1, err := addNum(b, -1)
		if err != nil {
			return nil, err
		}
		p, err := ops.BinaryByName("pow", ops.TensorOperand(a), ops.TensorOperand(bm1), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		d, err := mul(p, b)
		if err != nil {
			return nil, err
		}
		// b = 0: torch's gradient is zero (0 * a^-1 is NaN at a = 0).
		if d, err = zeroWhere(d, b, "eq"); err != nil {
			return nil, err
		}
		return mulConj(g, d)
	case name == "pow":
		l, err := un("log", a)
		if err != nil {
			return nil, err
		}
		d, err := mul(out, l)
		if err != nil {
			return nil, err
		}
		// a = 0 and b >= 0: zero (0 * log 0 is NaN), as torch.
		az, err := ops.BinaryByName("eq", ops.TensorOperand(a), ops.NumberOperand(dtype.FloatNumber(0)), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		bNonNeg := b
		if !b.DType().IsComplex() {
			if bNonNeg, err = ops.BinaryByName("ge", ops.TensorOperand(b), ops.NumberOperand(dtype.FloatNumber(0)), ops.BinaryArgs{}); err != nil {
				return nil, err
			}
		} else if bNonNeg, err = ops.BinaryByName("eq", ops.TensorOperand(b), ops.TensorOperand(b), ops.BinaryArgs{}); err != nil {
			return nil, err
		}
		cond, err := ops.BinaryByName("mul", ops.TensorOperand(az), ops.TensorOperand(bNonNeg), ops.BinaryArgs{})
		if err != nil {
			return nil, err
		}
		if d, err = ops.Where(cond, ops.NumberOperand(dtype.FloatNumber(0)), ops.TensorOperand(d)); err != nil {
			return nil, err
		}
		return mulConj(g, d)
	}
	// maximum, minimum: 1 where this operand is chosen alone, 1/2 on ties.
	wins := map[bool]string{true: "gt", false: "lt"}[(name == "maximum") == (i == 0)]
	w, err := indicator(wins, a, b, g.DType())
	if err != nil {
		return nil, err
	}
	tie, err := indicator("eq", a, b, g.DType())
	if err != nil {
		return nil, err
	}
	if tie, err = mulNum(tie, 0.5); err != nil {
		return nil, err
	}
	if w, err = ops.BinaryByName("add", ops.TensorOperand(w), ops.TensorOperand(tie), ops.BinaryArgs{}); err != nil {
		return nil, err
	}
	return mul(g, w)
}

// atan2Grad is g * b * r for a (i = 0) and g * -a * r for b, r the
// reciprocal of a*a + b*b with 0 where that is 0 (torch 2.15's
// atan2_backward: a zero gradient at a = b = 0, or where the squares
// underflow, not 0 * inf = NaN).
func atan2Grad(i int, a, b, g *tensor.Tensor) (*tensor.Tensor, error) {
	aa, err := mul(a, a)
	if err != nil {
		return nil, err
	}
	bb, err := mul(b, b)
	if err != nil {
		return nil, err
	}
	den, err := ops.BinaryByName("add", ops.TensorOperand(aa), ops.TensorOperand(bb), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	num := b
	if i == 1 {
		if num, err = neg(a); err != nil {
			return nil, err
		}
	}
	if num, err = mul(g, num); err != nil {
		return nil, err
	}
	r, err := ops.UnaryByName("reciprocal", den, ops.UnaryArgs{})
	if err != nil {
		return nil, err
	}
	if r, err = zeroWhere(r, den, "eq"); err != nil {
		return nil, err
	}
	return mul(num, r)
}

// indicator is cmp(a, b) as 1 and 0 of dtype d.
func indicator(cmp string, a, b *tensor.Tensor, d dtype.DType) (*tensor.Tensor, error) {
	c, err := ops.BinaryByName(cmp, ops.TensorOperand(a), ops.TensorOperand(b), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	return convert.ToDType(c, d)
}

// zeroWhere is d with zero wherever cmp(t, 0) holds.
func zeroWhere(d, t *tensor.Tensor, cmp string) (*tensor.Tensor, error) {
	c, err := ops.BinaryByName(cmp, ops.TensorOperand(t), ops.NumberOperand(dtype.FloatNumber(0)), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	return ops.Where(c, ops.NumberOperand(dtype.FloatNumber(0)), ops.TensorOperand(d))
}
