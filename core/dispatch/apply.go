package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/tensor"
)

// Apply runs the host operator op, named name, on x: with grad (its
// backward-recording form, nil when it has none) instead when the call
// records. x may have a fill of the kinds in fills; such an operand goes the
// plain path (the backward formulas read one scalar fill). A device operand
// is refused: op has no GPU path.
func (d Dispatcher) Apply(name string, x Value, fills Fills, op func(*tensor.Tensor) (*tensor.Tensor, error),
	grad func(*autograd.Var) (*autograd.Var, error)) (Result, error) {
	if err := hostOnly(name, x); err != nil {
		return Result{}, err
	}
	if err := CheckFills(x.Arg, x.Host, fills); err != nil {
		return Result{}, err
	}
	if grad != nil && !x.special(AnyFill) && d.Records(x) {
		return Recorded(grad(x.Var))
	}
	t, err := op(x.Host)
	if err != nil {
		return Result{}, err
	}
	return d.Plain(name, t, x), nil
}

// Gather runs op, which copies elements of its operands (a shape or
// indexing operator, named name), on xs: recorded as autograd.Gather under
// torch's node name when the call records.
func (d Dispatcher) Gather(name, node string, xs []Value, fills Fills, op func([]*tensor.Tensor) (*tensor.Tensor, error)) (Result, error) {
	if err := hostOnly(name, xs...); err != nil {
		return Result{}, err
	}
	if err := checkFills(fills, xs...); err != nil {
		return Result{}, err
	}
	if d.Records(xs...) && noFillKindGrad(xs...) == nil {
		return Recorded(autograd.Gather(node, variables(xs), op))
	}
	t, err := op(hosts(xs))
	if err != nil {
		return Result{}, err
	}
	return d.Plain(name, t, xs...), nil
}

// gather1 is Gather of one operand.
func (d Dispatcher) gather1(name, node string, x Value, fills Fills, op func(*tensor.Tensor) (*tensor.Tensor, error)) (Result, error) {
	return d.Gather(name, node, []Value{x}, fills, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return op(ts[0]) })
}
