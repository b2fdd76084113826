package convert

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
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
func AsCOO(t *tensor.Tensor) (*CooEntries, error) {
	t, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	if t.Layout() == tensor.Strided {
		return stridedEntries(t), nil
	}
	c := t
	if t.Layout() != tensor.COO {
		opt := tensor.ConvertOptions{DenseDim: t.DenseDim(), SparseDim: -1, IndexWidth: KeptWidth(t)}
		if c, err = ToLayout(t, tensor.COO, opt); err != nil {
			return nil, err
		}
	}
	s := c.SparseDim()
	idx := c.Indices()
	nse := idx.Shape[1]
	coords := make([][]int64, s)
	for d := range coords {
		coords[d] = make([]int64, nse)
		for e := int64(0); e < nse; e++ {
			coords[d][e] = idx.Index(int64(d)*nse + e)
		}
	}
	return &CooEntries{Shape: slices.Clone(c.Dims()), DenseDim: c.DenseDim(), Coords: coords, Vals: c.Values(), Coalesced: c.IsCoalesced(),
		Width: c.IndexWidth(), Fill: slices.Clone(c.FillElem()), Dtype: c.DType()}, nil
}

// stridedEntries lists every element of a strided tensor as an entry, in
// row-major order, values bit for bit: a conversion to COO would drop the
// zeros, so a -0 would come back as the fill +0.
func stridedEntries(t *tensor.Tensor) *CooEntries {
	shape := slices.Clone(t.Dims())
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
	vals := dtype.Array{DType: t.DType(), Shape: []int64{n}, Data: slices.Clone(t.Values().Data[:n*int64(t.DType().Size())])}
	return &CooEntries{Shape: shape, Coords: coords, Vals: vals, Coalesced: true, Width: 64,
		Fill: make([]byte, t.DType().Size()), Dtype: t.DType()}
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

// Tensor builds the COO tensor of the entries: int32 indices for Width 32
// where every size and the entry count fit int32 (a COO tensor's rule for
// its index width), int64 otherwise.
func (c *CooEntries) Tensor() (*tensor.Tensor, error) {
	s := len(c.Shape) - c.DenseDim
	nse := c.Nse()
	idt := dtype.Int64
	if c.Width == 32 && nse < math.MaxInt32 && !slices.ContainsFunc(c.Shape, func(n int64) bool { return n > math.MaxInt32 }) {
		idt = dtype.Int32
	}
	idx := dtype.NewArray(idt, []int64{int64(s), nse})
	for d := 0; d < s; d++ {
		for e := int64(0); e < nse; e++ {
			tensor.SetIndex(idx, int64(d)*nse+e, c.Coords[d][e])
		}
	}
	t, err := tensor.NewCOO(idx, c.Vals, c.Shape, tensor.BuildOptions{NoCheck: true, Coalesced: c.Coalesced})
	if err != nil {
		return nil, err
	}
	if t.IsCoalesced() != c.Coalesced { // NewCOO marks fewer than two entries coalesced; some torch operators keep false
		t = t.WithCoalesced(c.Coalesced)
	}
	return tensor.Refill(t, slices.Clone(c.Fill)), nil
}

// TensorLike builds the COO tensor of the entries in like's layout (InLayout).
func (c *CooEntries) TensorLike(like *tensor.Tensor) (*tensor.Tensor, error) {
	r, err := c.Tensor()
	if err != nil {
		return nil, err
	}
	return InLayout(r, like)
}

// InLayout converts an operator's COO result back to the input's layout
// where that layout can hold it (torch keeps the layout), else leaves COO.
func InLayout(r *tensor.Tensor, like *tensor.Tensor) (*tensor.Tensor, error) {
	layout := tensor.NamedLayout(like)
	if layout == tensor.COO || layout == tensor.Strided {
		if layout == tensor.Strided {
			return ToDense(r)
		}
		return r, nil
	}
	opt := tensor.ConvertOptions{DenseDim: r.DenseDim(), SparseDim: -1, BlockSize: like.BlockSize(), IndexWidth: KeptWidth(r)}
	if _, err := tensor.TargetSpec(layout, slices.Clone(r.Dims()), r.DenseDim(), -1, like.BlockSize()); err != nil {
		return r, nil
	}
	out, err := ToLayout(r, layout, opt)
	if err != nil {
		return r, nil // e.g. ragged batches: COO holds what the layout cannot
	}
	return out, nil
}
