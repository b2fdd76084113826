package autograd

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Grad is torch.autograd.grad for one output: the gradients of out with
// respect to inputs (leaves or results of recorded operations), without
// accumulating into any leaf's Grad. seed as Backward's. An input that out
// does not depend on gets nil. The graph is freed afterwards unless retain
// is set.
func Grad(out *Var, seed *tensor.Tensor, inputs []*Var, retain bool) ([]*tensor.Tensor, error) {
	if out == nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "grad: output is nil")
	}
	if !out.RequiresGrad() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "grad: element 0 of tensors does not require grad and does not have a grad_fn")
	}
	for i, in := range inputs {
		if in == nil || !in.RequiresGrad() {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "grad: inputs[%d] does not require grad (one of the differentiated tensors does not require grad)", i)
		}
	}
	seed, err := checkSeed(out.t, seed)
	if err != nil {
		return nil, err
	}
	engine.Lock()
	defer engine.Unlock()
	res := make([]*tensor.Tensor, len(inputs))
	if out.fn == nil {
		for i, in := range inputs {
			if in == out {
				res[i] = seed
			}
		}
		return res, nil
	}
	order, err := topoOrder(out.fn)
	if err != nil {
		return nil, err
	}
	outGrads := map[*Node]*tensor.Tensor{}
	for _, in := range inputs {
		if in.fn != nil {
			outGrads[in.fn] = nil
		}
	}
	leaves, err := walk(order, out.fn, seed, outGrads)
	if err != nil {
		return nil, err
	}
	for i, in := range inputs {
		if in.fn != nil {
			res[i] = outGrads[in.fn]
			continue
		}
		for _, l := range leaves {
			if l.v == in {
				res[i] = l.g
			}
		}
	}
	if !retain {
		for _, n := range order {
			free(n)
		}
	}
	return res, nil
}
