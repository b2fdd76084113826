package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Binary ops on per-slot fills (core/tensor/fill_slots.go): the generic merge
// runs over blocks of the dense dims, so a per-slot fill is the block that an
// unspecified sparse position reads, and the result's fill slot d is
// op(fill_a[d], fill_b[d]). That needs the result to keep the per-slot
// operand's dense dims.

// slotsDenseDim is the result's number of dense dims: dd, or the dense dims
// of an operand with a per-slot fill, which the merge must keep.
func slotsDenseDim(a, b *tensor.Tensor, dd int, layout tensor.Layout) (int, error) {
	want := -1
	for _, t := range []*tensor.Tensor{a, b} {
		if !t.PerSlotFill() {
			continue
		}
		if want >= 0 && t.DenseDim() != want {
			return 0, errs.Errorf(errs.ErrUnsupported, "per-slot fill values over different dense dims (%d and %d) cannot be combined; give one operand a scalar fill first",
				want, t.DenseDim())
		}
		want = t.DenseDim()
	}
	if want < 0 {
		return dd, nil
	}
	need := 1
	if layout != tensor.COO && layout != tensor.CSF {
		need = 2
	}
	if len(a.Dims())-want < need {
		return 0, errs.Errorf(errs.ErrUnsupported, "a %s result needs %d sparse dims, but the per-slot fill value spans %d of the %d dims",
			layout, need, want, len(a.Dims()))
	}
	return want, nil
}

// mergeFillVecs are the operands' fills in domain dom: one element each, or,
// when either has a per-slot fill, one per slot of a block of bs elements.
func mergeFillVecs(a, b *tensor.Tensor, dom domain, bs int64) (vec, vec) {
	if !a.PerSlotFill() && !b.PerSlotFill() {
		return elementVec(a.DType(), a.FillElem(), dom), elementVec(b.DType(), b.FillElem(), dom)
	}
	return slotVec(a, dom, bs), slotVec(b, dom, bs)
}

// slotVec is t's fill as bs elements of a block of its dense dims.
func slotVec(t *tensor.Tensor, dom domain, bs int64) vec {
	if t.PerSlotFill() {
		return loadVec(t.SlotFill(), dom)
	}
	f := dtype.NewArray(t.DType(), []int64{bs})
	tensor.FillArray(f, t.FillElem())
	return loadVec(f, dom)
}

// fillVec is t's fill in domain dom: one element, or one per dense slot.
func fillVec(t *tensor.Tensor, dom domain) vec {
	if t.PerSlotFill() {
		return loadVec(t.SlotFill(), dom)
	}
	return elementVec(t.DType(), t.FillElem(), dom)
}
