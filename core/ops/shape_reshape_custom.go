package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// reshapeCustom is Reshape of a custom-format tensor t to sparse sizes
// newSparse (and Squeeze's where no relabel drops the dims), read off its
// levels in one walk: each stored element's
// coordinates are linearised over t's dims and unravelled over newSparse
// into the result's COO indices, and its value copied from its slot (the
// padding outside the tensor skipped, as Named skips it). The result is COO
// as torch's reshape of a sparse COO tensor, with t's fill; its entries
// come in the walk's order, so it is coalesced where that order is the
// linear one (a row-major format), not sorted otherwise: no sorted copy of
// the input is made. The indices are of width (32 or 64: the caller's
// bound on the new coordinates). ok is false for what the walk does not serve (a
// nonunique format, whose walk repeats coordinates Named sums; a per-slot
// or undefined fill; dense dims), which take Named's route.
func reshapeCustom(t *tensor.Tensor, newSparse []int64, width int) (r *tensor.Tensor, ok bool, err error) {
	if t.Layout() != tensor.Custom || t.DenseDim() != 0 || t.PerSlotFill() || t.UndefinedFill() {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil || !u.Format.IsUnique() {
		return nil, false, err
	}
	n := t.NNZ() // counted from the storage and remembered by t
	ns := len(newSparse)
	if err := errs.CheckAlloc("reshape's indices", n*int64(ns), 8); err != nil {
		return nil, true, err
	}
	ia, set := cooIndexArray(width, ns, n)
	vals := dtype.NewArray(u.Values.DType, []int64{n})
	place := slotCopier(vals, u.Values)
	shape := t.Dims()
	var e int64
	prev, sorted := int64(-1), true
	err = walkElements(t, u, func(dim []int64, p int64) {
		lin := int64(0)
		for d, c := range dim {
			lin = lin*shape[d] + c
		}
		sorted = sorted && lin > prev
		prev = lin
		for d := ns - 1; d > 0; d-- { // one division a dim; the first takes what is left
			q := lin / newSparse[d]
			set(int64(d)*n+e, lin-q*newSparse[d])
			lin = q
		}
		if ns > 0 {
			set(e, lin)
		}
		place(e, p)
		e++
	})
	if err != nil {
		return nil, true, errs.Errorf(errs.ErrInvalidArgument, "reshape: %v", err)
	}
	if e != n {
		return nil, true, errs.Errorf(errs.ErrInternal, "reshape: the walk of format %s visited %d elements, counted %d", u.Format, e, n)
	}
	r, err = cooRelabel(t, ia, vals, slices.Clone(newSparse), sorted)
	return r, true, err
}

// slotCopier returns a function that copies element p of src to element e
// of dst (one dtype): a typed store for 8-byte elements, a byte copy for
// the others.
func slotCopier(dst, src dtype.Array) func(e, p int64) {
	if dst.DType.Size() == 8 {
		d, s := dtype.AsSlice[uint64](dst), dtype.AsSlice[uint64](src)
		return func(e, p int64) { d[e] = s[p] }
	}
	es := int64(dst.DType.Size())
	d, s := dst.Data, src.Data
	return func(e, p int64) { copy(d[e*es:(e+1)*es], s[p*es:(p+1)*es]) }
}
