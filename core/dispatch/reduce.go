package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Sum is torch.sparse.sum of x over dims (none: every dim): on x's device
// when it lives on one, else on the host, recorded when the call records.
// An undefined fill sums the specified elements only (torch.masked).
func (d Dispatcher) Sum(x Value, dims []int) (Result, error) {
	if x.Dev != nil {
		return onDevice(device.Sum("sum", x.Dev, dims))
	}
	return d.Apply("sum", x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Sum(t, dims) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.Sum(v, dims) })
}

// Softmax is torch.sparse.softmax (log_softmax when log) of x along dim,
// over the specified elements only (an undefined fill is taken).
func (d Dispatcher) Softmax(x Value, dim int, log bool) (Result, error) {
	name := "softmax"
	if log {
		name = "log_softmax"
	}
	return d.Apply(name, x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Softmax(t, dim, log) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.Softmax(v, dim, log) })
}

// SparseMask is x.sparse_mask(mask): x's elements at mask's specified
// positions, in mask's layout; the gradient reaches x at mask's positions
// (torch's SparseMaskBackward0).
func (d Dispatcher) SparseMask(x, mask Value) (Result, error) {
	if err := hostOnly("sparse_mask", x, mask); err != nil {
		return Result{}, err
	}
	if err := checkFills(0, x, mask); err != nil {
		return Result{}, err
	}
	op := func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.SparseMask(t, mask.Host) }
	if d.Records(x) {
		return Recorded(autograd.Gather("SparseMaskBackward0", []*autograd.Var{x.Var}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return op(ts[0]) }))
	}
	t, err := op(x.Host)
	if err != nil {
		return Result{}, err
	}
	return d.Plain("sparse_mask", t, x, mask), nil
}

// reduceGrads are the recorded forms of the differentiable reductions.
var reduceGrads = map[string]func(v *autograd.Var, dims []int, name string) (*autograd.Var, error){
	"sum":  func(v *autograd.Var, dims []int, _ string) (*autograd.Var, error) { return autograd.ReduceSum(v, dims) },
	"amax": autograd.Amax,
	"amin": autograd.Amax,
	"mean": func(v *autograd.Var, dims []int, _ string) (*autograd.Var, error) { return autograd.Mean(v, dims) },
	"prod": func(v *autograd.Var, dims []int, _ string) (*autograd.Var, error) { return autograd.Prod(v, dims) },
	"norm": normGrad,
}

// normGrad is the recorded 2-norm over dims: sqrt(sum(|x|^2)), the steps
// the Python wrapper records (abs, square, sum, then the root where the sum
// is not 0), so that a norm call need not ask first whether its input
// requires a gradient.
func normGrad(v *autograd.Var, dims []int, _ string) (*autograd.Var, error) {
	a, err := autograd.Unary("abs", v, ops.UnaryArgs{})
	if err != nil {
		return nil, err
	}
	if a, err = autograd.Unary("square", a, ops.UnaryArgs{}); err != nil {
		return nil, err
	}
	if a, err = autograd.ReduceSum(a, dims); err != nil {
		return nil, err
	}
	return rootOfNonZero(a)
}

// rootOfNonZero is sqrt(s) with the value and gradient 0 where s is 0, as
// torch's norm backward: sqrt's gradient there is infinite, and times
// square's 0 it made the gradient of an all-zero row (or tensor) NaN.
func rootOfNonZero(s *autograd.Var) (*autograd.Var, error) {
	zero, err := ops.BinaryByName("eq", ops.TensorOperand(s.Tensor()), ops.NumberOperand(dtype.FloatNumber(0)), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	one, nought := ops.NumberOperand(dtype.FloatNumber(1)), ops.NumberOperand(dtype.FloatNumber(0))
	safe, err := autograd.Where(zero, nil, s, one, ops.Operand{}) // 1 where s is 0
	if err != nil {
		return nil, err
	}
	if safe, err = autograd.Unary("sqrt", safe, ops.UnaryArgs{}); err != nil {
		return nil, err
	}
	return autograd.Where(zero, nil, safe, nought, ops.Operand{})
}

// Reduce is the reduction name (one of ops.ReductionNames) of x over dims,
// with keep its reduced dims kept as size 1: a sum on x's device when it
// lives on one (without keep), else on the host; recorded for the
// differentiable reductions (keep recorded as an unsqueeze). An undefined
// fill reduces the specified elements only (torch.masked).
func (d Dispatcher) Reduce(x Value, name string, dims []int, keep bool) (Result, error) {
	if x.Dev != nil && name == "sum" {
		if keep {
			return Result{}, errs.Errorf(errs.ErrUnsupported, "%s: keepdim on a device tensor has no GPU path: reduce, then unsqueeze (gs_reduce, gs_unsqueeze)", name)
		}
		return onDevice(device.Sum(name, x.Dev, dims))
	}
	var grad func(*autograd.Var) (*autograd.Var, error)
	if g := reduceGrads[name]; g != nil {
		grad = func(v *autograd.Var) (*autograd.Var, error) {
			r, err := g(v, dims, name)
			if err != nil || !keep {
				return r, err
			}
			kd, err := ops.ReducedDims(name, dims, v.Tensor().NDim())
			if err != nil {
				return nil, err
			}
			return autograd.Gather("UnsqueezeBackward0", []*autograd.Var{r}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return ops.KeepDims(ts[0], kd) })
		}
	}
	return d.Apply(name, x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.ReduceKeepDim(t, dims, name, keep) }, grad)
}
