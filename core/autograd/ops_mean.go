package autograd

import (
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Mean is ops.Reduce(x, dims, "mean") recorded: the mean counts every
// element, the unspecified ones through the fill value, so the gradient is
// Sum's divided by the number of elements averaged, at the specified
// elements only.
func Mean(x *Var, dims []int) (*Var, error) {
	out, err := ops.Reduce(x.t, dims, "mean")
	if err != nil {
		return nil, err
	}
	count := int64(1)
	for i, n := range x.t.Dims() {
		if len(dims) == 0 || containsDim(dims, i, x.t.NDim()) {
			count *= n
		}
	}
	name := "MeanBackward1" // torch's names: mean(dim) and mean()
	if len(dims) == 0 {
		name = "MeanBackward0"
	}
	ins := []*Var{x}
	return record(name, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gs, err := mulNum(g, 1/float64(count))
		if err != nil {
			return nil, err
		}
		var gx *tensor.Tensor
		if x.t.Layout() == tensor.Strided {
			gx, err = denseSumGrad(x.t, gs, dims)
		} else {
			gx, err = sumGrad(x.t, gs, dims)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}

// containsDim reports whether dims (negative ones counted from the end of
// an nd-dim tensor) names dim d.
func containsDim(dims []int, d, nd int) bool {
	for _, e := range dims {
		if e == d || e+nd == d {
			return true
		}
	}
	return false
}
