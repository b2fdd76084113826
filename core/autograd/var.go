package autograd

import (
	"slices"
	"sync"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Var is a tensor taking part in differentiation: a leaf that may require a
// gradient, or the result of a recorded operation (with a node, Fn). The
// tensor itself is immutable; the gradient of a leaf is the only state.
type Var struct {
	t        *tensor.Tensor
	requires bool  // leaves: the caller asked for a gradient
	fn       *Node // nil for leaves

	mu   sync.Mutex
	grad *tensor.Tensor
}

// Leaf returns a leaf variable for t. With requiresGrad, t must have a
// floating or complex dtype (float32, float64, complex64, complex128), as
// torch requires.
func Leaf(t *tensor.Tensor, requiresGrad bool) (*Var, error) {
	v := &Var{t: t}
	return v, v.SetRequiresGrad(requiresGrad)
}

// Constant wraps t as a leaf that requires no gradient.
func Constant(t *tensor.Tensor) *Var { return &Var{t: t} }

// Tensor returns the variable's tensor.
func (v *Var) Tensor() *tensor.Tensor { return v.t }

// RequiresGrad reports whether gradients flow to or through v.
func (v *Var) RequiresGrad() bool { return v.requires || v.fn != nil }

// IsLeaf reports whether v was not made by a recorded operation.
func (v *Var) IsLeaf() bool { return v.fn == nil }

// Fn returns the node that made v (nil for leaves).
func (v *Var) Fn() *Node { return v.fn }

// SetRequiresGrad sets a leaf's flag (torch's requires_grad_). A result of
// a recorded operation cannot change it: detach it first.
func (v *Var) SetRequiresGrad(on bool) error {
	if v.fn != nil {
		return errs.Errorf(errs.ErrInvalidArgument, "requires_grad: you can only change requires_grad flags of leaf variables (this tensor is the result of %s); detach it first", v.fn.name)
	}
	if on {
		if err := checkDifferentiable(v.t.DType()); err != nil {
			return err
		}
	}
	v.requires = on
	return nil
}

// checkDifferentiable refuses dtypes that cannot require gradients.
func checkDifferentiable(d dtype.DType) error {
	switch d {
	case dtype.Float32, dtype.Float64, dtype.Complex64, dtype.Complex128:
		return nil
	}
	return errs.Errorf(errs.ErrInvalidArgument, "requires_grad: only tensors of floating point and complex dtype (float32, float64, complex64, complex128) can require gradients, got %s", d)
}

// Grad returns the leaf's accumulated gradient, nil when none was computed
// (or after ZeroGrad).
func (v *Var) Grad() *tensor.Tensor {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.grad
}

// ZeroGrad drops the accumulated gradient (torch's set_to_none), so that
// the next backward starts from none.
func (v *Var) ZeroGrad() {
	v.mu.Lock()
	v.grad = nil
	v.mu.Unlock()
}

// SetGrad replaces the leaf's accumulated gradient by g (nil: none), as
// torch's t.grad = g: g must have the leaf's shape and dtype.
func (v *Var) SetGrad(g *tensor.Tensor) error {
	if v.fn != nil {
		return errs.Errorf(errs.ErrInvalidArgument, "grad: only a leaf's gradient can be assigned (this tensor is the result of %s)", v.fn.name)
	}
	if g != nil && (g.DType() != v.t.DType() || !slices.Equal(g.Dims(), v.t.Dims())) {
		return errs.Errorf(errs.ErrInvalidArgument, "grad: assigned grad has shape %v and dtype %s; the tensor has shape %v and dtype %s",
			g.Dims(), g.DType(), v.t.Dims(), v.t.DType())
	}
	v.mu.Lock()
	v.grad = g
	v.mu.Unlock()
	return nil
}

// Detach returns a leaf sharing v's tensor that requires no gradient.
func (v *Var) Detach() *Var { return &Var{t: v.t} }

// accumulate adds g to the leaf's gradient.
func (v *Var) accumulate(g *tensor.Tensor) error {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.grad == nil {
		v.grad = g
		return nil
	}
	s, err := addGrads(v.grad, g)
	if err != nil {
		return err
	}
	v.grad = s
	return nil
}
