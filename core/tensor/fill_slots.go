package tensor

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// A per-slot fill is the fill-value RFC's fill of a hybrid tensor: an array
// with the dense dims' shape, element (sparse index, dense index d) of an
// unspecified sparse position reading slot d. The tensor then holds it in
// slots and no scalar fill: the scalar accessor (FillElem)
// panics on it, so a code path that was not taught the slots stops (the C
// boundary's guard turns the panic into an error) instead of reading a wrong
// scalar. The paths taught it read FillPattern.

// PerSlotFill reports whether t's fill differs between its dense slots.
func (t *Tensor) PerSlotFill() bool { return t.slots.Data != nil }

// SlotFill returns the fill as an array of the dense dims' shape (a copy):
// the per-slot fill, or the scalar fill broadcast.
func (t *Tensor) SlotFill() dtype.Array {
	if t.undef { // the RFC's undefined fill: shape (0,)
		return undefinedSlots(t.dtype)
	}
	if t.PerSlotFill() {
		return CloneArray(t.slots)
	}
	out := dtype.NewArray(t.dtype, slices.Clone(t.DenseShape()))
	copy(out.Data, t.fill)
	if !AllZero(t.fill) {
		FillArray(out, t.fill)
	}
	return out
}

// scalarFill is the one-element fill; it panics on a per-slot fill, which
// no single element describes, and on an undefined one.
func (t *Tensor) scalarFill() []byte {
	if t.undef {
		panic("gosparse internal error: the scalar fill of a tensor with an undefined fill value was read by a code path that does not support undefined fills")
	}
	if t.PerSlotFill() {
		panic(fmt.Sprintf("gosparse internal error: the scalar fill of a tensor with a per-slot fill (dense shape %v) was read by a code path that does not support per-slot fills", t.DenseShape()))
	}
	return t.fill
}

// FillPattern returns the fill as bytes that tile any array whose innermost
// dims are the dense dims: one element, or the per-slot fill's elements
// (PerSlotFill); nil for an undefined fill (UndefinedFill), which has none.
// Parts.Fill takes this form.
func (t *Tensor) FillPattern() []byte {
	if t.undef {
		return nil
	}
	if t.PerSlotFill() {
		return t.slots.Data
	}
	return t.fill
}

// setFill gives t the scalar fill b (dropping any per-slot or undefined fill).
func (t *Tensor) setFill(b []byte) {
	t.fill, t.slots, t.undef = b, dtype.Array{}, false
}

// setFillPattern gives t the fill pattern p (see FillPattern): one element
// of t's dtype, or one per dense slot.
func (t *Tensor) setFillPattern(p []byte) {
	es := t.dtype.Size()
	if len(p) <= es { // one element (or none, as a tensor made without a fill had)
		t.setFill(p)
		return
	}
	ds := slices.Clone(t.DenseShape())
	if int64(len(p)) != dtype.NumelOf(ds)*int64(es) {
		panic(fmt.Sprintf("gosparse internal error: a fill pattern of %d bytes for dense shape %v", len(p), ds))
	}
	t.fill, t.slots, t.undef = nil, dtype.Array{DType: t.dtype, Shape: ds, Data: p}, false
}

// carryFill gives t (a tensor being built from src, with src's dtype and
// dense dims) a copy of src's fill, per-slot, scalar or undefined.
func (t *Tensor) carryFill(src *Tensor) {
	if src.undef {
		t.setFill(make([]byte, t.dtype.Size()))
		t.undef = true
		return
	}
	t.setFillPattern(bytes.Clone(src.FillPattern()))
}

// shareFill gives t (a tensor sharing src's storage, with src's dtype and
// dense dims) src's fill itself, per-slot, scalar or undefined: fills are
// never modified once set, so a relabel need not copy one.
func (t *Tensor) shareFill(src *Tensor) {
	t.fill, t.slots, t.undef = src.fill, src.slots, src.undef
}

// WithSlotFill returns a copy of t whose unspecified elements read fill, an
// array of t's dtype with the shape of t's dense dims (the fill-value RFC's
// form for hybrid tensors): slot d of every unspecified sparse position reads
// fill[d]. An array whose elements are all equal becomes the scalar fill; an
// array of shape (0,) is the undefined fill (WithUndefinedFill); an array of
// another dtype is refused (ErrDType), as the RFC refuses it.
func WithSlotFill(t *Tensor, fill dtype.Array) (*Tensor, error) {
	if slices.Equal(fill.Shape, []int64{0}) { // the RFC's undefined fill, fill_value=[] (of any dtype: it holds no element)
		return WithUndefinedFill(t)
	}
	if fill.DType != t.dtype { // the RFC: an array fill of another dtype is a TypeError
		return nil, errs.Errorf(errs.ErrDType, "fill_value: an array of dtype %s must have the tensor's dtype %s (the fill-value RFC casts no array fill)", fill.DType, t.dtype)
	}
	ds := t.DenseShape()
	if !slices.Equal(fill.Shape, ds) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "fill_value: shape %v must be the tensor's dense dims' shape %v",
			fill.Shape, ds)
	}
	es := int64(t.dtype.Size())
	n := dtype.NumelOf(ds)
	if int64(len(fill.Data)) != n*es {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "fill_value: %d bytes given, shape %v of %s needs %d", len(fill.Data), ds, t.dtype, n*es)
	}
	if n == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "fill_value: an empty array (dense shape %v) holds no fill value", ds)
	}
	first := fill.Data[:es]
	allEqual := true
	for i := int64(1); i < n && allEqual; i++ {
		allEqual = bytes.Equal(fill.Data[i*es:(i+1)*es], first)
	}
	if allEqual {
		return WithFill(t, first)
	}
	if t.formatStore() != nil {
		return nil, errs.Errorf(errs.ErrUnsupported, "fill_value: a per-slot fill is not supported on a custom-format tensor")
	}
	c := Clone(t)
	c.setFillPattern(bytes.Clone(fill.Data))
	return c, nil
}
