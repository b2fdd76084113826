package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
)

// Clone returns a deep copy of t.
func Clone(t *Tensor) *Tensor {
	t = t.named()
	c := *t
	c.ust = nil // a clone of a custom-format tensor is its Named COO tensor's
	c.shape = slices.Clone(t.Dims())
	c.carryFill(t)
	c.levels = make([]Level, len(t.levels))
	for i, l := range t.levels {
		l.Pos, l.Crd = CloneArray(l.Pos), CloneArray(l.Crd)
		c.levels[i] = l
	}
	c.values = CloneArray(t.values)
	if t.layout == COO {
		// The levels' crd arrays are rows of the cloned indices, as in t.
		c.indices = CloneArray(t.indices)
		es := int64(c.indices.DType.Size())
		nse := c.indices.Shape[1]
		for d := 0; d < c.SparseDim(); d++ {
			c.levels[d].Crd = dtype.Array{DType: c.indices.DType, Shape: []int64{nse}, Data: c.indices.Data[int64(d)*nse*es : int64(d+1)*nse*es]}
		}
	}
	return &c
}
