// Package core owns the operators of gosparse on tensors of any format
// (core/tensor) other than the linear algebra (core/linalg): element-wise
// tables and their fill values, reductions, shape operations, indexing,
// masks and where. Each operator checks its arguments, picks a result format
// and a kernel, converts its inputs where a fast path needs it, and keeps
// to_dense(op(A)) == op(to_dense(A)).
//
// It sits above core/tensor, core/dtype and core/errs and below
// core/autograd and the C ABI (capi).
package core
