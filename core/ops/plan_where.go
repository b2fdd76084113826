package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// whereOperandNames are the names gs.where gives its operands.
var whereOperandNames = [3]string{"condition", "input", "other"}

// PlanWhere is how Where(condition, x, y) runs: it asks Where's
// predicates in Where's order (whereCustomOperands,
// whereCustomNumbersApplies, whereFormatsOperands with oneStorage) and
// counts the bytes of the result and of each conversion; the rest is the
// general route, whose custom operands' COO forms are counted, not built.
func PlanWhere(condition *tensor.Tensor, x, y Operand) (plan.Plan, error) {
	if condition == nil {
		return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "where: condition is nil")
	}
	for i, o := range []Operand{x, y} {
		if o.Tensor != nil && !slices.Equal(o.Tensor.Dims(), condition.Dims()) {
			return plan.Plan{}, errs.Errorf(errs.ErrInvalidArgument, "where: expected condition and %s to have the same shape, got %v and %v",
				whereOperandNames[i+1], condition.Dims(), o.Tensor.Dims())
		}
	}
	out := resultType(x, y)
	os := int64(out.Size())
	if _, uc, _, _, ok := whereCustomOperands(condition, x, y); ok {
		p := plan.New(plan.Native, uc.Values.Numel()*os)
		p.Kernel = "engine.Select over the condition's and the tensor's values arrays (one storage; tensor.CustomMapped shares the levels; no COO form built)"
		return p, nil
	}
	if whereCustomNumbersApplies(condition, x, y) {
		p := plan.New(plan.Native, entries(condition)*os)
		p.Kernel = "engine.SelectNumbers: a choice between the two numbers over the condition's values array (tensor.CustomMapped shares its levels; no COO form built)"
		return p, nil
	}
	if ops, _, ok := whereFormatsOperands(condition, x, y); ok {
		return whereFormatsPlan(ops, os), nil
	}
	p := plan.New(plan.General, 0)
	n := int64(0)
	for i, t := range []*tensor.Tensor{condition, x.Tensor, y.Tensor} {
		if t != nil {
			cooForm(&p, whereOperandNames[i], t)
			n += entries(t)
		}
	}
	if p.Path == plan.General && condition.Layout() == tensor.Strided && x.Tensor == nil && y.Tensor == nil {
		p.Path = plan.Dense
	}
	p.Kernel = "whereNative (a choice over the values of one pattern) where the condition is a bool CSR, CSC or coalesced COO matrix beside a number and a tensor of its pattern, else whereChoose or whereStrided for strided operands, else whereMerge: the merge of the three operands' coalesced entries"
	p.OutputBytes = n * (os + int64(len(condition.Dims()))*8) // at most the union of the patterns, COO-sized
	p.Bytes += p.OutputBytes
	return p, nil
}

// whereFormatsPlan is the plan of whereFormats on ops: a choice over three
// values arrays of one storage, or a base pattern (the first CSR or CSC
// operand, else a custom one converted to CSR as whereBase picks it) over
// which the other custom operands are gathered.
func whereFormatsPlan(ops [3]*tensor.Tensor, os int64) plan.Plan {
	if _, one := oneStorage(ops); one {
		p := plan.New(plan.Native, entries(ops[1])*os)
		p.Kernel = "engine.Choose over the three values arrays (one storage; the result that format over the condition's levels; no COO form built)"
		return p
	}
	var p plan.Plan
	base, converted := -1, false
	for i, t := range ops {
		if t.Layout() != tensor.Custom {
			base = i
			break
		}
	}
	if base < 0 {
		base, converted = 1, true
		for i, t := range ops {
			if u, err := t.USTStorage(); err == nil {
				if _, ok := diaSlotsOf(u, t.Dims(), 0); ok {
					base = i
					break
				}
			}
		}
		t := ops[base]
		p.Convert(whereOperandNames[base], t.Format().String(), "sparse_csr (convert.ToFormat's direct route)",
			entries(t)*(int64(t.DType().Size())+8)+(t.Dims()[0]+1)*8)
	}
	n := entries(ops[base]) // a converted operand's slots: at least its CSR form's entries
	gathered := int64(0)
	for i, t := range ops {
		if i != base && t.Layout() == tensor.Custom {
			gathered += n * int64(t.DType().Size())
		}
	}
	layout := "sparse_csr"
	if !converted {
		layout = ops[base].Layout().String()
	}
	p.Kernel = "gatherOnto: each custom operand's values at the " + whereOperandNames[base] + " operand's entries (" + layout +
		"), then engine.Choose; the result " + layout + " sharing its index arrays, no COO form built"
	p.Notes = append(p.Notes, "where a custom operand stores a value other than its fill outside that pattern, or a named operand has another pattern, the call takes the COO forms' route instead (known only in the call)")
	p.OutputBytes = n * os
	p.Bytes += gathered + p.OutputBytes
	if p.Path == "" {
		p.Path = plan.Native
	}
	return p
}
