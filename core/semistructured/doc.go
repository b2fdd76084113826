// Package semistructured owns 2:4 semi-structured sparsity as PyTorch has it
// (torch.sparse.to_sparse_semi_structured with the CUTLASS backend), on the
// CPU: the compressed (values, metadata) pair in torch's exact CUTLASS
// layout, its checks both ways, to_dense and t(), the products (mm in both
// orientations, addmm, linear) and the magnitude pruning helpers that torch
// lacks (a mask keeping the n largest of every m, and a pruner).
//
// Layout. A 2-d dense matrix of rows x cols keeps n of every m consecutive
// elements of a row (a strip): 2 of 4 for float16, bfloat16 and int8, 1 of 2
// for float32. values() is rows x cols/2, the kept elements of each strip in
// column order. Each strip also gets a 4-bit nibble, two 2-bit positions
// (idx0 | idx1<<2) within a 4-wide quad of 16-bit units (a float32 is two
// such units). Nibbles are packed low-first into int16 words (int32 for
// int8), rows x cols/(ksparse*nibbles per word), and the words are then
// scattered into CUTLASS's ColumnMajorInterleaved<2> order: that scattered
// array is indices(). metadata.go holds the scatter rule.
//
// In the storage model the sparsity is the format (i, j) -> (i : dense,
// j / m : dense, j % m : structured(n)) (Format); UST lays a tensor out in
// it as package ustorage does, which pads short strips differently from
// CUTLASS's metadata (ust.go).
//
// Arrays follow package core's convention: a function keeps the Arrays it
// is given (it does not copy) and never writes to them; results are fresh.
// The package imports core/dtype for dtypes and arrays, core/errs and
// core/budget for errors and the memory limit, core/format and
// core/ustorage for the storage model, and kernels for the products; none
// of them imports it.
package semistructured
