package kernels

import "unsafe"

// rowPairsKernel is the shape of the row-pair kernels
// (simd_rowpairs_amd64.s).
type rowPairsKernel func(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

//go:noescape
func rowPairsF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

//go:noescape
func rowPairsF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

// rowPairsSIMD runs RowPairsRun with the assembly kernel and returns true,
// or returns false where the CPU or the types have none (float64 values
// only). The kernel keeps both rows of a group in one register, one
// multiply then one add a stored column: the bits of the Go loop. The
// kernel checks the pointers against ptr's last and the columns against
// len(x); here the arrays' lengths are checked against them, so that
// nothing outside the slices is read or written. At most simdRowChunk
// groups go to one assembly call (assembly is not preemptible).
func rowPairsSIMD[I Index, V Number](ptr, crd []I, val, x, y []V, add bool) bool {
	lanes, wide := simdKind[I, V]()
	if !useSIMD || lanes != 4 {
		return false
	}
	ng := len(ptr) - 1
	if ng <= 0 {
		return true
	}
	end := int(ptr[ng])
	if ptr[0] < 0 || end > len(crd) || 2*end > len(val) || 2*ng > len(y) {
		simdBadPattern("RowPairsRun", 0)
	}
	kernel := rowPairsKernel(rowPairsF64I32)
	if wide {
		kernel = rowPairsF64I64
	}
	flags := 0
	if add {
		flags = simdReadOld
	}
	psz := int(unsafe.Sizeof(ptr[0]))
	p, idx := unsafe.Pointer(&ptr[0]), unsafe.Pointer(unsafe.SliceData(crd))
	vp, xp := unsafe.Pointer(unsafe.SliceData(val)), unsafe.Pointer(unsafe.SliceData(x))
	for g := 0; g < ng; g += simdRowChunk {
		n := min(simdRowChunk, ng-g)
		if bad := kernel(unsafe.Add(p, g*psz), idx, vp, xp, unsafe.Pointer(&y[2*g]), n, end, len(x), flags); bad >= 0 {
			simdBadPattern("RowPairsRun", g+bad)
		}
	}
	return true
}
