// Package kernels holds the compute kernels of gosparse: sparse-times-dense
// and sparse-times-sparse products, sampled products, the dense kernels of
// the direct solvers (GemmSubNT, GemmSubNTLower, GemmNegNTLower,
// PanelCholesky: packed, cache-blocked, on AVX-512 or AVX2 tiles, in files
// gemm*), and the sorts, scatters and compressions that the format
// conversions use.
//
// Kernels work on plain typed slices and import nothing of the project
// outside kernels/ (only kernels/memory, the uninitialised output buffers
// and their recycling; kernels/parallel, the scheduler; kernels/cancel; and
// kernels/internal/native). The caller (package core) owns every slice; a
// kernel never keeps a slice after it returns and never writes to a slice it
// documents as input.
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
// Parallelism: the kernels split their loops with kernels/parallel, rows
// cut into chunks of about equal nonzeros plus rows that pooled goroutines
// take in turn; below a size threshold one goroutine does everything. The
// memory a kernel allocates by its shape rather than its entries is stated
// beforehand (CompressRowsScratch, CountingSortScratch) for the caller to
// check against its limit.
package kernels
