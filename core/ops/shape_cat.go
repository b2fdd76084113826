package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Cat concatenates tensors of equal shape but for dim: the entries of each
// tensor in turn. Along a sparse dim the coordinates of dim shift; along a
// dense dim every entry keeps its coordinates and its value block is widened,
// zero outside the tensor's own slice (torch's rule: entries that meet sum to
// the concatenated blocks). The result is coalesced when it has fewer than two
// entries (torch's rule for cat).
func Cat(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if len(ts) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "cat: expected a non-empty list of tensors")
	}
	if r, ok, err := catCustom(ts, dim); ok || err != nil {
		return r, err
	}
	ts, err := namedAll(ts) // a custom format catCustom does not serve: its elements, for this call
	if err != nil {
		return nil, err
	}
	if ts, err = promoteAll(ts); err != nil {
		return nil, err
	}
	first := ts[0]
	nd := len(first.Dims())
	for i, x := range ts {
		if len(x.Dims()) == 0 {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "cat: tensors[%d] is zero-dimensional and cannot be concatenated (torch's rule; hstack, vstack and stack take 0-d tensors)", i)
		}
	}
	dim, err = tensor.NormDim("cat: dim", dim, nd)
	if err != nil {
		return nil, err
	}
	denseCat := dim >= nd-first.DenseDim()
	if denseCat && !tensor.AllZero(slices.Clone(first.FillElem())) {
		return nil, errs.Errorf(errs.ErrNotImplemented, "cat: along dense dim %d only with fill value 0: the widened value blocks would read 0 where the other tensors' fill value belongs", dim)
	}
	if err := catCheck(ts, dim); err != nil {
		return nil, err
	}
	if err := catCheckSize(ts, dim, false); err != nil {
		return nil, err
	}
	if catAllStrided(ts) {
		return catStrided(ts, dim), nil
	}
	if r, ok, err := catNative(ts, dim); ok || err != nil {
		return r, err
	}
	return catEntries(ts, dim)
}

// catEntries is Cat's general path through the COO entries (the native
// path's reference in the tests); the tensors are checked.
func catEntries(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	first := ts[0]
	nd := len(first.Dims())
	denseCat := dim >= nd-first.DenseDim()
	out := &convert.CooEntries{DenseDim: first.DenseDim(), Width: first.IndexWidth(), Fill: slices.Clone(first.FillElem()), Dtype: first.DType()}
	out.Shape = slices.Clone(first.Dims())
	out.Shape[dim] = 0
	out.Coords = make([][]int64, nd-first.DenseDim())
	var parts []dtype.Array
	for _, x := range ts {
		c, err := convert.AsCOO(x)
		if err != nil {
			return nil, err
		}
		for d := range out.Coords {
			col := c.Coords[d]
			if d == dim && !denseCat {
				col = slices.Clone(col)
				for e := range col {
					col[e] += out.Shape[dim]
				}
			}
			out.Coords[d] = append(out.Coords[d], col...)
		}
		out.Shape[dim] += x.Dims()[dim]
		out.Width = max(out.Width, c.Width)
		parts = append(parts, c.Vals)
	}
	if denseCat {
		out.Vals = concatBlocks(first.DType(), parts, dim-(nd-first.DenseDim()), out.Shape[nd-first.DenseDim():])
	} else {
		out.Vals = concatRows(first.DType(), parts, first.Dims()[nd-first.DenseDim():])
	}
	out.Coalesced = out.Nse() < 2
	r, err := out.Tensor()
	if err != nil {
		return nil, err
	}
	return convert.InLayout(r, first)
}

// concatRows stacks (n_i, *dense) arrays along their first dim.
func concatRows(d dtype.DType, parts []dtype.Array, dense []int64) dtype.Array {
	n := int64(0)
	for _, p := range parts {
		n += p.Shape[0]
	}
	out := dtype.NewArray(d, append([]int64{n}, dense...))
	off := 0
	for _, p := range parts {
		off += copy(out.Data[off:], p.Data)
	}
	return out
}

// concatBlocks stacks (n_i, *dense_i) value arrays along their first dim with
// each block widened along dense axis k to dense[k] (the sum of the dense_i[k]):
// part i's block fills its own slice of axis k, after the parts before it, and
// the rest stays zero.
func concatBlocks(d dtype.DType, parts []dtype.Array, k int, dense []int64) dtype.Array {
	n := int64(0)
	for _, p := range parts {
		n += p.Shape[0]
	}
	out := dtype.NewArray(d, append([]int64{n}, dense...))
	outer := dtype.NumelOf(dense[:k])
	inner := dtype.NumelOf(dense[k+1:]) * int64(d.Size())
	total := dense[k] * inner // bytes of one outer row of the result
	row, off := int64(0), int64(0)
	for _, p := range parts {
		w := p.Shape[1+k] * inner // bytes of one outer row of this part
		for e := int64(0); e < p.Shape[0]; e++ {
			for o := int64(0); o < outer; o++ {
				src := (e*outer + o) * w
				dst := ((row+e)*outer+o)*total + off
				copy(out.Data[dst:dst+w], p.Data[src:src+w])
			}
		}
		row += p.Shape[0]
		off += w
	}
	return out
}

// promoteAll casts tensors of mixed dtypes to the dtype they promote to
// (torch's cat and stack: promote_types over the list), fill values with them;
// a list of one dtype comes back as it is.
func promoteAll(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
	out := ts[0].DType()
	for _, x := range ts[1:] {
		out = dtype.PromoteTypes(out, x.DType())
	}
	var cast []*tensor.Tensor // a copy: the caller's slice stays as it is
	for i, x := range ts {
		if x.DType() == out {
			continue
		}
		if cast == nil {
			cast = slices.Clone(ts)
		}
		c, err := convert.ToDType(x, out)
		if err != nil {
			return nil, err
		}
		cast[i] = c
	}
	if cast == nil {
		return ts, nil
	}
	return cast, nil
}

// Stack joins tensors of equal shape along a new sparse dim.
func Stack(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if len(ts) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "stack: expected a non-empty list of tensors")
	}
	if err := checkAddDim("stack", len(ts[0].Dims())); err != nil {
		return nil, err
	}
	for i, x := range ts {
		if !slices.Equal(x.Dims(), ts[0].Dims()) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "stack: expects each tensor to be equal size, but got %v at entry 0 and %v at entry %d", ts[0].Dims(), x.Dims(), i)
		}
	}
	ts, err := promoteAll(ts)
	if err != nil {
		return nil, err
	}
	if r, ok, err := stackRagged(ts, dim); ok || err != nil {
		return r, err
	}
	if !allCustom(ts) { // custom tensors unsqueeze as relabels and catCustom sizes their cat
		if ts, err = namedAll(ts); err != nil { // no path of its own for a custom format below
			return nil, err
		}
		// Sized before the inputs are unsqueezed (each a copy).
		if err := catCheckSize(ts, 0, true); err != nil {
			return nil, err
		}
	}
	un := make([]*tensor.Tensor, len(ts))
	for i, x := range ts {
		u, err := Unsqueeze(x, dim)
		if err != nil {
			return nil, err
		}
		un[i] = u
	}
	d, _ := tensor.NormDim("stack: dim", dim, len(ts[0].Dims())+1)
	return Cat(un, d)
}

// allCustom reports whether every tensor of ts is of a custom format.
func allCustom(ts []*tensor.Tensor) bool {
	for _, x := range ts {
		if x.Layout() != tensor.Custom {
			return false
		}
	}
	return true
}

// HStack, VStack and DStack are torch's: cat along dim 1 (dim 0 for 1-d
// tensors), along dim 0 of at-least-2-d tensors, along dim 2 of at-least-3-d tensors.
func HStack(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	if len(ts) > 0 && len(ts[0].Dims()) <= 1 {
		return catAtLeast(ts, 1, 0) // torch's atleast_1d: a 0-d tensor is (1)
	}
	return Cat(ts, 1)
}

// VStack concatenates along dim 0 after viewing 1-d tensors as rows.
func VStack(ts []*tensor.Tensor) (*tensor.Tensor, error) { return catAtLeast(ts, 2, 0) }

// DStack concatenates along dim 2 after viewing tensors as at least 3-d.
func DStack(ts []*tensor.Tensor) (*tensor.Tensor, error) { return catAtLeast(ts, 3, 2) }

// catAtLeast views each tensor as torch's atleast_2d/atleast_3d do
// ((n) -> (1, n) -> (1, n, 1); (m, n) -> (m, n, 1)), then concatenates.
func catAtLeast(ts []*tensor.Tensor, ndim, dim int) (*tensor.Tensor, error) {
	up := make([]*tensor.Tensor, len(ts))
	for i, x := range ts {
		u := x
		var err error
		for len(u.Dims()) < ndim && err == nil {
			at := 0 // a new leading dim while below 2-d, a trailing one after
			if len(u.Dims()) >= 2 {
				at = len(u.Dims())
			}
			u, err = Unsqueeze(u, at)
		}
		if err != nil {
			return nil, err
		}
		up[i] = u
	}
	return Cat(up, dim)
}
