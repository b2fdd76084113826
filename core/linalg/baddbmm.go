package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Baddbmm returns beta * input + alpha * (batch1 @ batch2) (torch.baddbmm)
// as a dense (B, m, n) tensor: batch1 (B, m, k) of any layout (a ragged
// batch or a batched CSR on their kernels, as Bmm), batch2 (B, k, n) dense
// (densified if sparse), input broadcast to (B, m, n) under torch's rules
// (densified if sparse). As torch, beta zero ignores input and alpha zero
// the product, NaN and infinities in them included.
func Baddbmm(input, batch1, batch2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	return inComputeDType("baddbmm", []*tensor.Tensor{input, batch1, batch2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return baddbmmNative("baddbmm", ts[0], ts[1], ts[2], beta, alpha)
	})
}

// baddbmmNative is Baddbmm on operands already in one compute dtype
// (inComputeDType promoted and widened them), reporting errors as op.
func baddbmmNative(op string, input, a, b *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	if err := checkTensor(op, 1, "input", input, 0, 1, 2, 3); err != nil {
		return nil, err
	}
	if err := checkTensor(op, 2, "batch1", a, 3); err != nil {
		return nil, err
	}
	if err := checkTensor(op, 3, "batch2", b, 3); err != nil {
		return nil, err
	}
	d := a.DType()
	if err := checkSameDType(op, 1, "input", input, d, "batch1"); err != nil {
		return nil, err
	}
	if err := checkSameDType(op, 3, "batch2", b, d, "batch1"); err != nil {
		return nil, err
	}
	if err := checkScalars(op, d, beta, alpha); err != nil {
		return nil, err
	}
	nb, m, k, n := a.Dims()[0], a.Dims()[1], a.Dims()[2], b.Dims()[2]
	if err := checkSize(op, 3, "batch2", b, 0, nb, "the batch size of batch1"); err != nil {
		return nil, err
	}
	if err := checkSize(op, 3, "batch2", b, 1, k, "the columns of batch1"); err != nil {
		return nil, err
	}
	res := []int64{nb, m, n}
	if !engine.BroadcastsTo(input.Dims(), res) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: size %v cannot broadcast to the result size %s", arg(op, 1, "input"), input.Dims(), formatShape(res))
	}
	st := engine.BroadcastStrides(input.Dims(), res) // (batch, row, column) strides into input
	out, err := newDense(op, d, nb, m, n)
	if err != nil {
		return nil, err
	}
	if r, ok := tensor.RaggedOf(a); ok && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() {
		bd, err := denseData(b)
		if err != nil {
			return nil, err
		}
		if err := raggedBmm(op, r, alpha, bd, k, n, out); err != nil {
			return nil, err
		}
	} else {
		p, err := bmmNative(op, a, b)
		if err != nil {
			return nil, err
		}
		ops, err := opsFor(op, d, 64)
		if err != nil {
			return nil, err
		}
		ops.addScaled(out, nb*m, n, alpha, p.Values(), n, 1) // out is zero: alpha * p exactly
	}
	dropProduct(out, alpha)
	if beta.IsZero() {
		return wrapStrided(out, nb, m, n)
	}
	ind, err := denseData(input)
	if err != nil {
		return nil, err
	}
	ops, err := opsFor(op, d, 64)
	if err != nil {
		return nil, err
	}
	flat, mn := flatView(ind), m*n
	for i := range nb {
		ops.addScaled(sliceView(out, i*mn, (i+1)*mn), m, n, beta, sliceView(flat, i*st[0], flat.Numel()), st[1], st[2])
	}
	return wrapStrided(out, nb, m, n)
}
