package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Value is one operand: a host tensor (Host, with Var non-nil once it takes
// part in autograd) or a device tensor (Dev, Host nil). Arg names the
// argument in refusals ("t", "a", "tensors[2]").
type Value struct {
	Arg  string
	Host *tensor.Tensor
	Var  *autograd.Var
	Dev  *device.Tensor
}

// Host is the operand arg for a host tensor that takes no part in autograd.
func Host(arg string, t *tensor.Tensor) Value { return Value{Arg: arg, Host: t} }

// variable is the autograd variable of x: its own, or a constant.
func (x Value) variable() *autograd.Var {
	if x.Var != nil {
		return x.Var
	}
	return autograd.Constant(x.Host)
}

// requiresGrad reports whether x takes part in autograd.
func (x Value) requiresGrad() bool { return x.Var != nil && x.Var.RequiresGrad() }

// Result is what a call gives: a host tensor (Host, with Var non-nil when
// the call recorded a node) or a device tensor (Dev). Saves is true when
// Var's node has a backward formula and so holds its inputs and output for
// it; a node without one (it refuses at backward) saves nothing.
type Result struct {
	Host  *tensor.Tensor
	Var   *autograd.Var
	Dev   *device.Tensor
	Saves bool

	op     string          // the refusing node's operation name
	inputs []*autograd.Var // its inputs, for WithHost
}

// WithHost is r with its host tensor replaced by t (a copy the caller made,
// e.g. to own storage r aliases); a refusing node is made again on t. A
// result with a backward formula (Saves) is returned unchanged: its node
// was built on r.Host.
func (r Result) WithHost(t *tensor.Tensor) Result {
	if r.Saves || r.Dev != nil {
		return r
	}
	r.Host = t
	if r.Var != nil {
		r.Var = autograd.NoBackward(r.op, t, r.inputs...)
	}
	return r
}

// Dispatcher applies the rules; its zero value records whenever an
// operand requires a gradient.
type Dispatcher struct {
	// GradEnabled reports whether the calling thread records autograd
	// (torch's grad mode); nil: always. It is called only when an operand
	// requires a gradient.
	GradEnabled func() bool
}

// Records reports whether a call on xs must record a node: an operand
// requires a gradient and grad mode is on.
func (d Dispatcher) Records(xs ...Value) bool {
	for _, x := range xs {
		if x.requiresGrad() {
			return d.GradEnabled == nil || d.GradEnabled()
		}
	}
	return false
}

// Plain is the result t of an operation op without a backward formula on
// xs: when the call records and t is floating or complex, it gets a node
// that refuses at backward naming op (torch's results of comparisons and
// counts never require a gradient).
func (d Dispatcher) Plain(op string, t *tensor.Tensor, xs ...Value) Result {
	r := Result{Host: t}
	if t == nil || !(t.DType().IsFloat() || t.DType().IsComplex()) || !d.Records(xs...) {
		return r
	}
	r.op, r.inputs = op, variables(xs)
	r.Var = autograd.NoBackward(op, t, r.inputs...)
	return r
}

// Recorded is the result of a recorded operation with a backward formula.
func Recorded(v *autograd.Var, err error) (Result, error) {
	if err != nil {
		return Result{}, err
	}
	return Result{Host: v.Tensor(), Var: v, Saves: true}, nil
}

// onDevice is the result of a device operation.
func onDevice(t *device.Tensor, err error) (Result, error) {
	if err != nil {
		return Result{}, err
	}
	return Result{Dev: t}, nil
}

// variables lists the autograd variables of xs (constants for those that
// take no part).
func variables(xs []Value) []*autograd.Var {
	vs := make([]*autograd.Var, len(xs))
	for i, x := range xs {
		vs[i] = x.variable()
	}
	return vs
}

// hosts lists the host tensors of xs.
func hosts(xs []Value) []*tensor.Tensor {
	ts := make([]*tensor.Tensor, len(xs))
	for i, x := range xs {
		ts[i] = x.Host
	}
	return ts
}

// hostOnly refuses a device operand of op, which has no GPU path.
func hostOnly(op string, xs ...Value) error {
	for _, x := range xs {
		if x.Dev != nil {
			return device.Refuse(op, x.Arg, x.Dev)
		}
	}
	return nil
}

// sameDevice reports whether any of xs lives on a device and refuses a mix
// of host and device operands (torch's rule: no implicit moves).
func sameDevice(op string, xs ...Value) (bool, error) {
	var host, dev *Value
	for i := range xs {
		if xs[i].Dev != nil {
			dev = &xs[i]
		} else if host == nil {
			host = &xs[i]
		}
	}
	if dev == nil {
		return false, nil
	}
	if host != nil {
		return true, errs.Errorf(errs.ErrInvalidArgument, "%s: %s is on the CPU and %s on a CUDA device: expected all tensors on one device (move one with gs_to_device; Python: .cuda() / .cpu())", op, host.Arg, dev.Arg)
	}
	return true, nil
}
