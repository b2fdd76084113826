package kernels

import "unsafe"

//go:noescape
func diaMMRowsF64(vp, xp unsafe.Pointer, nd, vs, xs, k, ldc, n int, c unsafe.Pointer, alpha, beta float64, flags int)

//go:noescape
func diaMMRowsF32(vp, xp unsafe.Pointer, nd, vs, xs, k, ldc, n int, c unsafe.Pointer, alpha, beta float64, flags int)

// diaMMRowsSIMD computes, with the assembly (simd_dia_mm_amd64.s), the
// columns [0, j0) of rows [lo, hi) of pass p, j0 the whole vector
// registers a row of k columns holds (4 float64 or 8 float32 each), and
// returns j0 (0 where the CPU or V has no kernel). The kernel reads each
// diagonal through a pointer to its value and its row of B for row lo,
// moving on by vs values and xs elements a row; every index it forms is
// checked here first (O(diagonals) a call), so a wrong one panics as Go's
// bounds checks would instead of reading outside the slices.
func diaMMRowsSIMD[V Number](alpha, beta V, val, b []V, k int, c []V, p *diaMMPass, lo, hi, flags int) int {
	lanes, _ := simdKind[int32, V]()
	if !useSIMD || lanes == 0 {
		return 0
	}
	j0 := k &^ (lanes - 1)
	if j0 == 0 {
		return 0
	}
	var vp, xp [diaGroup]unsafe.Pointer
	last := hi - 1
	for t := range p.g {
		v0, v1 := p.vb[t]+lo*p.vs, p.vb[t]+last*p.vs
		x0, x1 := p.xb[t]+lo*p.xs, p.xb[t]+last*p.xs
		_, _ = val[v0], val[v1]       // the values of the first and last rows
		_, _ = b[x0:x0+k], b[x1:x1+k] // the rows of B they scale
		vp[t], xp[t] = unsafe.Pointer(&val[v0]), unsafe.Pointer(unsafe.SliceData(b[x0:]))
	}
	out := c[lo*k : hi*k]
	// Direct calls: through a function value the compiler cannot see that
	// the assembly keeps no pointer, and the pointer arrays would move to
	// the heap.
	var e V
	es := int(unsafe.Sizeof(e))
	if lanes == 8 {
		diaMMRowsF32(unsafe.Pointer(&vp), unsafe.Pointer(&xp), p.g, p.vs*es, p.xs*es, j0, k, hi-lo,
			unsafe.Pointer(unsafe.SliceData(out)), asFloat64(alpha), asFloat64(beta), flags)
	} else {
		diaMMRowsF64(unsafe.Pointer(&vp), unsafe.Pointer(&xp), p.g, p.vs*es, p.xs*es, j0, k, hi-lo,
			unsafe.Pointer(unsafe.SliceData(out)), asFloat64(alpha), asFloat64(beta), flags)
	}
	return j0
}
