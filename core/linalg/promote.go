package linalg

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Products promote their operands' dtypes by the rules of the element-wise
// operations (PromoteTypes), as NumPy and SciPy do: an int64 matrix times a
// float64 vector is a float64 product, a float32 matrix times a float64
// matrix a float64 one. torch refuses mixed dtypes in its products, so every
// call torch accepts (one dtype) takes the unchanged path and gives torch's
// result. An out= destination is not a promotion operand: it must have the
// promoted dtype exactly (checkOut).

// promotedDType returns the dtype the operands (nil ones skipped) promote
// to, and whether they already all have it. A 0-d operand (addmm's and
// addmv's input may be one) only raises the category, as in the element-wise
// operations (dtype.ResultType).
func promotedDType(ts []*tensor.Tensor) (dtype.DType, bool) {
	var d dtype.DType
	seen, same := false, true
	for _, t := range ts {
		if t == nil {
			continue
		}
		if !seen {
			d, seen = t.DType(), true
		} else if t.DType() != d {
			same = false
		}
	}
	if same {
		return d, true // no allocation: every product call asks
	}
	ops := make([]dtype.Operand, 0, len(ts))
	for _, t := range ts {
		if t != nil {
			ops = append(ops, dtype.TensorOperand(t.DType(), len(t.Dims())))
		}
	}
	return dtype.ResultType(ops...), false
}

// sameDType reports whether the operands (nil ones skipped) share one dtype,
// so that a product needs no promotion.
func sameDType(ts ...*tensor.Tensor) bool {
	_, same := promotedDType(ts)
	return same
}

// promoteOperands returns the operands with every one whose dtype differs from
// the promoted dtype cast to it; the casts share the operand's index arrays
// and copy only its values (within the memory limit). Operands already of
// the promoted dtype, and nil ones, are returned as they are.
func promoteOperands(op string, ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
	d, same := promotedDType(ts)
	if same {
		return ts, nil
	}
	out := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		if t == nil || t.DType() == d {
			out[i] = t
			continue
		}
		if c, ok, err := promoteCustom(op, t, d); ok || err != nil {
			if err != nil {
				return nil, err
			}
			out[i] = c
			continue
		}
		var err error
		if t, err = named(t); err != nil {
			return nil, err
		}
		if !t.IsCoalesced() {
			// Duplicates sum in the operand's own dtype first: a cast does not
			// commute with the sum (bool true + true is true, as int64 it is 2).
			if t, err = convert.Coalesce(t); err != nil {
				return nil, err
			}
		}
		if err := errs.CheckAlloc(op+": promoting an operand to "+d.String(), t.Values().Numel(), d.Size()); err != nil {
			return nil, err
		}
		out[i] = tensor.Revalue(t, tensor.CastArray(t.Values(), d), tensor.CastArray(dtype.Array{DType: t.DType(), Shape: []int64{1}, Data: t.FillElem()}, d).Data)
	}
	return out, nil
}

// promoteCustom casts a custom-format tensor of a format with unique
// coordinates and a scalar fill to d in its format (its values array and
// fill cast, its levels shared), so the product still takes the format's
// path; ok is false for any other tensor.
func promoteCustom(op string, t *tensor.Tensor, d dtype.DType) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.Custom || t.PerSlotFill() {
		return nil, false, nil
	}
	u, err := t.USTStorage() // its own storage: no copy
	if err != nil || !u.Format.IsUnique() {
		return nil, false, err
	}
	if err := errs.CheckAlloc(op+": promoting an operand to "+d.String(), u.Values.Numel(), d.Size()); err != nil {
		return nil, true, err
	}
	fill := tensor.CastArray(dtype.Array{DType: t.DType(), Shape: []int64{1}, Data: t.FillElem()}, d).Data
	c, err := tensor.CustomMapped(t, fill, func(v dtype.Array) (dtype.Array, error) { return tensor.CastArray(v, d), nil })
	return c, true, err
}
