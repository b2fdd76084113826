package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Where is ops.Where(condition, x, y) recorded (torch.where, and
// masked_fill through it): x and y are variables, or numbers where xo or yo
// say so (their variable nil). The gradient of x is g where condition
// holds and zero elsewhere, that of y the reverse, each at a sparse
// operand's specified elements; the condition gets none.
func Where(condition *tensor.Tensor, x, y *Var, xo, yo ops.Operand) (*Var, error) {
	if x != nil {
		xo = ops.TensorOperand(x.t)
	}
	if y != nil {
		yo = ops.TensorOperand(y.t)
	}
	out, err := ops.Where(condition, xo, yo)
	if err != nil {
		return nil, err
	}
	ins := []*Var{x, y}
	return record("WhereBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		zero := ops.NumberOperand(dtype.FloatNumber(0))
		gs := make([]*tensor.Tensor, 2)
		for i, v := range ins {
			if !needs(ins, i) {
				continue
			}
			a, b := ops.TensorOperand(g), zero
			if i == 1 {
				a, b = b, a
			}
			gi, err := ops.Where(condition, a, b)
			if err == nil && gi.DType() != g.DType() {
				gi, err = convert.ToDType(gi, g.DType())
			}
			if err == nil {
				gi, err = likeInput(gi, v.t)
			}
			if err != nil {
				return nil, err
			}
			gs[i] = gi
		}
		return gs, nil
	}), nil
}
