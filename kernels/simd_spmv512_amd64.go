package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useSpMV512 says whether the AVX-512 SpMV row kernels
// (simd_spmv512_amd64.s) serve float64 SpMV; tests switch it off to run the
// AVX2 kernels on the same machine. One goroutine, CPU time, best of 25
// alternated calls on a loaded machine: an R-MAT graph (scale 21, edge
// factor 8) took 65 against 77 ms with int32 indices and 69 against 76 ms
// with int64; the 2-D Laplacian 2000^2 (5 a row, where the AVX2 kernel's
// loops never mispredict) 26 against 25 ms and 30 against 30 ms. A software
// prefetch of x some 96 entries ahead (eight loads and prefetches per pass)
// made both slower: 62 -> 67 ms on the graph, 26 -> 30 ms on the Laplacian.
var useSpMV512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasBMI2

//go:noescape
func spmvF64Z8I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmvF64Z8I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
