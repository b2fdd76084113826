// Package device owns tensors whose storage lives in CUDA device memory:
// moving a tensor between the host and a device (DLPack device codes), the
// accounting of device memory against the memory limit, and the operations
// that have a GPU path (products, conversions, element-wise operations on
// values, sums), each built on the plain-buffer kernels of package cuda.
//
// A device tensor keeps its metadata (layout, dtype, shape, fill value,
// index width) on the host and its arrays (levels' pos and crd, values) on
// the device. An operation without a GPU path refuses with ErrUnsupported
// naming the operation: nothing is copied to the host behind the caller's
// back. In a build without the cuda tag every move to a device refuses with
// "built without CUDA".
package device
