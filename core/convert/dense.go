package convert

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// ToDense materialises t as a strided tensor, the fill value in every
// unspecified element; duplicate COO entries are summed. It is ToLayout's
// strided target, whose code moves here with ToLayout (doc.go).
func ToDense(t *tensor.Tensor) (*tensor.Tensor, error) {
	return ToLayout(t, tensor.Strided, tensor.DefaultConvert())
}

// PlanToDense is how ToDense(t) runs (gs_explain), by ToDense's own
// predicates: a strided tensor is cloned; a custom-format tensor whose
// format repeats no coordinate lists its entries by one walk of its levels
// for this call only, another through a COO tensor made for the call
// (tensor.Named); every other tensor lists them from its levels
// (tensor.EntriesOf). The entries are then scattered into the dense result.
func PlanToDense(t *tensor.Tensor) plan.Plan {
	vs := int64(t.DType().Size())
	dense := dtype.NumelOf(t.Dims()) * vs
	p := plan.New(plan.Native, dense)
	nd := int64(t.NDim())
	var u *tensor.UST // a custom tensor's own storage, nil for a named layout
	if t.Layout() == tensor.Custom {
		u, _ = t.USTStorage() // never an error for a custom tensor
	}
	switch {
	case t.Layout() == tensor.Strided:
		p.Path, p.Kernel = plan.Dense, "a copy of the strided data"
	case dense == 0:
		p.Kernel = "nothing to write: the structure is not walked"
	case u != nil && u.Format.IsUnique(): // the transient walk of custom_coo.go
		p.Kernel = "a walk of the format's levels (the entries kept for this call only), scattered into the dense result"
		p.Bytes += u.Values.Numel() * (nd + 1) * 8 // the listed coordinates
	default:
		if u != nil {
			p.Convert("input", u.Format.String(), "its COO form (made for this call, not kept)", u.Values.Numel()*(nd*8+vs))
		}
		p.Kernel = "the entries listed from the levels (EntriesOf), scattered into the dense result"
		var n int64 // an upper bound on the entries (hybrid: their elements)
		if u != nil {
			n = u.Values.Numel()
		} else {
			n = t.Values().Numel()
		}
		p.Bytes += n * nd * 8
	}
	return p
}
