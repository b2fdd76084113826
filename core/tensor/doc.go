// Package tensor owns the tensor: Tensor (a named layout's levels, or a
// custom format's storage, read as COO through Named per call), Level and
// the named layouts with their level lists; construction with full checks
// (strided, COO, CSR/CSC/BSR/BSC, from a format text and per-level arrays,
// copied or borrowed), Validate, components and printing; and every
// conversion: any format to any other through the level entries (entriesOf,
// buildFrom), the fast pairs (fastpath*.go), CSR/CSC -> DIA, Coalesce,
// ToDType and ToIndexWidth. Conversions written on this package's exported
// surface (AsCOO, CooEntries, InLayout) are core/convert's, which imports
// this package; nothing here imports it.
//
// Tensors are immutable once made. The operators above (package core)
// read a tensor through accessors that lend its own arrays (Dims,
// StorageLevels, ValueArray, ...) and derive new tensors through Revalue,
// WithValues, TransposedLike and RelabelCompressed; only this package
// writes a tensor's fields.
//
// It imports core/format, core/ustorage, core/dtype, core/errs,
// core/budget and the kernels; nothing above it.
package tensor
