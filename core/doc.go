// Package core owns the operators of gosparse on tensors of any format
// (core/tensor): element-wise tables and their fill values, reductions,
// shape operations, indexing, masks and where, and the linear algebra (the
// matmul family, SpGEMM, sampled products, the DIA products). Each operator
// checks its arguments, picks a result format and a kernel, converts its
// inputs where a fast path needs it, and keeps to_dense(op(A)) ==
// op(to_dense(A)).
//
// It sits above core/tensor, core/dtype and core/errs and below
// core/autograd, core/solve, core/spectral and the C ABI (capi).
package core
