package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// keepdim= of the reductions (torch's): the result keeps each reduced dim
// with size 1, so that it broadcasts against the input (A / A.sum(1,
// keepdim=True)).

// ReduceKeepDim is Reduce, with each reduced dim put back with size 1 when
// keepdim is set.
func ReduceKeepDim(t *tensor.Tensor, dims []int, op string, keepdim bool) (*tensor.Tensor, error) {
	r, err := Reduce(t, dims, op)
	if err != nil || !keepdim {
		return r, err
	}
	kept, err := ReducedDims(op, dims, len(t.Dims()))
	if err != nil {
		return nil, err
	}
	return KeepDims(r, kept)
}

// ReducedDims is the ascending list of the dims a reduction over dims
// (empty: every dim) of an nd-dim tensor removes, checked as Reduce checks
// them.
func ReducedDims(op string, dims []int, nd int) ([]int, error) {
	red, err := sumDims(op, dims, nd)
	if err != nil {
		return nil, err
	}
	var out []int
	for d, r := range red {
		if r {
			out = append(out, d)
		}
	}
	return out, nil
}

// KeepDims inserts a dim of size 1 at each of the ascending positions kept
// (positions in the result). Strided data and COO values are shared, not
// copied; a COO tensor gains a zero index row per inserted sparse dim; other
// layouts go through Unsqueeze.
func KeepDims(r *tensor.Tensor, kept []int) (*tensor.Tensor, error) {
	if len(kept) == 0 {
		return r, nil
	}
	if r.UndefinedFill() { // a masked reduction: its specified elements move along
		return keepUndefined("keepdim", r, func(s *tensor.Tensor) (*tensor.Tensor, error) { return KeepDims(s, kept) })
	}
	shape := slices.Clone(r.Dims())
	for _, d := range kept {
		shape = slices.Insert(shape, d, 1)
	}
	switch {
	case r.Layout() == tensor.Strided:
		v := r.Values()
		s, err := tensor.NewStrided(dtype.Array{DType: v.DType, Shape: shape, Data: v.Data})
		if err != nil {
			return nil, err
		}
		return tensor.Revalue(s, s.Values(), slices.Clone(r.FillElem())), nil
	case r.Layout() == tensor.COO && !r.PerSlotFill() && kept[len(kept)-1] < len(shape)-r.DenseDim():
		return keepCOODims(r, kept, shape)
	}
	var err error
	for _, d := range kept {
		if r, err = Unsqueeze(r, d); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// keepCOODims is KeepDims for a COO tensor whose inserted dims are all
// sparse: the index rows with a zero row at each, the values shared.
func keepCOODims(r *tensor.Tensor, kept []int, shape []int64) (*tensor.Tensor, error) {
	idx := r.Indices()
	sd, nse := int64(0), int64(0)
	if len(idx.Shape) == 2 {
		sd, nse = idx.Shape[0], idx.Shape[1]
	}
	nsd := sd + int64(len(kept))
	out := dtype.NewArray(idx.DType, []int64{nsd, nse})
	es := int64(idx.DType.Size())
	row := nse * es
	src := int64(0)
	for d := int64(0); d < nsd; d++ {
		if slices.Contains(kept, int(d)) {
			continue // a zero row: NewArray zeroed it
		}
		copy(out.Data[d*row:(d+1)*row], idx.Data[src*row:(src+1)*row])
		src++
	}
	t, err := tensor.NewCOO(out, r.Values(), shape, tensor.BuildOptions{NoCheck: true, Coalesced: r.IsCoalesced(), NonNegative: true})
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(t, t.Values(), slices.Clone(r.FillElem())), nil
}
