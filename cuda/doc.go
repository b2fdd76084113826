// Package cuda owns gosparse's GPU kernels: the CUDA sources under cu/
// (SpMV and SpMM on CSR, SDDMM, DIA SpMV, COO -> CSR with coalescing, the
// CSR transpose, element-wise operations on values, sums, and SpGEMM through
// cuSPARSE) and their Go wrapper, which works on plain device buffers.
//
// The wrapper is built with the build tag cuda (make cuda compiles cu/ with
// nvcc into build/cuda/libgscuda.a first and links the CUDA runtime and
// cuSPARSE dynamically). Without the tag every function returns an error
// wrapping ErrNotBuilt ("built without CUDA"), so CPU builds never need CUDA.
//
// Each call sets the device itself and does all its CUDA work inside one C
// call that synchronises before returning: goroutines move between OS
// threads, and no Go memory is touched by CUDA after a call returns.
//
// It knows nothing of tensors, formats or the memory limit: core/device does
// that bookkeeping and calls in here with sizes it has checked.
package cuda
