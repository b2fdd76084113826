// Package linalg owns the linear algebra of gosparse on tensors of any
// format (core/tensor): the matmul family (Mv, Mm, Matmul, Addmm, Addmv,
// Bmm, Baddbmm, the out= forms), SpGEMM (sparse @ sparse with a symbolic
// phase sized against the memory limit), the sampled products (SDDMM) and
// the DIA products read straight from a DIA tensor's storage. Each product
// checks its operands, promotes their dtypes, picks a kernel by layout
// (dispatch.go) and runs it on the kernels' typed slices.
//
// It imports core/engine, core/tensor, core/format, core/dtype, core/errs,
// core/budget and the kernels; the operators of core/ops are its siblings
// (neither imports the other), and core/autograd, core/dispatch and the C
// ABI import both.
// The package map is docs/api/architecture.rst, checked by internal/archtest.
package linalg
