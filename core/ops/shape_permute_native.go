package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// permuteNative is Permute of a COO tensor whose dense dims stay in place:
// its index rows permuted (core/engine.PermuteRows), its values shared, the
// coalesced flag kept only while dim 0 stays first and the sparse dims
// keep their order (or there are fewer than two entries), as the general
// path (permuteEntries) sets it. perm is checked.
func permuteNative(t *tensor.Tensor, perm []int) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.COO || t.PerSlotFill() {
		return nil, false, nil
	}
	s := t.SparseDim()
	for i, p := range perm {
		if (i < s) != (p < s) || (i >= s && p != i) {
			return nil, false, nil // dims crossing (refused) or dense dims moving: the general path
		}
	}
	idx, err := engine.PermuteRows("permute", t.Indices(), perm[:s])
	if err != nil {
		return nil, false, err
	}
	shape := make([]int64, len(perm))
	for i, p := range perm {
		shape[i] = t.Dims()[p]
	}
	keep := len(perm) == 0 || perm[0] == 0 && (slices.IsSorted(perm[:s]) || t.NNZ() < 2) // a 0-d tensor has no dim to move
	return tensor.AssembleCOO(t, shape, idx, t.Values(), t.IsCoalesced() && keep), true, nil
}

// transposeBlocked is the transpose of an unbatched BSR or BSC tensor's two
// sparse dims: the BSC (BSR) of the same pos and crd, shared, with every
// block transposed.
func transposeBlocked(t *tensor.Tensor, d0, d1 int) (*tensor.Tensor, bool, error) {
	l := t.Layout()
	if (l != tensor.BSR && l != tensor.BSC) || t.BatchDim() != 0 || t.PerSlotFill() || d0 == d1 || max(d0, d1) > 1 {
		return nil, false, nil
	}
	c := engine.CompressedOf(t)
	bm, bn := t.BlockSize()[0], t.BlockSize()[1]
	elem := dtype.NumelOf(t.DenseShape()) * int64(t.DType().Size())
	vals, err := engine.TransposeBlocks("transpose", c.Vals, c.Entries(), bm, bn, elem)
	if err != nil {
		return nil, false, err
	}
	to := tensor.BSC
	if l == tensor.BSC {
		to = tensor.BSR
	}
	shape := slices.Clone(t.Dims())
	shape[0], shape[1] = shape[1], shape[0]
	vshape := slices.Clone(t.Values().Shape)
	vshape[1], vshape[2] = vshape[2], vshape[1]
	va := dtype.Array{DType: t.DType(), Shape: vshape, Data: vals}
	return tensor.AssembleCompressed(t, to, shape, 0, c.Pos, c.Crd, va), true, nil
}
