package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Amax is ops.Reduce(x, dims, op) recorded for op "amax" or "amin" of a
// strided x: torch's rule, the gradient of each result element shared
// evenly among the elements of x equal to it. For a sparse x the elements
// are those of to_dense(x) (the unspecified ones take part through the fill
// value) and only the specified ones get a gradient.
func Amax(x *Var, dims []int, op string) (*Var, error) {
	if op != "amax" && op != "amin" {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "Amax: op = %q must be amax or amin", op)
	}
	out, err := ops.Reduce(x.t, dims, op)
	if err != nil {
		return nil, err
	}
	name := map[string]string{"amax": "AmaxBackward0", "amin": "AminBackward0"}[op]
	return record(name, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		ts := make([]*tensor.Tensor, 3)
		for i, t := range []*tensor.Tensor{x.t, out, g} {
			var err error
			if ts[i], err = denseOf(t); err != nil {
				return nil, err
			}
		}
		gx, err := amaxGrad(ts[0], ts[1], ts[2], dims)
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
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
	mask, err := convert.ToDType(eq, x.DType())
	if err != nil {
		return nil, err
	}
	count, err := ops.Sum(mask, dims)
	if err != nil {
		return nil, err
	}
	if count.Layout() != tensor.Strided {
		if count, err = convert.ToDense(count); err != nil {
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
