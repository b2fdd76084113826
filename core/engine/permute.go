package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
)

// Permutes on native storage: a COO tensor's sparse dims permute as rows
// of its indices (the values stay where they are, shared), a blocked
// tensor's transpose moves the elements inside each block only.

// PermuteRows returns the (sparse_dim, nse) indices with row i holding
// source row perm[i]: one copy of the index words, the values untouched.
func PermuteRows(what string, indices dtype.Array, perm []int) (dtype.Array, error) {
	if err := budget.Check(what+": the permuted indices", indices.Numel(), indices.DType.Size()); err != nil {
		return dtype.Array{}, err
	}
	out := dtype.UninitArray(indices.DType, indices.Shape)
	row := indices.Shape[1] * int64(indices.DType.Size())
	for i, p := range perm {
		copy(out.Data[int64(i)*row:int64(i+1)*row], indices.Data[int64(p)*row:int64(p+1)*row])
	}
	return out, nil
}

// TransposeBlocks returns the values of n blocks of bm x bn elements
// (elem bytes each: an element and its dense dims) with every block
// transposed to bn x bm: a BSR's values read as its transpose's BSC.
func TransposeBlocks(what string, vals []byte, n, bm, bn, elem int64) ([]byte, error) {
	if err := budget.Check(what+": the transposed blocks", budget.Mul(budget.Mul(n, bm*bn), elem), 1); err != nil {
		return nil, err
	}
	out := memory.UninitBytes(n * bm * bn * elem)
	blk := bm * bn * elem
	for b := range n {
		if b&(1<<14-1) == 1<<14-1 {
			cancel.Poll()
		}
		src, dst := vals[b*blk:(b+1)*blk], out[b*blk:(b+1)*blk]
		for i := range bm {
			for j := range bn {
				copy(dst[(j*bm+i)*elem:(j*bm+i+1)*elem], src[(i*bn+j)*elem:(i*bn+j+1)*elem])
			}
		}
	}
	return out, nil
}
