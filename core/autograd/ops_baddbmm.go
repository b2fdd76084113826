package autograd

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// Baddbmm is linalg.Baddbmm recorded (torch.baddbmm): beta * input +
// alpha * (batch1 @ batch2). input's gradient is conj(beta) * G summed over
// its broadcast dims (masked when input is sparse); batch1's and batch2's
// are Bmm's, times conj(alpha), at their specified elements when sparse.
func Baddbmm(input, batch1, batch2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	out, err := linalg.Baddbmm(input.t, batch1.t, batch2.t, beta, alpha)
	if err != nil {
		return nil, err
	}
	ins := []*Var{input, batch1, batch2}
	return record("BaddbmmBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gs := make([]*tensor.Tensor, 3)
		var err error
		if needs(ins, 0) {
			if gs[0], err = inputGrad(input.t, g, beta); err != nil {
				return nil, err
			}
		}
		if needs(ins, 1) {
			if gs[1], err = bmmGradA(batch1.t, batch2.t, g); err != nil {
				return nil, err
			}
			if gs[1], err = scale(gs[1], alpha); err != nil {
				return nil, err
			}
		}
		if needs(ins, 2) {
			if gs[2], err = bmmGradB(batch1.t, batch2.t, g); err != nil {
				return nil, err
			}
			if gs[2], err = scale(gs[2], alpha); err != nil {
				return nil, err
			}
		}
		return gs, nil
	}), nil
}
