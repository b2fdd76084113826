package core

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// SampledMmNT returns (mat1 @ mat2t^T) sampled at the stored elements of the
// 2-D sparse input (any layout, no dense dims): a CSR tensor of input's
// pattern whose values are the dot products of row i of mat1 (m, k) and row
// j of mat2t (n, k) at each stored (i, j), with fill zero. It is
// sampled_addmm with beta 0, alpha 1 and mat2 given transposed: both
// factors of the gradient of a sparse matrix in a product (G and the dense
// operand) are row-major with k contiguous, so no transpose is made.
func SampledMmNT(input, mat1, mat2t *Tensor) (*Tensor, error) {
	return linHalf("sampled_mm_nt", []*Tensor{input, mat1, mat2t}, func(ts []*Tensor) (*Tensor, error) {
		return linSampledMmNT(ts[0], ts[1], ts[2])
	})
}

func linSampledMmNT(input, mat1, mat2t *Tensor) (*Tensor, error) {
	const op = "sampled_mm_nt"
	if err := linCheckTensor(op, 1, "input", input, 2); err != nil {
		return nil, err
	}
	if input.layout == Strided || input.denseDim != 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected a sparse matrix without dense dims, got %s with dense_dim = %d", linArg(op, 1, "input"), input.layout, input.denseDim)
	}
	for i, t := range []*Tensor{mat1, mat2t} {
		name := []string{"mat1", "mat2t"}[i]
		if err := linCheckTensor(op, i+2, name, t, 2); err != nil {
			return nil, err
		}
		if err := linCheckLayout(op, i+2, name, t, Strided); err != nil {
			return nil, err
		}
		if err := linCheckSameDType(op, i+2, name, t, input.dtype, "input"); err != nil {
			return nil, err
		}
	}
	m, n, k := input.shape[0], input.shape[1], mat1.shape[1]
	if err := linCheckSize(op, 2, "mat1", mat1, 0, m, "the rows of input"); err != nil {
		return nil, err
	}
	if err := linCheckSize(op, 3, "mat2t", mat2t, 0, n, "the columns of input"); err != nil {
		return nil, err
	}
	if err := linCheckSize(op, 3, "mat2t", mat2t, 1, k, "the columns of mat1"); err != nil {
		return nil, err
	}
	s := input
	if s.layout != CSR {
		c, err := ToLayout(s, CSR, ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: s.width})
		if err != nil {
			return nil, err
		}
		s = c
	}
	ops, err := linFor(op, s.dtype, s.width)
	if err != nil {
		return nil, err
	}
	out := dtype.UninitArray(s.dtype, []int64{s.values.Numel()})
	if err := ops.sddmm(dtype.IntScalar(1), dtype.IntScalar(0), mat1.values, mat2t.values, k, linView(s, 0), out); err != nil {
		return nil, linKernelErr(op, err)
	}
	vals := dtype.Array{DType: s.dtype, Shape: append([]int64(nil), s.values.Shape...), Data: out.Data}
	return withValues(s, s.dtype, vals, ScalarBytes(s.dtype, dtype.IntScalar(0))), nil
}
