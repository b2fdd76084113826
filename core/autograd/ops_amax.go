package autograd

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Amax is ops.Reduce(x, dims, op) recorded for op "amax" or "amin" of a
// strided x: torch's rule, the gradient of each result element shared
// evenly among the elements of x equal to it. For a sparse x (torch has no
// such backward) the node refuses when a gradient is asked through it.
func Amax(x *Var, dims []int, op string) (*Var, error) {
	if op != "amax" && op != "amin" {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "Amax: op = %q must be amax or amin", op)
	}
	out, err := ops.Reduce(x.t, dims, op)
	if err != nil {
		return nil, err
	}
	if x.t.Layout() != tensor.Strided {
		return NoBackward(op+" of a "+x.t.Layout().String()+" tensor", out, x), nil
	}
	name := map[string]string{"amax": "AmaxBackward0", "amin": "AminBackward0"}[op]
	return record(name, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx, err := amaxGrad(x.t, out, g, dims)
		return []*tensor.Tensor{gx}, err
	}), nil
}

// amaxGrad is g broadcast back to x's shape, at the elements equal to
// their result element, divided by how many there are.
func amaxGrad(x, out, g *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	outB, err := denseSumGrad(x, out, dims)
	if err != nil {
		return nil, err
	}
	eq, err := ops.BinaryByName("eq", ops.TensorOperand(x), ops.TensorOperand(outB), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	mask, err := tensor.ToDType(eq, x.DType())
	if err != nil {
		return nil, err
	}
	count, err := ops.Sum(mask, dims)
	if err != nil {
		return nil, err
	}
	if count.Layout() != tensor.Strided {
		if count, err = tensor.ToDense(count); err != nil {
			return nil, err
		}
	}
	countB, err := denseSumGrad(x, count, dims)
	if err != nil {
		return nil, err
	}
	gB, err := denseSumGrad(x, g, dims)
	if err != nil {
		return nil, err
	}
	p, err := mul(gB, mask)
	if err != nil {
		return nil, err
	}
	return ops.BinaryByName("div", ops.TensorOperand(p), ops.TensorOperand(countB), ops.BinaryArgs{})
}
