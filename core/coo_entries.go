package core

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// cooEntries is a COO tensor taken apart for the shape and indexing
// operators: coordinates per sparse dim, in stored order, and the values
// array whose blocks (over the dense dims) they own.
type cooEntries struct {
	shape     []int64
	denseDim  int
	coords    [][]int64   // coords[d][e]
	vals      dtype.Array // (nse, *dense)
	coalesced bool        // the flag the built tensor gets, as the operator's torch counterpart sets it
	width     int
	fill      []byte
	dtype     dtype.DType
}

// asCOO returns t's entries as COO (any format; batch dims become sparse dims).
func asCOO(t *Tensor) (*cooEntries, error) {
	c := t
	if t.layout != COO {
		var err error
		if c, err = ToLayout(t, COO, ConvertOptions{DenseDim: t.denseDim, SparseDim: -1, IndexWidth: keptWidth(t)}); err != nil {
			return nil, err
		}
	}
	s := c.SparseDim()
	nse := c.indices.Shape[1]
	coords := make([][]int64, s)
	for d := range coords {
		coords[d] = make([]int64, nse)
		for e := int64(0); e < nse; e++ {
			coords[d][e] = c.indices.Index(int64(d)*nse + e)
		}
	}
	return &cooEntries{shape: c.Shape(), denseDim: c.denseDim, coords: coords, vals: c.values, coalesced: c.coalesced,
		width: c.width, fill: c.FillBytes(), dtype: c.dtype}, nil
}

// nse is the number of stored entries.
func (c *cooEntries) nse() int64 {
	return c.vals.Shape[0] // (nse, *dense), also with no sparse dim to hold coordinates
}

// blockBytes is the size of one entry's value block.
func (c *cooEntries) blockBytes() int64 {
	return dtype.NumelOf(c.shape[len(c.shape)-c.denseDim:]) * int64(c.dtype.Size())
}

// gather keeps the entries listed in keep (in that order), with new coordinates.
func (c *cooEntries) gather(keep []int64, coords [][]int64, shape []int64) *cooEntries {
	bb := c.blockBytes()
	vshape := append([]int64{int64(len(keep))}, shape[len(shape)-c.denseDim:]...)
	vals := dtype.NewArray(c.dtype, vshape)
	for i, e := range keep {
		copy(vals.Data[int64(i)*bb:int64(i+1)*bb], c.vals.Data[e*bb:(e+1)*bb])
	}
	return &cooEntries{shape: shape, denseDim: c.denseDim, coords: coords, vals: vals, coalesced: false,
		width: c.width, fill: c.fill, dtype: c.dtype}
}

// tensor builds the COO tensor of the entries.
func (c *cooEntries) tensor() (*Tensor, error) {
	s := len(c.shape) - c.denseDim
	nse := c.nse()
	idt := dtype.Int64
	if c.width == 32 {
		idt = dtype.Int32
	}
	idx := dtype.NewArray(idt, []int64{int64(s), nse})
	for d := 0; d < s; d++ {
		for e := int64(0); e < nse; e++ {
			setIndex(idx, int64(d)*nse+e, c.coords[d][e])
		}
	}
	t, err := NewCOO(idx, c.vals, c.shape, BuildOptions{NoCheck: true, Coalesced: c.coalesced})
	if err != nil {
		return nil, err
	}
	t.setCoalesced(c.coalesced) // NewCOO marks fewer than two entries coalesced; some torch operators keep false
	t.fill = append([]byte(nil), c.fill...)
	if c.width == 32 && t.autoWidth() == 64 {
		return ToIndexWidth(t, 64)
	}
	return t, nil
}

// tensorLike builds the COO tensor of the entries in like's layout (inLayout).
func (c *cooEntries) tensorLike(like *Tensor) (*Tensor, error) {
	r, err := c.tensor()
	if err != nil {
		return nil, err
	}
	return inLayout(r, like)
}

// setCoalesced sets a COO tensor's coalesced flag (and its last level's
// uniqueness with it). Only for a flag the entries bear out: true needs sorted,
// unique coordinates.
func (t *Tensor) setCoalesced(v bool) {
	t.coalesced = v
	if t.SparseDim() == 0 { // no coordinate level to mark
		return
	}
	t.levels[t.SparseDim()-1].Unique = v
}

// inLayout converts an operator's COO result back to the input's layout
// where that layout can hold it (torch keeps the layout), else leaves COO.
func inLayout(r *Tensor, like *Tensor) (*Tensor, error) {
	if like.layout == COO || like.layout == Strided {
		if like.layout == Strided {
			return ToDense(r)
		}
		return r, nil
	}
	opt := ConvertOptions{DenseDim: r.denseDim, SparseDim: -1, BlockSize: like.block, IndexWidth: keptWidth(r)}
	if spec, err := targetSpec(like.layout, r.Shape(), r.denseDim, -1, like.block); err != nil || spec.validate() != nil {
		return r, nil
	}
	out, err := ToLayout(r, like.layout, opt)
	if err != nil {
		return r, nil // e.g. ragged batches: COO holds what the layout cannot
	}
	return out, nil
}

// normDim resolves a possibly negative dim against ndim, naming arg on error.
func normDim(arg string, dim, ndim int) (int, error) {
	if dim < -ndim || dim >= ndim {
		return 0, errs.Errorf(errs.ErrIndex, "%s: Dimension out of range (expected to be in range of [%d, %d], but got %d)", arg, -ndim, ndim-1, dim)
	}
	if dim < 0 {
		dim += ndim
	}
	return dim, nil
}
