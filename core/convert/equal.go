package convert

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// Equal reports whether a and b have the same shape, dtype and value at every
// element (fill values included; NaN equals nothing, as torch.equal).
func Equal(a, b *tensor.Tensor) (bool, error) {
	if a.DType() != b.DType() || !slices.Equal(a.Dims(), b.Dims()) {
		return false, nil
	}
	if a.UndefinedFill() || b.UndefinedFill() {
		return equalUndefined(a, b)
	}
	if a.PerSlotFill() || b.PerSlotFill() { // the element-level tensor.COO below would drop the dense dims
		return denseEqual(a, b)
	}
	if len(a.Dims()) == 0 { // one element each: compare the dense values (a 0-d tensor.COO sums its entries)
		da, err := ToDense(a)
		if err != nil {
			return false, err
		}
		db, err := ToDense(b)
		if err != nil {
			return false, err
		}
		return da.Values().Complex(0).Equal(db.Values().Complex(0)), nil
	}
	ca, err := CoalescedCOO(a, 0)
	if err != nil {
		return false, err
	}
	cb, err := CoalescedCOO(b, 0)
	if err != nil {
		return false, err
	}
	return sortedEntriesEqual(ca, cb), nil
}

// sortedEntriesEqual merges two coalesced element-level tensor.COO tensors: every
// coordinate present in either must hold equal values (a missing one reads the
// fill), and if the fills differ every element must be present in both.
func sortedEntriesEqual(a, b *tensor.Tensor) bool {
	fa, fb := dtype.LoadScalar(a.DType(), a.FillElem()), dtype.LoadScalar(b.DType(), b.FillElem())
	na, nb := a.Indices().Shape[1], b.Indices().Shape[1]
	cmp := func(i, j int64) int { return tensor.CmpColumns(a, i, b, j, len(a.Dims())) }
	i, j, union := int64(0), int64(0), int64(0)
	for i < na || j < nb {
		var va, vb dtype.Scalar
		switch c := cmpOrEnd(i, na, j, nb, cmp); {
		case c < 0:
			va, vb = a.Values().Complex(i), fb
			i++
		case c > 0:
			va, vb = fa, b.Values().Complex(j)
			j++
		default:
			va, vb = a.Values().Complex(i), b.Values().Complex(j)
			i, j = i+1, j+1
		}
		if !va.Equal(vb) {
			return false
		}
		union++
	}
	return union == dtype.NumelOf(a.Dims()) || fa.Equal(fb)
}

// cmpOrEnd compares the current entries of two merged lists, treating an
// exhausted list as greater.
func cmpOrEnd(i, na, j, nb int64, cmp func(i, j int64) int) int {
	switch {
	case i >= na:
		return 1
	case j >= nb:
		return -1
	}
	return cmp(i, j)
}

// denseEqual compares a and b (same dtype and shape) element by element
// through their dense forms (NaN equals nothing).
func denseEqual(a, b *tensor.Tensor) (bool, error) {
	da, err := ToDense(a)
	if err != nil {
		return false, err
	}
	db, err := ToDense(b)
	if err != nil {
		return false, err
	}
	for i := int64(0); i < da.Values().Numel(); i++ {
		if !da.Values().Complex(i).Equal(db.Values().Complex(i)) {
			return false, nil
		}
	}
	return true, nil
}

// equalUndefined: two tensors with undefined fills are equal when they
// specify the same elements with the same values (NaN equals nothing).
func equalUndefined(a, b *tensor.Tensor) (bool, error) {
	if !a.UndefinedFill() || !b.UndefinedFill() {
		return false, nil // an undefined element equals no value
	}
	ca, err := Coalesce(tensor.Refill(a, make([]byte, a.DType().Size())))
	if err != nil {
		return false, err
	}
	cb, err := Coalesce(tensor.Refill(b, make([]byte, b.DType().Size())))
	if err != nil {
		return false, err
	}
	ca, err = ToLayout(ca, tensor.COO, tensor.ConvertOptions{DenseDim: a.DenseDim(), SparseDim: -1})
	if err != nil {
		return false, err
	}
	cb, err = ToLayout(cb, tensor.COO, tensor.ConvertOptions{DenseDim: a.DenseDim(), SparseDim: -1})
	if err != nil {
		return false, err
	}
	if a.DenseDim() != b.DenseDim() || !slices.Equal(ca.Indices().Shape, cb.Indices().Shape) {
		return false, nil
	}
	for i := range ca.Indices().Numel() { // the widths may differ
		if ca.Indices().Complex(i).Re() != cb.Indices().Complex(i).Re() {
			return false, nil
		}
	}
	va, vb := ca.Values(), cb.Values()
	for i := range va.Numel() {
		if !va.Complex(i).Equal(vb.Complex(i)) {
			return false, nil
		}
	}
	return true, nil
}
