package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// checkAddDim refuses an operation op that would give an nd-dim tensor one
// more dim than MaxDims allows.
func checkAddDim(op string, nd int) error {
	if nd+1 > tensor.MaxDims {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: the result would have %d dimensions, more than the %d a tensor may have", op, nd+1, tensor.MaxDims)
	}
	return nil
}

// Unsqueeze inserts a dim of size 1 at dim (a sparse dim when dim <= sparse_dim).
// A COO result is coalesced when it has fewer than two entries, whatever the
// input's flag (torch's rule for unsqueeze).
func Unsqueeze(t *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if t.UndefinedFill() {
		return keepUndefined("unsqueeze", t, func(s *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(s, dim) })
	}
	if err := checkAddDim("unsqueeze", t.NDim()); err != nil {
		return nil, err
	}
	d, err := tensor.NormDim("unsqueeze: dim", dim, t.NDim()+1)
	if err != nil {
		return nil, err
	}
	if r, ok, err := unsqueezeCustom(t, d); ok || err != nil {
		return r, err
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	nd := len(t.Dims())
	if err := checkAddDim("unsqueeze", nd); err != nil {
		return nil, err
	}
	dim, err = tensor.NormDim("unsqueeze: dim", dim, nd+1)
	if err != nil {
		return nil, err
	}
	if t.Layout() == tensor.Strided { // the same data under one more dim of size 1
		r, err := tensor.NewStrided(dtype.Array{DType: t.DType(), Shape: slices.Insert(slices.Clone(t.Dims()), dim, 1), Data: tensor.CloneArray(t.Values()).Data})
		if err != nil {
			return nil, err
		}
		return tensor.Revalue(r, r.Values(), slices.Clone(t.FillElem())), nil
	}
	if plainCOO(t) {
		return unsqueezeCOO(t, dim)
	}
	return unsqueezeViaCOO(t, dim)
}

// unsqueezeViaCOO is Unsqueeze through t's COO entries (the path before
// the relabel; custom formats and per-slot fills take it).
func unsqueezeViaCOO(t *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	nd := t.NDim()
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	shape := slices.Insert(slices.Clone(c.Shape), dim, 1)
	coords := c.Coords
	vals := c.Vals
	if dim <= s {
		coords = slices.Insert(slices.Clone(c.Coords), dim, make([]int64, c.Nse()))
	} else {
		vals = dtype.Array{DType: vals.DType, Shape: slices.Insert(slices.Clone(vals.Shape), dim-s+1, 1), Data: vals.Data}
	}
	out := &convert.CooEntries{Shape: shape, DenseDim: len(shape) - len(coords), Coords: coords, Vals: vals,
		Coalesced: c.Nse() < 2, Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(r, t)
}

// Squeeze removes dim when its size is 1 (dim = nil: every size-1 dim).
func Squeeze(t *tensor.Tensor, dim *int) (*tensor.Tensor, error) {
	if t.UndefinedFill() {
		return keepUndefined("squeeze", t, func(s *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(s, dim) })
	}
	nd := len(t.Dims())
	var drop []int
	if dim != nil {
		d, err := tensor.NormDim("squeeze: dim", *dim, nd)
		if err != nil {
			return nil, err
		}
		if nd > 0 && t.Dims()[d] == 1 { // a 0-d tensor has nothing to drop
			drop = []int{d}
		}
	} else {
		for d, n := range t.Dims() {
			if n == 1 {
				drop = append(drop, d)
			}
		}
	}
	if r, ok, err := squeezeCustom(t, drop); ok || err != nil {
		return r, err
	}
	if r, ok, err := reshapeCustom(t, squeezedDims(t.Dims(), drop), t.IndexWidth()); ok || err != nil {
		return r, err // a format whose size-1 dims no relabel drops: COO off its levels, as the COO route gives
	}
	nt, err := tensor.Named(t) // no path of its own for t's format below: its elements, for this call
	if err != nil {
		return nil, err
	}
	t = nt
	if t.Layout() == tensor.Strided {
		return squeezeDense(t, drop)
	}
	if plainCOO(t) {
		if r, ok, err := squeezeCOO(t, drop); ok || err != nil {
			return r, err
		}
	}
	return squeezeViaCOO(t, drop)
}

// squeezedDims is dims without the dims drop.
func squeezedDims(dims []int64, drop []int) []int64 {
	out := make([]int64, 0, len(dims))
	for d, n := range dims {
		if !slices.Contains(drop, d) {
			out = append(out, n)
		}
	}
	return out
}

// squeezeViaCOO is Squeeze through t's COO entries (the path before the
// relabel).
func squeezeViaCOO(t *tensor.Tensor, drop []int) (*tensor.Tensor, error) {
	nd := t.NDim()
	c, err := convert.AsCOO(t)
	if err != nil {
		return nil, err
	}
	s := nd - c.DenseDim
	out := &convert.CooEntries{DenseDim: c.DenseDim, Coalesced: c.Coalesced, Width: c.Width, Fill: c.Fill, Dtype: c.Dtype}
	vshape := []int64{c.Nse()}
	for d := 0; d < nd; d++ {
		if slices.Contains(drop, d) {
			if d >= s {
				out.DenseDim--
			}
			continue
		}
		out.Shape = append(out.Shape, c.Shape[d])
		if d < s {
			out.Coords = append(out.Coords, c.Coords[d])
		} else {
			vshape = append(vshape, c.Shape[d])
		}
	}
	if len(out.Coords) == 0 { // every sparse dim was dropped: the result is dense
		d, err := convert.ToDense(t)
		if err != nil {
			return nil, err
		}
		return squeezeDense(d, drop)
	}
	out.Vals = dtype.Array{DType: c.Vals.DType, Shape: vshape, Data: c.Vals.Data}
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(r, t)
}

// squeezeDense removes the dims in drop (all of size 1) from a strided
// tensor: the same data under a smaller shape.
func squeezeDense(t *tensor.Tensor, drop []int) (*tensor.Tensor, error) {
	var shape []int64
	for d, n := range t.Dims() {
		if !slices.Contains(drop, d) {
			shape = append(shape, n)
		}
	}
	r, err := tensor.NewStrided(dtype.Array{DType: t.DType(), Shape: shape, Data: tensor.CloneArray(t.Values()).Data})
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(r, r.Values(), slices.Clone(t.FillElem())), nil
}
