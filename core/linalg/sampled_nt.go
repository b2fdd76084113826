package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// SampledMmNT returns (mat1 @ mat2t^T) sampled at the stored elements of the
// 2-D sparse input (any layout, no dense dims): a CSR tensor of input's
// pattern whose values are the dot products of row i of mat1 (m, k) and row
// j of mat2t (n, k) at each stored (i, j), with fill zero. It is
// sampled_addmm with beta 0, alpha 1 and mat2 given transposed: both
// factors of the gradient of a sparse matrix in a product (G and the dense
// operand) are row-major with k contiguous, so no transpose is made.
func SampledMmNT(input, mat1, mat2t *tensor.Tensor) (*tensor.Tensor, error) {
	return inComputeDType("sampled_mm_nt", []*tensor.Tensor{input, mat1, mat2t}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return sampledMmNT(ts[0], ts[1], ts[2])
	})
}

func sampledMmNT(input, mat1, mat2t *tensor.Tensor) (*tensor.Tensor, error) {
	const op = "sampled_mm_nt"
	if err := checkTensor(op, 1, "input", input, 2); err != nil {
		return nil, err
	}
	if input.Layout() == tensor.Strided || input.DenseDim() != 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected a sparse matrix without dense dims, got %s with dense_dim = %d", arg(op, 1, "input"), input.Layout(), input.DenseDim())
	}
	for i, t := range []*tensor.Tensor{mat1, mat2t} {
		name := []string{"mat1", "mat2t"}[i]
		if err := checkTensor(op, i+2, name, t, 2); err != nil {
			return nil, err
		}
		if err := checkLayout(op, i+2, name, t, tensor.Strided); err != nil {
			return nil, err
		}
		if err := checkSameDType(op, i+2, name, t, input.DType(), "input"); err != nil {
			return nil, err
		}
	}
	m, n, k := input.Dims()[0], input.Dims()[1], mat1.Dims()[1]
	if err := checkSize(op, 2, "mat1", mat1, 0, m, "the rows of input"); err != nil {
		return nil, err
	}
	if err := checkSize(op, 3, "mat2t", mat2t, 0, n, "the columns of input"); err != nil {
		return nil, err
	}
	if err := checkSize(op, 3, "mat2t", mat2t, 1, k, "the columns of mat1"); err != nil {
		return nil, err
	}
	s, err := csrKeepingWidth(input)
	if err != nil {
		return nil, err
	}
	ops, err := opsFor(op, s.DType(), s.IndexWidth())
	if err != nil {
		return nil, err
	}
	out := dtype.UninitArray(s.DType(), []int64{s.Values().Numel()})
	if err := ops.sddmm(dtype.IntScalar(1), dtype.IntScalar(0), mat1.Values(), mat2t.Values(), k, kernelView(s, 0), out); err != nil {
		return nil, kernelErr(op, err)
	}
	vals := dtype.Array{DType: s.DType(), Shape: append([]int64(nil), s.Values().Shape...), Data: out.Data}
	return tensor.WithValues(s, s.DType(), vals, tensor.ScalarBytes(s.DType(), dtype.IntScalar(0))), nil
}
