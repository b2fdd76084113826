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
	kernel, psz := spmvKernel(spmvF64I32), 4
	if wide {
		kernel, psz = spmvF64I64, 8
	}
	if useSpMV512 {
		kernel = spmvF64Z8I32
		if wide {
			kernel = spmvF64Z8I64
		}
	}
	end := int(a.Ptr[a.Rows])
	if p := int(a.Ptr[r0]); p < int(a.Ptr[0]) || p > end {
		simdBadPattern("SpMV", r0)
	}
	flags := 0
	if beta != 0 {
		flags = simdReadOld
	}
	al, be := asFloat64(alpha), asFloat64(beta)
	ptr := unsafe.Pointer(&a.Ptr[0])
	idx, val := unsafe.Pointer(unsafe.SliceData(a.Idx)), unsafe.Pointer(unsafe.SliceData(a.Val))
	xp := unsafe.Pointer(unsafe.SliceData(x))
	for r := r0; r < r1; r += simdRowChunk {
		n := min(simdRowChunk, r1-r)
		if bad := kernel(unsafe.Add(ptr, r*psz), idx, val, xp, unsafe.Pointer(&y[r]), n, end, a.Cols, al, be, flags); bad >= 0 {
			simdBadPattern("SpMV", r+bad)
		}
	}
	return true
}
