package convert

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// The conversions of a tensor whose fill is undefined (core/tensor's
// fill_undefined.go).

// errUndefinedDense is the refusal of a dense value of t.
func errUndefinedDense(op string) error {
	return errs.Errorf(errs.ErrInvalidArgument, "%s: the tensor's fill value is undefined (fill_value=[]), so its unspecified elements have no dense value; "+
		"give one: to_dense(fill_value=v) (C: gs_with_fill_value first)", op)
}

// toLayoutUndefined converts a tensor with an undefined fill between sparse
// layouts that keep its stored elements exactly: the same dense dims, and
// no block padding (which would specify elements), so BSR/BSC only from a
// tensor of the same block size.
func toLayoutUndefined(t *tensor.Tensor, layout tensor.Layout, opt tensor.ConvertOptions) (*tensor.Tensor, error) {
	if layout == tensor.Strided {
		return nil, errUndefinedDense("to_dense")
	}
	if layout.IsBlocked() {
		block := opt.BlockSize
		if block == [2]int64{} {
			block = t.BlockSize()
		}
		if !tensor.NamedLayout(t).IsBlocked() || (block != t.BlockSize() && block != [2]int64{t.BlockSize()[1], t.BlockSize()[0]}) {
			return nil, errs.Errorf(errs.ErrUnsupported, "layout: a tensor with an undefined fill converts to %s only from blocks of that size "+
				"(padding a block would specify elements that have no value)", layout)
		}
	}
	if layout == tensor.Custom {
		return nil, errs.Errorf(errs.ErrUnsupported, "layout: a custom format's padding needs a fill value; this tensor's is undefined")
	}
	r, err := ToLayout(tensor.Refill(t, make([]byte, t.DType().Size())), layout, opt)
	if err != nil {
		return nil, err
	}
	if err := SameSpecified(t, r, layout.String()); err != nil {
		return nil, err
	}
	if r.DenseDim() != t.DenseDim() {
		return nil, errs.Errorf(errs.ErrUnsupported, "dense_dim: a tensor with an undefined fill converts only keeping its %d dense dims (%s needs %d here): "+
			"merging or splitting value blocks would specify elements that have no value", t.DenseDim(), layout, r.DenseDim())
	}
	return tensor.AsUndefined(r), nil
}

// SameSpecified refuses r, made from t (whose fill is undefined) by an
// operation that should move its specified elements only, when r stores more
// elements: padding (batches of a compressed layout hold equal numbers of
// entries, blocks are whole) would specify elements that have no value.
func SameSpecified(t, r *tensor.Tensor, what string) error {
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
func storedElements(t *tensor.Tensor) (int64, error) {
	t, err := tensor.Named(t)
	if err != nil {
		return 0, err
	}
	if tensor.NamedLayout(t) == tensor.COO && !t.IsCoalesced() {
		c, err := Coalesce(tensor.Refill(t, make([]byte, t.DType().Size())))
		if err != nil {
			return 0, err
		}
		t = c
	}
	return t.Values().Numel(), nil
}
