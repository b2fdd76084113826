// Package convert owns the conversions an operator or a binding asks for
// between a tensor and another form of it, built on core/tensor's exported
// surface only: ToLayout (any tensor to a named layout: the direct pairs
// among 2-D COO, CSR and CSC (layout_fast*.go), strided to CSR/CSC/COO in
// one pass (layout_strided.go), CSR/CSC to and from BSR/BSC
// (layout_block.go), else the level entries (tensor.EntriesOf) stored by
// tensor.BuildFrom; an undefined fill's conversions in layout_undefined.go),
// Coalesce and ToIndexWidth; ToDense (a strided tensor of every element) and its plan
// PlanToDense; ToDType (values and fill cast to another dtype); Equal
// (same shape, dtype and value at every element); CoalescedCOO and
// CoalescedCOOWidth (the stored entries as a coalesced COO tensor);
// KeptWidth (the index width a conversion keeps); NewFromFormat and
// WrapFormat (a tensor from a format's arrays, checked by tensor.CheckUST:
// a custom format's is its checked storage, a named layout's that layout's
// tensor converted from it) and CustomPermutedNamed (a custom format
// transposed into a named layout); AsCOO, which takes any tensor apart
// into COO entries (CooEntries, with Gather and Tensor to rebuild one),
// and InLayout, which brings an operator's COO result back to its input's
// layout; ToFormat, any tensor to any format, with its routes: the level
// conversion (ustorage.Convert on the source's own level arrays), custom
// to named (DCSR, DCSC, CSF, COO and the compressed layouts from a custom
// format's levels), a coalesced COO to CSF or DCSR from its sorted
// indices, CSR/CSC to DIA (ToDIAFast), and the coordinate route
// (ustorage.Arrange) for the rest.
//
// The cut: convert imports core/tensor, never the reverse. A tensor made
// here is made through tensor.Assemble (a named layout's spec, levels,
// values and fill) or tensor.AssembleFormat (a custom format's structure,
// values and fill), the trusted assemblers core/tensor's own constructors
// use too, or tensor's checked constructors; FillPattern, USTStorage and
// the other accessors read one, LevelStructure and LevelIndex read a
// format storage's arrays in ustorage's form and back. What core/tensor
// itself needs stays there: listing a tensor's entries (EntriesOf) and
// storing entries in a named layout (BuildFrom, TargetSpec), which a
// custom-format tensor's Named COO form and Empty are made of, and
// Named's DIA view, and the checks of a format's arrays (CheckUST, whose
// CheckedUST lends a named layout's storage to the conversion only).
// ConvertOptions and DefaultConvert stay in core/tensor, whose
// NamedLayoutOf and CheckUST return them.
//
// It imports core/tensor, core/dtype, core/errs, core/format,
// core/ustorage, core/budget, core/plan, the kernels and nothing
// above them (the package map of docs/api/architecture.rst).
package convert
