package ops

import (
	"slices"

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

// binaryStrided runs op on two strided tensors of one dtype (the result's,
// or bool for a comparison) that broadcast to shape, through
// engine.StridedBinary: typed loops over the native buffers, each operand
// read through its broadcast strides, no widened or expanded copy. ok is false for every other case (other
// ops, mixed dtypes, halves, complex, integer true division, rounding
// modes), which binaryDense (broadcastDense) takes; the results are
// theirs, bit for bit.
func binaryStrided(op string, a, b *tensor.Tensor, shape []int64, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	bop, found := stridedOps[op]
	d := a.DType()
	if !found || args.RoundingMode != "" || a.Layout() != tensor.Strided || b.Layout() != tensor.Strided ||
		b.DType() != d || (out != d && !(out == dtype.Bool && bop >= engine.BinEq)) {
		return nil, false, nil
	}
	al := alphaScalar(op, args)
	if al.Im() != 0 {
		return nil, false, nil
	}
	x := engine.Operand{Vals: a.Values(), Strides: operandStrides(a.Dims(), shape)}
	y := engine.Operand{Vals: b.Values(), Strides: operandStrides(b.Dims(), shape)}
	return engine.StridedBinary(bop, al.Re(), al.Int(), x, y, shape)
}

// operandStrides is the operand's steps through the result's shape for
// engine.StridedBinary: nil (row-major of shape itself, the common case,
// which runs as one flat loop without allocating) when it has that shape.
func operandStrides(dims, shape []int64) []int64 {
	if slices.Equal(dims, shape) {
		return nil
	}
	return engine.BroadcastStrides(dims, shape)
}
