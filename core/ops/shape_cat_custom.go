package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// catCustom is Cat of custom-format tensors read off their levels: each
// tensor's levels walked once in turn, its elements' coordinates copied
// into the result's COO indices (dim shifted by the sizes before it) and
// their values from their slots, as catEntries lists their COO forms'
// entries; the result is COO (torch's cat of sparse COO), coalesced when it
// has fewer than two entries, indices of the first tensor's width. ok is
// false unless every tensor is custom of a unique format with a scalar
// defined fill and no dense dims, one dtype and rank (catCheck's other
// refusals: Cat's route reports them).
func catCustom(ts []*tensor.Tensor, dim int) (*tensor.Tensor, bool, error) {
	first := ts[0]
	nd := first.NDim()
	for _, x := range ts {
		if x.Layout() != tensor.Custom || x.DenseDim() != 0 || x.PerSlotFill() || x.UndefinedFill() || x.DType() != first.DType() || x.NDim() != nd || nd == 0 {
			return nil, false, nil
		}
		if u, err := x.USTStorage(); err != nil || !u.Format.IsUnique() {
			return nil, false, err
		}
	}
	dim, err := tensor.NormDim("cat: dim", dim, nd)
	if err != nil || catCheck(ts, dim) != nil {
		return nil, false, nil
	}
	shape := slices.Clone(first.Dims())
	shape[dim] = 0
	var n int64
	for _, x := range ts {
		shape[dim] += x.Dims()[dim]
		n += x.NNZ() // counted from the storage and remembered by x
	}
	if err := errs.CheckAlloc("cat: the result's entries", n, nd*8+first.DType().Size()); err != nil {
		return nil, true, err
	}
	idx, set := cooIndexArray(first.IndexWidth(), nd, n)
	vals := dtype.NewArray(first.DType(), []int64{n})
	var e, offset int64
	for _, x := range ts {
		u, _ := x.USTStorage()
		place := slotCopier(vals, u.Values)
		at := e
		err := walkElements(x, u, func(c []int64, p int64) {
			for d, v := range c {
				if d == dim {
					v += offset
				}
				set(int64(d)*n+e, v)
			}
			place(e, p)
			e++
		})
		if err != nil {
			return nil, true, errs.Errorf(errs.ErrInvalidArgument, "cat: %v", err)
		}
		if e-at != x.NNZ() {
			return nil, true, errs.Errorf(errs.ErrInternal, "cat: the walk of format %s visited %d elements, counted %d", u.Format, e-at, x.NNZ())
		}
		offset += x.Dims()[dim]
	}
	r, err := cooRelabel(first, idx, vals, shape, n < 2)
	return r, true, err
}

// cooIndexArray is a COO indices array (nd, n) of width 32 or 64 and a
// setter of its element i.
func cooIndexArray(width, nd int, n int64) (dtype.Array, func(i, v int64)) {
	if width == 32 {
		a := dtype.NewArray(dtype.Int32, []int64{int64(nd), n})
		s := dtype.AsSlice[int32](a)
		return a, func(i, v int64) { s[i] = int32(v) }
	}
	a := dtype.NewArray(dtype.Int64, []int64{int64(nd), n})
	s := dtype.AsSlice[int64](a)
	return a, func(i, v int64) { s[i] = v }
}
