package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// An undefined fill is the fill-value RFC's third kind (Python
// fill_value=[], _fill_value() of shape (0,)): the unspecified elements have
// no value at all, as the masked-out elements of torch.masked. The tensor
// then holds no scalar fill: the scalar accessor (FillElem) panics on
// it as on a per-slot fill, so a path that was not taught
// it stops instead of reading a made-up value. The paths taught it run on
// the stored entries only: they give the tensor a stand-in fill (Refill),
// which every stored entry outlives, and mark the result undefined again
// (AsUndefined).

// UndefinedFill reports whether t's unspecified elements have no value.
func (t *Tensor) UndefinedFill() bool { return t.undef }

// WithUndefinedFill returns a copy of t whose unspecified elements have no
// value (the stored elements are unchanged). A strided tensor has no
// unspecified elements, and a custom format's padding must hold a value:
// both are refused.
func WithUndefinedFill(t *Tensor) (*Tensor, error) {
	if t.layout == Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "fill_value: an undefined fill ([]) needs a sparse tensor; a strided tensor has no unspecified elements")
	}
	if t.formatStore() != nil {
		return nil, errs.Errorf(errs.ErrUnsupported, "fill_value: an undefined fill ([]) is not supported on a custom-format tensor (its padding holds the fill value)")
	}
	return AsUndefined(Clone(t)), nil
}

// AsUndefined is t (its storage shared, not copied: tensors are immutable)
// with an undefined fill.
func AsUndefined(t *Tensor) *Tensor {
	t = t.named()
	c := *t
	c.setFill(make([]byte, t.dtype.Size()))
	c.undef = true
	return &c
}

// Refill is t (its storage shared) whose unspecified elements read fill
// (one element of t's dtype): the stand-in an operator gives an undefined
// fill to run on the stored entries.
func Refill(t *Tensor, fill []byte) *Tensor {
	t = t.named()
	c := *t
	c.setFill(fill)
	return &c
}

// undefinedSlots is the fill array of an undefined fill: shape (0,), as the
// RFC's _fill_value() gives it.
func undefinedSlots(d dtype.DType) dtype.Array {
	return dtype.Array{DType: d, Shape: []int64{0}, Data: []byte{}}
}
