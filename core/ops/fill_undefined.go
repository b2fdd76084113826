package ops

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Operators on tensors with an undefined fill (core/tensor/fill_undefined.go),
// with the masked semantics of torch.masked (MaskedTensor): element-wise ops
// and ops with a number map the stored values only; two tensors with
// undefined fills must specify the same elements (torch.masked refuses
// "Input masks must match"); a tensor with an undefined fill and one whose
// every element has a value (strided, or a sparse one with a fill) give the
// first one's pattern, as a MaskedTensor with a plain tensor does;
// reductions and softmax skip the unspecified elements. Each op runs on the
// stored entries with a stand-in fill that no result entry reads, and the
// result's fill is undefined again.

// standIn is the stand-in fill: one, so that no integer division or
// negative power fails on it.
func standIn(t *tensor.Tensor) *tensor.Tensor {
	return tensor.Refill(t, tensor.ScalarBytes(t.DType(), dtype.IntScalar(1)))
}

// undefinedOut converts an undefined-fill result to the layout asked for
// (convert.ToLayout refuses a strided one: it has no dense value).
func undefinedOut(r *tensor.Tensor, o Output) (*tensor.Tensor, error) {
	return toOutput(tensor.AsUndefined(r), o)
}

// unaryUndefined is UnaryByName on a tensor with an undefined fill.
func unaryUndefined(name string, t *tensor.Tensor, args UnaryArgs) (*tensor.Tensor, error) {
	o := args.Out
	args.Out = Output{}
	r, err := UnaryByName(name, standIn(t), args)
	if err != nil {
		return nil, err
	}
	return undefinedOut(r, o)
}

// binaryUndefined is BinaryByName where an operand has an undefined fill.
func binaryUndefined(name string, a, b Operand, args BinaryArgs) (*tensor.Tensor, error) {
	o := args.Out
	args.Out = Output{}
	ua, ub := undefinedOperand(a), undefinedOperand(b)
	if ua && ub {
		same, err := sameSpecified(a.Tensor, b.Tensor)
		if err != nil {
			return nil, err
		}
		if !same {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: both operands have undefined fill values (fill_value=[]) and specify different elements; "+
				"as torch.masked requires, their masks (specified elements) must match", name)
		}
	}
	x, y := a, b
	if ua {
		x = TensorOperand(standIn(a.Tensor))
	}
	if ub {
		y = TensorOperand(standIn(b.Tensor))
	}
	r, err := BinaryByName(name, x, y, args)
	if err != nil {
		return nil, err
	}
	if ua != ub && a.Tensor != nil && b.Tensor != nil {
		// The other operand has a value everywhere: the result is specified
		// where the undefined one is, as a MaskedTensor with a plain tensor.
		mask := x.Tensor
		if ub {
			mask = y.Tensor
		}
		if !slices.Equal(mask.Dims(), r.Dims()) {
			return nil, errs.Errorf(errs.ErrUnsupported, "%s: the operand with an undefined fill value (sizes %s) would be broadcast to %s; give it a value first",
				name, shapeList(mask.Dims()), shapeList(r.Dims()))
		}
		if r, err = SparseMask(r, mask); err != nil {
			return nil, err
		}
	}
	return undefinedOut(r, o)
}

// undefinedOperand reports whether o is a tensor with an undefined fill.
func undefinedOperand(o Operand) bool { return o.Tensor != nil && o.Tensor.UndefinedFill() }

// sameSpecified reports whether two tensors with undefined fills specify the
// same elements (their coalesced sparse coordinates and dense dims agree).
func sameSpecified(a, b *tensor.Tensor) (bool, error) {
	if a.DenseDim() != b.DenseDim() || len(a.Dims()) != len(b.Dims()) {
		return false, nil
	}
	ca, err := coalescedIndices(a)
	if err != nil {
		return false, err
	}
	cb, err := coalescedIndices(b)
	if err != nil {
		return false, err
	}
	if ca.Numel() != cb.Numel() {
		return false, nil
	}
	for i := range ca.Numel() { // the index widths may differ
		if ca.Complex(i).Re() != cb.Complex(i).Re() {
			return false, nil
		}
	}
	return true, nil
}

// coalescedIndices is the (sparse dims, nse) index array of t's coalesced COO form.
func coalescedIndices(t *tensor.Tensor) (dtype.Array, error) {
	c, err := canonicalCOO(standIn(t), t.DenseDim())
	if err != nil {
		return dtype.Array{}, err
	}
	return c.Indices(), nil
}

// reduceUndefined is Reduce on a tensor with an undefined fill: each result
// element reduces the specified elements of its group only, so a group
// without any is the reduction of nothing (sum 0, prod 1, amax -inf, amin
// inf, mean NaN), the values torch.masked's reductions give there. A sparse
// result is specified where its group has a specified element (a
// MaskedTensor's result mask) and keeps an undefined fill.
func reduceUndefined(t *tensor.Tensor, red []bool, dims []int, op string, rd reducer, outDType dtype.DType) (*tensor.Tensor, error) {
	r, err := reduceViaCOO(standIn(t), red, dims, op, rd, outDType, true)
	if err != nil || r.Layout() == tensor.Strided {
		return r, err
	}
	return tensor.AsUndefined(r), nil
}

// softmaxUndefined is Softmax on a tensor with an undefined fill: softmax
// skips the unspecified elements whatever the fill, so only the result's
// fill changes.
func softmaxUndefined(t *tensor.Tensor, dim int, log bool) (*tensor.Tensor, error) {
	r, err := Softmax(standIn(t), dim, log)
	if err != nil {
		return nil, err
	}
	return tensor.AsUndefined(r), nil
}

// emptyMasked is the value of a masked reduction over no element: the
// identity, with amax's -inf and amin's inf of an integer (or bool) result
// its dtype's least and greatest values, as torch.masked gives them.
func emptyMasked(op string, rd reducer, out dtype.DType) dtype.Scalar {
	v := rd.finish(rd.identity, 0)
	if (op != "amax" && op != "amin") || out.IsFloat() {
		return v
	}
	var lo, hi int64
	switch out {
	case dtype.Bool:
		lo, hi = 0, 1
	case dtype.UInt8:
		lo, hi = 0, math.MaxUint8
	case dtype.Int8:
		lo, hi = math.MinInt8, math.MaxInt8
	case dtype.Int16:
		lo, hi = math.MinInt16, math.MaxInt16
	case dtype.Int32:
		lo, hi = math.MinInt32, math.MaxInt32
	default:
		lo, hi = math.MinInt64, math.MaxInt64
	}
	if op == "amax" {
		return dtype.IntScalar(lo)
	}
	return dtype.IntScalar(hi)
}

// keepUndefined runs a shape op that moves stored elements (transpose,
// permute, unsqueeze, squeeze) on a tensor with an undefined fill: the
// result keeps it, unless the op would store more elements than t specifies
// (a batched compressed result pads its batches), which is refused.
func keepUndefined(op string, t *tensor.Tensor, f func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	r, err := f(standIn(t))
	if err != nil {
		return nil, err
	}
	if err := convert.SameSpecified(t, r, op); err != nil {
		return nil, err
	}
	return tensor.AsUndefined(r), nil
}
