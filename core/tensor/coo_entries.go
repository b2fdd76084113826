package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// CooEntries is a COO tensor taken apart for the shape and indexing
// operators: coordinates per sparse dim, in stored order, and the values
// array whose blocks (over the dense dims) they own.
type CooEntries struct {
	Shape     []int64
	DenseDim  int
	Coords    [][]int64   // coords[d][e]
	Vals      dtype.Array // (nse, *dense)
	Coalesced bool        // the flag the built tensor gets, as the operator's torch counterpart sets it
	Width     int
	Fill      []byte
	Dtype     dtype.DType
}

// AsCOO returns t's entries as COO (any format; batch dims become sparse dims).
func AsCOO(t *Tensor) (*CooEntries, error) {
	t = t.named()
	if t.layout == Strided {
		return stridedEntries(t), nil
	}
	c := t
	if t.layout != COO {
		var err error
		if c, err = ToLayout(t, COO, ConvertOptions{DenseDim: t.denseDim, SparseDim: -1, IndexWidth: KeptWidth(t)}); err != nil {
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
	return &CooEntries{Shape: c.Shape(), DenseDim: c.denseDim, Coords: coords, Vals: c.values, Coalesced: c.coalesced,
		Width: c.width, Fill: c.FillBytes(), Dtype: c.dtype}, nil
}

// stridedEntries lists every element of a strided tensor as an entry, in
// row-major order, values bit for bit: a conversion to COO would drop the
// zeros, so a -0 would come back as the fill +0.
func stridedEntries(t *Tensor) *CooEntries {
	shape := t.Shape()
	n := dtype.NumelOf(shape)
	coords := make([][]int64, len(shape))
	for d := range coords {
		coords[d] = make([]int64, n)
	}
	for e := int64(0); e < n; e++ {
		r := e
		for d := len(shape) - 1; d >= 0; d-- {
			coords[d][e] = r % shape[d]
			r /= shape[d]
		}
	}
	vals := dtype.Array{DType: t.dtype, Shape: []int64{n}, Data: slices.Clone(t.values.Data[:n*int64(t.dtype.Size())])}
	return &CooEntries{Shape: shape, Coords: coords, Vals: vals, Coalesced: true, Width: 64,
		Fill: make([]byte, t.dtype.Size()), Dtype: t.dtype}
}

// Nse is the number of stored entries.
func (c *CooEntries) Nse() int64 {
	return c.Vals.Shape[0] // (nse, *dense), also with no sparse dim to hold coordinates
}

// blockBytes is the size of one entry's value block.
func (c *CooEntries) blockBytes() int64 {
	return dtype.NumelOf(c.Shape[len(c.Shape)-c.DenseDim:]) * int64(c.Dtype.Size())
}

// Gather keeps the entries listed in keep (in that order), with new coordinates.
func (c *CooEntries) Gather(keep []int64, coords [][]int64, shape []int64) *CooEntries {
	bb := c.blockBytes()
	vshape := append([]int64{int64(len(keep))}, shape[len(shape)-c.DenseDim:]...)
	vals := dtype.NewArray(c.Dtype, vshape)
	for i, e := range keep {
		copy(vals.Data[int64(i)*bb:int64(i+1)*bb], c.Vals.Data[e*bb:(e+1)*bb])
	}
	return &CooEntries{Shape: shape, DenseDim: c.DenseDim, Coords: coords, Vals: vals, Coalesced: false,
		Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
}

// tensor builds the COO tensor of the entries.
func (c *CooEntries) Tensor() (*Tensor, error) {
	s := len(c.Shape) - c.DenseDim
	nse := c.Nse()
	idt := dtype.Int64
	if c.Width == 32 {
		idt = dtype.Int32
	}
	idx := dtype.NewArray(idt, []int64{int64(s), nse})
	for d := 0; d < s; d++ {
		for e := int64(0); e < nse; e++ {
			SetIndex(idx, int64(d)*nse+e, c.Coords[d][e])
		}
	}
	t, err := NewCOO(idx, c.Vals, c.Shape, BuildOptions{NoCheck: true, Coalesced: c.Coalesced})
	if err != nil {
		return nil, err
	}
	t.setCoalesced(c.Coalesced) // NewCOO marks fewer than two entries coalesced; some torch operators keep false
	t.setFill(append([]byte(nil), c.Fill...))
	if c.Width == 32 && t.autoWidth() == 64 {
		return ToIndexWidth(t, 64)
	}
	return t, nil
}

// TensorLike builds the COO tensor of the entries in like's layout (inLayout).
func (c *CooEntries) TensorLike(like *Tensor) (*Tensor, error) {
	r, err := c.Tensor()
	if err != nil {
		return nil, err
	}
	return InLayout(r, like)
}

// WithCoalesced returns t marked coalesced or not (a COO tensor's flag and
// its last level's uniqueness), sharing t's arrays; t is unchanged. Only for
// a flag the entries bear out: true needs sorted, unique coordinates.
func (t *Tensor) WithCoalesced(v bool) *Tensor {
	t = t.named()
	c := *t
	c.levels = slices.Clone(t.levels)
	c.setCoalesced(v)
	return &c
}

// setCoalesced sets a COO tensor's coalesced flag (and its last level's
// uniqueness with it), on a tensor this package is still making.
func (t *Tensor) setCoalesced(v bool) {
	t.coalesced = v
	if t.SparseDim() == 0 { // no coordinate level to mark
		return
	}
	t.levels[t.SparseDim()-1].Nonunique = !v
}

// InLayout converts an operator's COO result back to the input's layout
// where that layout can hold it (torch keeps the layout), else leaves COO.
func InLayout(r *Tensor, like *Tensor) (*Tensor, error) {
	if like.layout == COO || like.layout == Strided {
		if like.layout == Strided {
			return ToDense(r)
		}
		return r, nil
	}
	opt := ConvertOptions{DenseDim: r.denseDim, SparseDim: -1, BlockSize: like.block, IndexWidth: KeptWidth(r)}
	if spec, err := TargetSpec(like.layout, r.Shape(), r.denseDim, -1, like.block); err != nil || spec.validate() != nil {
		return r, nil
	}
	out, err := ToLayout(r, like.layout, opt)
	if err != nil {
		return r, nil // e.g. ragged batches: COO holds what the layout cannot
	}
	return out, nil
}

// NormDim resolves a possibly negative dim against ndim, naming arg on error.
// A 0-d tensor takes dim 0 and -1 (both 0), as torch's dim wrapping reads
// it as 1-d; an op that cannot apply to it refuses it itself.
func NormDim(arg string, dim, ndim int) (int, error) {
	if ndim == 0 {
		ndim = 1
	}
	if dim < -ndim || dim >= ndim {
		return 0, errs.Errorf(errs.ErrIndex, "%s: Dimension out of range (expected to be in range of [%d, %d], but got %d)", arg, -ndim, ndim-1, dim)
	}
	if dim < 0 {
		dim += ndim
	}
	return dim, nil
}
