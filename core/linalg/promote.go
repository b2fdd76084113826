package linalg

import (
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
		if !t.IsCoalesced() {
			// Duplicates sum in the operand's own dtype first: a cast does not
			// commute with the sum (bool true + true is true, as int64 it is 2).
			var err error
			if t, err = tensor.Coalesce(t); err != nil {
				return nil, err
			}
		}
		if err := errs.CheckAlloc(op+": promoting an operand to "+d.String(), t.ValueArray().Numel(), d.Size()); err != nil {
			return nil, err
		}
		out[i] = tensor.Revalue(t, tensor.CastArray(t.ValueArray(), d), tensor.CastArray(dtype.Array{DType: t.DType(), Shape: []int64{1}, Data: t.FillElem()}, d).Data)
	}
	return out, nil
}
