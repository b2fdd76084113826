// Package convert owns the conversions an operator asks for between a
// tensor and another form of it, built on core/tensor's exported surface
// only: AsCOO takes any tensor apart into COO entries (CooEntries, with
// Gather and Tensor to rebuild one) and InLayout brings an operator's COO
// result back to its input's layout.
//
// The cut: convert imports core/tensor, never the reverse. What core/tensor
// itself needs to read or build a tensor stays there: listing a tensor's
// entries (EntriesOf) and storing entries in a named layout (BuildFrom,
// TargetSpec), which a custom-format tensor's Named COO form and Empty are
// made of. Conversions move here when they can be written against the
// tensor's accessors and constructors, the tensor package's own callers of
// them having moved up first (issue 36, item 3). The format-to-format
// engine (ToLayout, ToFormat, ToDense, ToDType, ToIndexWidth, Coalesce and
// their fast paths) is still in core/tensor: it writes the fields of the
// tensors it makes, and Equal, CoalescedCOO and the custom-format and
// undefined-fill paths inside core/tensor call it.
//
// It imports core/tensor, core/dtype and nothing above them (the package
// map of docs/api/architecture.rst).
package convert
