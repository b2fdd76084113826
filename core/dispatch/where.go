package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
)

// Either is a tensor operand (Tensor non-nil) or a number: torch.where's x
// and y.
type Either struct {
	Tensor *Value
	Number dtype.Number
}

// operand is e as core/ops reads it.
func (e Either) operand() ops.Operand {
	if e.Tensor != nil {
		return ops.TensorOperand(e.Tensor.Host)
	}
	return ops.NumberOperand(e.Number)
}

// variable is e's autograd variable, nil for a number.
func (e Either) variable() *autograd.Var {
	if e.Tensor == nil {
		return nil
	}
	return e.Tensor.variable()
}

// Where is torch.where(cond, x, y): host only, scalar fills, recorded when
// x or y takes part in autograd.
func (d Dispatcher) Where(cond Value, x, y Either) (Result, error) {
	xs := []Value{cond}
	for _, e := range []Either{x, y} {
		if e.Tensor != nil {
			xs = append(xs, *e.Tensor)
		}
	}
	if err := hostOnly("where", xs...); err != nil {
		return Result{}, err
	}
	if err := checkFills(0, xs...); err != nil {
		return Result{}, err
	}
	if d.Records(xs[1:]...) {
		return Recorded(autograd.Where(cond.Host, x.variable(), y.variable(), x.operand(), y.operand()))
	}
	t, err := ops.Where(cond.Host, x.operand(), y.operand())
	if err != nil {
		return Result{}, err
	}
	return d.Plain("where", t, xs...), nil
}
