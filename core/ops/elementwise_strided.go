package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// stridedOps are the binary ops with the engine's hand-written loop for
// two strided operands.
var stridedOps = map[string]engine.BinOp{
	"add": engine.BinAdd, "sub": engine.BinAdd, "mul": engine.BinMul, "div": engine.BinDiv, "true_divide": engine.BinDiv,
	"maximum": engine.BinMax, "minimum": engine.BinMin,
	"eq": engine.BinEq, "ne": engine.BinNe, "lt": engine.BinLt, "le": engine.BinLe, "gt": engine.BinGt, "ge": engine.BinGe,
}

// binaryStrided runs op on two strided tensors of one shape and one dtype
// (the result's, or bool for a comparison) through engine.StridedBinary: typed loops over the
// native buffers, no widened copy. ok is false for every other case (other
// ops, mixed dtypes, halves, complex, integer true division, rounding
// modes), which binaryDense takes; the results are binaryDense's, bit for
// bit.
func binaryStrided(op string, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	bop, found := stridedOps[op]
	d := a.DType()
	if !found || args.RoundingMode != "" || a.StorageLayout() != tensor.Strided || b.StorageLayout() != tensor.Strided ||
		b.DType() != d || (out != d && !(out == dtype.Bool && bop >= engine.BinEq)) {
		return nil, false, nil
	}
	al := alphaScalar(op, args)
	if al.Im() != 0 {
		return nil, false, nil
	}
	shape := a.Dims()
	z, ok, err := engine.StridedBinary(bop, al.Re(), al.Int(), engine.Contiguous(a.ValueArray(), shape), engine.Contiguous(b.ValueArray(), shape), shape)
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err := tensor.NewStrided(z)
	return r, true, err
}
