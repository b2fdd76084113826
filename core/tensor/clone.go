package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
)

// Clone returns a deep copy of t.
func Clone(t *Tensor) *Tensor { return cloneTensor(t, true) }

// cloneTensor is Clone, with the index arrays shared rather than copied
// when indices is false (for a caller that replaces them all).
func cloneTensor(t *Tensor, indices bool) *Tensor {
	t = t.named()
	c := *t
	c.ust = nil // a clone of a custom-format tensor is its Named COO tensor's
	c.shape = slices.Clone(t.Dims())
	c.carryFill(t)
	c.levels = make([]Level, len(t.levels))
	for i, l := range t.levels {
		if indices {
			l.Pos, l.Crd = CloneArray(l.Pos), CloneArray(l.Crd)
		}
		c.levels[i] = l
	}
	c.values = CloneArray(t.values)
	if t.layout == COO && indices {
		c.indices = CloneArray(t.indices)
		es := int64(c.indices.DType.Size())
		nse := c.indices.Shape[1]
		for d := 0; d < c.SparseDim(); d++ {
			c.levels[d].Crd = dtype.Array{DType: c.indices.DType, Shape: []int64{nse}, Data: c.indices.Data[int64(d)*nse*es : int64(d+1)*nse*es]}
		}
	}
	return &c
}
