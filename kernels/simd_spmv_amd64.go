package kernels

import "unsafe"

// spmvKernel is the shape of the SpMV row kernels (simd_spmv_amd64.s).
type spmvKernel func(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmvF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

//go:noescape
func spmvF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int

// spmvRowsSIMD computes rows [r0, r1) of y = alpha*A*x + beta*y with the
// assembly row kernel (the AVX-512 one where the CPU has it) and returns true, or returns false where the CPU or
// the types have none (float64 values only: its loop has no bounds checks
// and no spilled registers, which is what a gather-bound SpMV on short rows
// pays for in Go). At most simdRowChunk rows go to one assembly call
// (assembly is not preemptible). The caller checked the lengths of a's
// arrays, x (a.Cols) and y (a.Rows).
func spmvRowsSIMD[I Index, V Number](alpha, beta V, a CSR[I, V], x, y []V, r0, r1 int) bool {
	lanes, wide := simdKind[I, V]()
	if !useSIMD || lanes != 4 {
		return false
	}
	if r0 >= r1 {
		return true
	}
	kernel := spmvKernel(spmvF64I32)
	if wide {
		kernel = spmvF64I64
	}
	if useSpMV512 {
		kernel = spmvF64Z8I32
		if wide {
			kernel = spmvF64Z8I64
		}
	}
	rk := simdRowsOf("SpMV", a.Ptr, a.Idx, a.Val, a.Rows, r0, alpha, beta)
	xp := unsafe.Pointer(unsafe.SliceData(x))
	for r := r0; r < r1; r += simdRowChunk {
		n := min(simdRowChunk, r1-r)
		if bad := kernel(rk.at(r), rk.idx, rk.val, xp, unsafe.Pointer(&y[r]), n, rk.end, a.Cols, rk.alpha, rk.beta, rk.flags); bad >= 0 {
			simdBadPattern("SpMV", r+bad)
		}
	}
	return true
}
