package kernels

import "unsafe"

// rowGroupsKernel is the shape of the row-group kernels
// (simd_rowpairs_amd64.s).
type rowGroupsKernel func(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

//go:noescape
func rowPairsF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

//go:noescape
func rowPairsF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

//go:noescape
func rowFoursF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

//go:noescape
func rowFoursF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int

// rowGroupsSIMD runs RowGroupsRun's groups of s rows with the assembly
// kernel and returns true, or returns false where the CPU, the types or s
// have none (float64 values, groups of 2 or 4 rows). The kernel keeps a
// group's rows in one register, one multiply then one add a stored column:
// the bits of the Go loops. The kernel checks the pointers against ptr's
// last and the columns against len(x); here the arrays' lengths are
// checked against them, so that nothing outside the slices is read or
// written. At most simdRowChunk groups go to one assembly call (assembly
// is not preemptible).
func rowGroupsSIMD[I Index, V Number](s int, ptr, crd []I, val, x, y []V, add bool) bool {
	lanes, wide := simdKind[I, V]()
	if !useSIMD || lanes != 4 || s != 2 && s != 4 {
		return false
	}
	ng := len(ptr) - 1
	if ng <= 0 {
		return true
	}
	end := int(ptr[ng])
	if ptr[0] < 0 || end > len(crd) || s*end > len(val) || s*ng > len(y) {
		simdBadPattern("RowGroupsRun", 0)
	}
	kernels := [2][2]rowGroupsKernel{{rowPairsF64I32, rowPairsF64I64}, {rowFoursF64I32, rowFoursF64I64}}
	w := 0
	if wide {
		w = 1
	}
	kernel := kernels[s/4][w]
	flags := 0
	if add {
		flags = simdReadOld
	}
	psz := int(unsafe.Sizeof(ptr[0]))
	p, idx := unsafe.Pointer(&ptr[0]), unsafe.Pointer(unsafe.SliceData(crd))
	vp, xp := unsafe.Pointer(unsafe.SliceData(val)), unsafe.Pointer(unsafe.SliceData(x))
	for g := 0; g < ng; g += simdRowChunk {
		n := min(simdRowChunk, ng-g)
		if bad := kernel(unsafe.Add(p, g*psz), idx, vp, xp, unsafe.Pointer(&y[s*g]), n, end, len(x), flags); bad >= 0 {
			simdBadPattern("RowGroupsRun", g+bad)
		}
	}
	return true
}
