// Package tensor owns the tensor: Tensor (a named layout's levels, or a
// custom format's storage, read as COO through Named per call), Level and
// the named layouts with their level lists; construction with full checks
// (strided, COO, CSR/CSC/BSR/BSC, a custom format's per-level arrays,
// copied or borrowed), Validate, components and printing; Assemble and
// AssembleFormat, the trusted assemblers of a named layout's tensor (spec,
// levels, values and fill; FillPattern reads a fill in its form) and of a
// custom format's (a checked ustorage structure, values and fill), which
// every conversion here and in core/convert builds its result with, and
// the bridge between a format storage's arrays and ustorage's structures
// (LevelStructure, LevelIndex, FitsInt32, NamedCompressed; level_index.go);
// and what the conversions build with: a tensor's level entries
// (EntriesOf, Entries.Merge) and entries stored in a named layout
// (BuildFrom, TargetSpec, AutoWidth), which a custom-format tensor's Named
// COO form and Empty are made of too. A custom transpose's relabel to a
// compressed layout is CustomPermutedCompressed. A construction from a
// format's arrays is checked here
// (CheckUST: a CheckedUST is a custom tensor, or a named layout's storage
// lent to the conversion only). Conversions written on this package's
// exported surface (the named-layout engine ToLayout with its fast paths,
// Coalesce and ToIndexWidth; ToDense, PlanToDense, ToDType, Equal, CoalescedCOO,
// AsCOO, CooEntries, InLayout, KeptWidth, ToFormat with its level,
// custom-to-named, sorted-COO and DIA routes, NewFromFormat/WrapFormat,
// whose named case converts the checked storage, and CustomPermutedNamed)
// are core/convert's, which imports this package; nothing here imports it.
//
// Tensors are immutable once made. The operators above (package core)
// read a tensor through one accessor per concept, each lending the tensor's
// own memory, never a copy (Dims, Levels, Values, Indices, FillElem, ...: a
// caller that keeps or changes one copies it); Component gives torch's
// component arrays (values, crow_indices, ...) with torch's refusals. They
// derive new tensors through Revalue, WithValues, TransposedLike and
// RelabelCompressed, or assemble them (Assemble, AssembleCOO,
// AssembleCompressed); only this package writes a tensor's fields.
//
// Levels: a Level is a tensor's storage level, its description in the
// format language (format.Level) with the dim it reads, its extent and its
// pos and crd arrays; ustorage's LevelArrays and LevelView are the same
// arrays typed, for the level walks.
//
// Layouts are torch's names for format texts: a named tensor's Format is
// made from its layout, and NamedLayoutOf(t.Format()) names t.Layout()
// again (TestLayoutIsItsFormatsName), except where two names share one
// text: CSF of one sparse dim has a coalesced COO's format, CSF of two
// DCSR's; the tensor keeps the name it was made with. A Custom tensor's
// format is no named layout's.
//
// It imports core/format, core/ustorage, core/dtype, core/errs,
// core/budget and the kernels; nothing above it.
package tensor
