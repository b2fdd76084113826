package linalg

import (
	"slices"
	"sync"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// SampledAddmm returns beta * input + alpha * (mat1 @ mat2) sampled at the
// stored elements of input (torch.sparse.sampled_addmm, SDDMM): the result
// is a CSR tensor with input's sparsity pattern whose values are beta times
// input's plus alpha times the matching element of mat1 @ mat2, and whose
// fill is beta times input's. As torch: input (*, m, n) is CSR, with batch
// dims or none; mat1 (*, m, k) and mat2 (*, k, n) are strided, with input's
// batch dims or none (then shared by every batch). With beta zero, input's
// values are ignored.
func SampledAddmm(input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	return inComputeDType("sparse.sampled_addmm", []*tensor.Tensor{input, mat1, mat2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return sampledAddmm(ts[0], ts[1], ts[2], beta, alpha)
	})
}

func sampledAddmm(input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	const op = "sparse.sampled_addmm"
	if err := checkTensor(op, 1, "input", input, 2, 3, 4, 5, 6, 7, 8); err != nil {
		return nil, err
	}
	if err := checkLayout(op, 1, "input", input, tensor.CSR); err != nil {
		return nil, err
	}
	if input.DenseDim() != 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected no dense dims, got a hybrid tensor with dense_dim = %d", arg(op, 1, "input"), input.DenseDim())
	}
	nd := len(input.Dims())
	nb := nd - 2
	if err := checkTensor(op, 2, "mat1", mat1, 2, nd); err != nil {
		return nil, err
	}
	if err := checkTensor(op, 3, "mat2", mat2, 2, nd); err != nil {
		return nil, err
	}
	if err := checkLayout(op, 2, "mat1", mat1, tensor.Strided); err != nil {
		return nil, err
	}
	if err := checkLayout(op, 3, "mat2", mat2, tensor.Strided); err != nil {
		return nil, err
	}
	d := input.DType()
	if err := checkSameDType(op, 2, "mat1", mat1, d, "input"); err != nil {
		return nil, err
	}
	if err := checkSameDType(op, 3, "mat2", mat2, d, "input"); err != nil {
		return nil, err
	}
	if err := checkScalars(op, d, beta, alpha); err != nil {
		return nil, err
	}
	m, n := input.Dims()[nb], input.Dims()[nb+1]
	a1, a2 := len(mat1.Dims())-2, len(mat2.Dims())-2
	k := mat1.Dims()[a1+1]
	if err := checkSize(op, 2, "mat1", mat1, a1, m, "the rows of input"); err != nil {
		return nil, err
	}
	if err := checkSize(op, 3, "mat2", mat2, a2, k, "the columns of mat1"); err != nil {
		return nil, err
	}
	if err := checkSize(op, 3, "mat2", mat2, a2+1, n, "the columns of input"); err != nil {
		return nil, err
	}
	for i, t := range []*tensor.Tensor{mat1, mat2} {
		if len(t.Dims()) > 2 && !slices.Equal(t.Dims()[:nb], input.Dims()[:nb]) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: batch size %v differs from input's %v", arg(op, i+2, []string{"mat1", "mat2"}[i]), t.Dims()[:nb], input.Dims()[:nb])
		}
	}
	s, err := csrKeepingWidth(input)
	if err != nil {
		return nil, err
	}
	ops, err := opsFor(op, d, s.IndexWidth())
	if err != nil {
		return nil, err
	}
	ad, err := denseData(mat1)
	if err != nil {
		return nil, err
	}
	bd, err := denseData(mat2)
	if err != nil {
		return nil, err
	}
	// Every batch's kernel writes each of its stored entries.
	out := dtype.UninitArray(d, []int64{s.Values().Numel()})
	// The kernel reads mat2 transposed, so that both dot operands are
	// contiguous: one buffer serves every batch, filled once when mat2 is
	// shared by all of them.
	bt := scratch(d, n*k)
	defer scratchPool.Put(&bt.Data)
	batches := s.BatchCount()
	for b := int64(0); b < batches; b++ {
		ab := ad
		if len(mat1.Dims()) > 2 {
			ab = sliceView(flatView(ad), b*m*k, (b+1)*m*k)
		}
		if b == 0 || len(mat2.Dims()) > 2 {
			bb := flatView(bd)
			if len(mat2.Dims()) > 2 {
				bb = sliceView(bb, b*k*n, (b+1)*k*n)
			}
			if err := kernels.TransposeBytes(bt.Data, bb.Data, bb.DType.Size(), int(k), int(n)); err != nil {
				return nil, kernelErr(op, err)
			}
		}
		if err := ops.sddmm(alpha, beta, ab, bt, k, kernelView(s, b), out); err != nil {
			return nil, kernelErr(op, err)
		}
	}
	if alpha.IsZero() {
		// The product is ignored, NaN and infinities included (torch's addmm).
		out = ops.affine(flatView(s.Values()), beta, dtype.IntScalar(0))
		if beta.IsZero() {
			clear(out.Data)
		}
	}
	// The pattern copied, the values the kernel's.
	vals := dtype.Array{DType: d, Shape: append([]int64(nil), s.Values().Shape...), Data: out.Data}
	// The fill is beta times input's; with beta zero input is ignored, its
	// fill too (0 * NaN would make every unsampled element NaN).
	fill := dtype.IntScalar(0)
	if !beta.IsZero() {
		fill = beta.Mul(dtype.LoadScalar(s.DType(), s.FillElem()))
	}
	return tensor.WithValues(s, d, vals, tensor.ScalarBytes(d, fill)), nil
}

// scratchPool keeps the transposed mat2 of SampledAddmm between calls:
// a new buffer of that size would take fresh pages (a fault every 4 KiB)
// until the garbage collector frees the last one.
var scratchPool sync.Pool

// scratch returns an array of n elements of dtype d with arbitrary
// contents, from the pool when a large enough buffer is there.
func scratch(d dtype.DType, n int64) dtype.Array {
	size := n * int64(d.Size())
	if p, ok := scratchPool.Get().(*[]byte); ok && int64(cap(*p)) >= size {
		return dtype.Array{DType: d, Shape: []int64{n}, Data: (*p)[:size]}
	}
	return dtype.UninitArray(d, []int64{n})
}

// csrKeepingWidth is t as CSR (itself when it is one) with t's index width:
// the pattern a sampled product fills.
func csrKeepingWidth(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.CSR {
		return t, nil
	}
	return convert.ToLayout(t, tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: t.IndexWidth()})
}
