// Package convert owns the conversions an operator or a binding asks for
// between a tensor and another form of it, built on core/tensor's exported
// surface only: ToDense (a strided tensor of every element) and its plan
// PlanToDense; ToDType (values and fill cast to another dtype); Equal
// (same shape, dtype and value at every element);
// CoalescedCOO and CoalescedCOOWidth (the stored entries as a coalesced
// COO tensor); AsCOO, which takes any tensor apart into COO entries
// (CooEntries, with Gather and Tensor to rebuild one), and InLayout, which
// brings an operator's COO result back to its input's layout.
//
// The cut: convert imports core/tensor, never the reverse. A tensor made
// here is made through tensor.Assemble (the trusted assembler of spec,
// levels, values and fill that the conversions inside core/tensor use too)
// or tensor's checked constructors; FillPattern and the other accessors
// read one. What core/tensor itself needs stays there: listing a tensor's
// entries (EntriesOf) and storing entries in a named layout (BuildFrom,
// TargetSpec), which a custom-format tensor's Named COO form and Empty are
// made of. The format-to-format engine (ToLayout, ToFormat, ToIndexWidth,
// Coalesce and their fast paths) is still in core/tensor:
// its NewFromFormat builds a named format through ToLayout, ToFormat and
// the undefined-fill paths call it, and ToDense's code is ToLayout's
// strided target there (convert.ToDense calls ToLayout); they move here
// together, the tensor package's own callers of them having moved up first
// (issue 36, item 3).
//
// It imports core/tensor, core/dtype, core/errs, core/plan and nothing
// above them (the package map of docs/api/architecture.rst).
package convert
