package kernels

import "unsafe"

//go:noescape
func diaRowsF64(val, x, doff, xoff unsafe.Pointer, nd, n int, out, acc0 unsafe.Pointer, alpha, beta float64, flags int)

//go:noescape
func diaRowsF32(val, x, doff, xoff unsafe.Pointer, nd, n int, out, acc0 unsafe.Pointer, alpha, beta float64, flags int)

// diaFromAcc is the row kernels' flag for a pass that starts from acc0's
// sums (simdReadOld is the one for beta*out).
const diaFromAcc = 4

// diaRowsSIMD is diaRows with the assembly row kernel (simd_dia_amd64.s),
// and returns false where the CPU or V has none (float32 and float64 with
// AVX2 and FMA only). On the 2-D Laplacian the Go loop spends more time in
// instructions than the memory takes to stream its 8 bytes a slot; the
// kernel takes a tile of 16 float64 rows in four registers through every
// diagonal of the pass, with no bounds check. The indices it forms are
// checked here first (O(diagonals) a call), so a wrong one panics as the
// Go code's bounds checks would instead of reading outside the slices.
func diaRowsSIMD[V Number](alpha, beta V, val, x []V, pass *diaPass, out, acc0 []V, partial bool) bool {
	lanes, _ := simdKind[int32, V]()
	if !useSIMD || lanes == 0 {
		return false
	}
	n := len(out)
	for t := range pass.nd {
		if d, xo := pass.doff[t], pass.xoff[t]; d < 0 || d > len(val)-n || xo < 0 || xo > len(x)-n {
			panic("kernels: SpMVDIA: a diagonal's run is outside its slice")
		}
	}
	flags := 0
	if beta != 0 {
		flags |= simdReadOld
	}
	var a0 unsafe.Pointer
	if partial {
		if len(acc0) < n {
			panic("kernels: SpMVDIA: the scratch sums are shorter than the rows")
		}
		flags |= diaFromAcc
		a0 = unsafe.Pointer(unsafe.SliceData(acc0))
	}
	// Direct calls: through a function value the compiler cannot see that
	// the assembly keeps no pointer, and the caller's pass and sums would
	// move to the heap (an allocation a segment).
	vp, xp, op := unsafe.Pointer(unsafe.SliceData(val)), unsafe.Pointer(unsafe.SliceData(x)), unsafe.Pointer(unsafe.SliceData(out))
	if lanes == 8 {
		diaRowsF32(vp, xp, unsafe.Pointer(&pass.doff), unsafe.Pointer(&pass.xoff), pass.nd, n, op, a0, asFloat64(alpha), asFloat64(beta), flags)
	} else {
		diaRowsF64(vp, xp, unsafe.Pointer(&pass.doff), unsafe.Pointer(&pass.xoff), pass.nd, n, op, a0, asFloat64(alpha), asFloat64(beta), flags)
	}
	return true
}

//go:noescape
func reverseF64(dst, src unsafe.Pointer, n int)

//go:noescape
func reverseF32(dst, src unsafe.Pointer, n int)

// diaSIMD reports whether the row kernel's assembly serves V here.
func diaSIMD[V Number]() bool {
	lanes, _ := simdKind[int32, V]()
	return useSIMD && lanes != 0
}

// reverseSIMD is reverseInto with the assembly (AVX2 lane permutes), and
// returns false where V has none.
func reverseSIMD[V Number](dst, src []V) bool {
	if !diaSIMD[V]() {
		return false
	}
	lanes, _ := simdKind[int32, V]()
	if len(dst) < len(src) {
		panic("kernels: reverseSIMD: dst is shorter than src")
	}
	if len(src) == 0 {
		return true
	}
	d, s := unsafe.Pointer(unsafe.SliceData(dst)), unsafe.Pointer(unsafe.SliceData(src))
	if lanes == 8 {
		reverseF32(d, s, len(src))
	} else {
		reverseF64(d, s, len(src))
	}
	return true
}
