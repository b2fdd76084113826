package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// mergeSame runs add, sub and mul of two tensors of the result's layout
// (CSR, CSC or coalesced COO, without batch or dense dims or a per-slot
// fill) and one dtype (bool, integer, float32/64, complex) that store one pattern (b = a, or a map of a: the
// same index arrays, shared or equal) as a zip of their values
// (engine.MergeValues); the result shares a's structure. ok is false for
// every other case. The result is mergeBinary's: same pattern, values bit
// for bit, fill and flags.
func mergeSame(op string, a, b *tensor.Tensor, out dtype.DType, layout tensor.Layout, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	mop, margs, ok := mergeEngineOp(op, args)
	if !ok || a.Layout() != layout || b.Layout() != layout || a.DType() != out || b.DType() != out ||
		!plainMatrix(a) || !plainMatrix(b) {
		return nil, false, nil
	}
	if layout != tensor.COO && a.Levels()[1].Nonunique {
		return nil, false, nil // repeated columns: mul of a zip would not square their sum
	}
	if !samePattern(a, b) {
		return nil, false, nil
	}
	vals, fill, ok, err := engine.MergeValues(mop, margs, a.Values(), b.Values(), a.FillElem(), b.FillElem())
	if !ok || err != nil {
		return nil, ok, err
	}
	return tensor.Revalue(a, vals, fill), true, nil
}
