package dispatch

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Fills is the set of fill kinds beyond the scalar fill that an operator
// takes: a per-slot fill (an array over the dense dims,
// core/tensor/fill_slots.go) and the undefined fill (torch.masked's
// semantics, core/tensor/fill_undefined.go). Every other operator refuses
// them, naming the operand, so a path that was not taught never reads a
// wrong scalar.
type Fills uint8

// The fill kinds an operator may take.
const (
	PerSlot Fills = 1 << iota
	Undefined
	AnyFill = PerSlot | Undefined
)

// of is the kind of t's fill (0: a scalar fill).
func of(t *tensor.Tensor) Fills {
	switch {
	case t == nil:
		return 0
	case t.PerSlotFill():
		return PerSlot
	case t.UndefinedFill():
		return Undefined
	}
	return 0
}

// special reports whether x is a host tensor whose fill is one of kinds.
func (x Value) special(kinds Fills) bool { return of(x.Host)&kinds != 0 }

// CheckFills refuses t (the argument arg) when its fill is a kind the
// operator does not take (accept).
func CheckFills(arg string, t *tensor.Tensor, accept Fills) error {
	switch of(t) &^ accept {
	case PerSlot:
		return errs.Errorf(errs.ErrUnsupported, "%s has a per-slot fill value (an array over its dense dims %v): this call does not support per-slot fills; "+
			"give it one scalar fill first (gs_with_fill_value; Python: with_fill_value)", arg, t.DenseShape())
	case Undefined:
		return errs.Errorf(errs.ErrUnsupported, "%s has an undefined fill value (fill_value=[], torch.masked's semantics): this call does not support it "+
			"(torch.masked defines no such operation either); give it a value first (gs_with_fill_value; Python: with_fill_value)", arg)
	}
	return nil
}

// checkFills is CheckFills over operands.
func checkFills(accept Fills, xs ...Value) error {
	for _, x := range xs {
		if err := CheckFills(x.Arg, x.Host, accept); err != nil {
			return err
		}
	}
	return nil
}

// noFillKindGrad refuses to record through an operand with a per-slot or
// an undefined fill: the backward formulas read one scalar fill.
func noFillKindGrad(xs ...Value) error {
	for _, x := range xs {
		if x.special(AnyFill) {
			return errs.Errorf(errs.ErrUnsupported, "autograd: an operand with a per-slot or undefined fill value takes no part in a recorded operation; give it one scalar fill first (gs_with_fill_value)")
		}
	}
	return nil
}
