package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"slices"
)

// The tensors an operator derives from another: the same storage read
// under new values, a new fill value or a swapped layout.

// Revalue returns a tensor sharing t's structure (shape, levels and COO
// indices, not copied) with the values vals, of dtype vals.DType, and the
// fill value fill (one element of that dtype).
func Revalue(t *Tensor, vals dtype.Array, fill []byte) *Tensor {
	t = t.named()
	c := *t
	c.dtype = vals.DType
	c.values = vals
	c.setFill(fill)
	return &c
}

// WithValues is t's structure (shared, not copied: tensors are immutable)
// with new values, dtype and fill.
func WithValues(t *Tensor, d dtype.DType, vals dtype.Array, fill []byte) *Tensor {
	t = t.named()
	c := *t
	c.dtype = d
	c.values = vals
	c.setFill(fill)
	return &c
}

// TransposedLike is the layout a permuted tensor keeps: CSR and CSC swap when
// their two sparse dims swap, BSR and BSC likewise (with the block swapped).
func TransposedLike(t *Tensor, perm []int) *Tensor {
	if !t.layout.IsCompressed() || perm[t.batchDim] == t.batchDim {
		return t
	}
	like := *t
	switch t.layout {
	case CSR:
		like.layout = CSC
	case CSC:
		like.layout = CSR
	case BSR:
		like.layout = BSC
	case BSC:
		like.layout = BSR
	}
	like.block = [2]int64{t.block[1], t.block[0]}
	return &like
}

// RelabelCompressed reads a CSR (DCSR) as the CSC (DCSC) of its transpose
// over its two sparse dims, or back, batched or not: the same pos, crd and
// values, shared (tensors are immutable), the two sparse sizes swapped. A
// custom-format tensor's Named COO tensor is what it reads.
func RelabelCompressed(t *Tensor) *Tensor {
	t = t.named()
	c := *t
	c.ust = nil
	b := t.batchDim
	c.shape = slices.Clone(t.Dims())
	c.shape[b], c.shape[b+1] = c.shape[b+1], c.shape[b]
	c.layout = map[Layout]Layout{CSR: CSC, CSC: CSR, DCSR: DCSC, DCSC: DCSR}[t.layout]
	spec := FormatSpec{Layout: c.layout, Shape: c.shape, BatchDim: b, DenseDim: t.denseDim, Block: t.block}
	ls := spec.Levels()
	for l := b; l < b+2; l++ { // CSR's outer level is dense: no arrays
		ls[l].Pos, ls[l].Crd = t.levels[l].Pos, t.levels[l].Crd
	}
	c.levels = ls
	return &c
}
