// Package ops owns the operators of gosparse on tensors of any format
// (core/tensor) other than the linear algebra (core/linalg): element-wise
// tables and their fill values, reductions, shape operations, indexing,
// masks and where. Each operator checks its arguments, picks a result format,
// and runs on core/engine where the engine reads its inputs natively
// (reductions, maps over the values, CSR/CSC merges, softmax over rows),
// else converts them (the COO paths, which are also the engine's test
// references); every operator keeps to_dense(op(A)) == op(to_dense(A)).
//
// It imports core/engine, core/tensor, core/dtype, core/format, core/errs
// and core/budget, not the kernels (its loops run through core/engine), and
// is a sibling of core/linalg (neither imports the other); core/spectral,
// core/device, core/autograd, core/dispatch and the C ABI (capi) import it.
// The package map is docs/api/architecture.rst, checked by internal/archtest.
package ops
