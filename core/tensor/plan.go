package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/plan"
)

// PlanToDense is how ToDense(t) runs (gs_explain), by ToDense's own
// predicates: a strided tensor is cloned; a custom-format tensor whose
// format repeats no coordinate lists its entries by one walk of its levels
// for this call only (transientCOO), another through a COO tensor made for
// the call (Named); every other tensor lists them from its levels (EntriesOf). The entries
// are then scattered into the dense result.
func PlanToDense(t *Tensor) plan.Plan {
	vs := int64(t.dtype.Size())
	dense := dtype.NumelOf(t.shape) * vs
	p := plan.New(plan.Native, dense)
	nd := int64(len(t.shape))
	switch {
	case t.layout == Strided:
		p.Path, p.Kernel = plan.Dense, "a copy of the strided data"
	case dense == 0:
		p.Kernel = "nothing to write: the structure is not walked"
	case transientCOO(t):
		p.Kernel = "a walk of the format's levels (the entries kept for this call only), scattered into the dense result"
		p.Bytes += t.ust.Values.Numel() * (nd + 1) * 8 // the listed coordinates
	default:
		if t.FormatStore() != nil {
			p.Convert("input", t.ust.Format.String(), "its COO form (made for this call, not kept)", t.ust.Values.Numel()*(nd*8+vs))
		}
		p.Kernel = "the entries listed from the levels (EntriesOf), scattered into the dense result"
		n := t.values.Numel() // an upper bound on the entries (hybrid: their elements)
		if t.FormatStore() != nil {
			n = t.ust.Values.Numel()
		}
		p.Bytes += n * nd * 8
	}
	return p
}
