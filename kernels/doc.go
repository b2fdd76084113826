// Package kernels holds the compute kernels of gosparse: sparse-times-dense
// and sparse-times-sparse products, sampled products, the dense kernels of
// the direct solvers (GemmSubNT, GemmSubNTLower, GemmNegNTLower,
// PanelCholesky: packed, cache-blocked, on AVX-512 or AVX2 tiles, in files
// gemm*), and the sorting and scheduling helpers that the format
// conversions use.
//
// Kernels work on plain typed slices and import nothing of the project
// outside kernels/ (only kernels/memory, the uninitialised output buffers
// and their recycling; kernels/cancel; and kernels/internal/native). The
// caller (package core) owns every slice; a kernel never keeps a slice after
// it returns and never writes to a slice it documents as input.
//
// Validation: kernels check what costs O(1) (lengths of the slices against
// the stated dimensions, negative sizes) and return an *ArgError naming the
// argument and the rule it broke. They do not re-check that every stored
// index is in range or that pointer arrays are monotone: that is O(nnz) and
// the caller's job on construction. An out-of-range index still cannot
// corrupt memory (Go checks the access); it panics, and a panic raised in a
// worker goroutine is carried back to the calling goroutine so that a
// recover at the C boundary sees it.
//
// Parallelism: rows are cut into chunks of about equal nonzeros plus rows
// (at least eight per goroutine, each a few hundred microseconds of work),
// which up to runtime.GOMAXPROCS(0) goroutines take in turn, so a goroutine
// slowed by other work on its core holds nobody up. The caller takes chunks
// itself and waits for the chunks, never for a helper that has not started;
// the helpers are pooled and poll for the next job for a while after each
// (as OpenMP runtimes do), so back-to-back calls split well. Below a size
// threshold one goroutine does everything.
package kernels
