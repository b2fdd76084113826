package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
)

// Clone returns a deep copy of t.
func Clone(t *Tensor) *Tensor {
	if u := t.formatStore(); u != nil {
		return cloneCustom(t, u)
	}
	c := *t
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

// cloneCustom is Clone of a custom-format tensor (u its storage): a tensor
// of its format owning copies of every array of its storage (pos, crd and
// values, padding included), as a named layout's clone copies its index
// and value arrays; torch's clone keeps the layout.
func cloneCustom(t *Tensor, u *ustStore) *Tensor {
	c := *t
	c.shape = slices.Clone(t.shape)
	c.carryFill(t)
	pos, crd := make([]dtype.Array, len(u.Pos)), make([]dtype.Array, len(u.Crd))
	for l := range u.Pos {
		pos[l] = CloneArray(u.Pos[l])
	}
	for l := range u.Crd {
		crd[l] = CloneArray(u.Crd[l])
	}
	c.ust = &ustStore{owner: &c, UST: UST{Format: u.Format.Clone(), LevelSizes: slices.Clone(u.LevelSizes), Pos: pos, Crd: crd, Values: CloneArray(u.Values)}}
	return &c
}
