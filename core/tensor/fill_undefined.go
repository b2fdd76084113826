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

// errUndefinedDense is the refusal of a dense value of t.
func errUndefinedDense(op string) error {
	return errs.Errorf(errs.ErrInvalidArgument, "%s: the tensor's fill value is undefined (fill_value=[]), so its unspecified elements have no dense value; "+
		"give one: to_dense(fill_value=v) (C: gs_with_fill_value first)", op)
}

// toLayoutUndefined converts a tensor with an undefined fill between sparse
// layouts that keep its stored elements exactly: the same dense dims, and
// no block padding (which would specify elements), so BSR/BSC only from a
// tensor of the same block size.
func toLayoutUndefined(t *Tensor, layout Layout, opt ConvertOptions) (*Tensor, error) {
	if layout == Strided {
		return nil, errUndefinedDense("to_dense")
	}
	if layout.IsBlocked() {
		block := opt.BlockSize
		if block == [2]int64{} {
			block = t.block
		}
		if !t.layout.IsBlocked() || (block != t.block && block != [2]int64{t.block[1], t.block[0]}) {
			return nil, errs.Errorf(errs.ErrUnsupported, "layout: a tensor with an undefined fill converts to %s only from blocks of that size "+
				"(padding a block would specify elements that have no value)", layout)
		}
	}
	if layout == Custom {
		return nil, errs.Errorf(errs.ErrUnsupported, "layout: a custom format's padding needs a fill value; this tensor's is undefined")
	}
	r, err := ToLayout(Refill(t, make([]byte, t.dtype.Size())), layout, opt)
	if err != nil {
		return nil, err
	}
	if err := SameSpecified(t, r, layout.String()); err != nil {
		return nil, err
	}
	if r.denseDim != t.denseDim {
		return nil, errs.Errorf(errs.ErrUnsupported, "dense_dim: a tensor with an undefined fill converts only keeping its %d dense dims (%s needs %d here): "+
			"merging or splitting value blocks would specify elements that have no value", t.denseDim, layout, r.denseDim)
	}
	return AsUndefined(r), nil
}

// SameSpecified refuses r, made from t (whose fill is undefined) by an
// operation that should move its specified elements only, when r stores more
// elements: padding (batches of a compressed layout hold equal numbers of
// entries, blocks are whole) would specify elements that have no value.
func SameSpecified(t, r *Tensor, what string) error {
	n, err := storedElements(t)
	if err != nil {
		return err
	}
	m, err := storedElements(r)
	if err != nil {
		return err
	}
	if m != n {
		return errs.Errorf(errs.ErrUnsupported, "%s: the result would store %d elements for the %d specified ones of a tensor with an undefined fill value "+
			"(padding would specify elements that have no value); give it a value first", what, m, n)
	}
	return nil
}

// storedElements counts t's stored elements, duplicates summed.
func storedElements(t *Tensor) (int64, error) {
	t = t.named()
	if t.layout == COO && !t.coalesced {
		c, err := Coalesce(Refill(t, make([]byte, t.dtype.Size())))
		if err != nil {
			return 0, err
		}
		t = c
	}
	return t.values.Numel(), nil
}

// undefinedSlots is the fill array of an undefined fill: shape (0,), as the
// RFC's _fill_value() gives it.
func undefinedSlots(d dtype.DType) dtype.Array {
	return dtype.Array{DType: d, Shape: []int64{0}, Data: []byte{}}
}
