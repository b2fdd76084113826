package kernels

import "unsafe"

// sddmmKernels lists the SDDMM row kernels by [value type][index width].
var sddmmKernels = [2][2]sddmmKernel{
	{sddmmF64I32, sddmmF64I64},
	{sddmmF32I32, sddmmF32I64},
}

// sddmmRowsSIMD returns the AVX2 row kernel of SDDMM, or nil where the CPU
// or the types have none.
func sddmmRowsSIMD[I Index, V Number]() func(alpha, beta V, a, bt []V, k int, s CSR[I, V], out []V, r0, r1 int) {
	if lanes, _ := simdKind[I, V](); !useSIMD || lanes == 0 {
		return nil
	}
	return sddmmRowsAVX[I, V]
}

// sddmmRowsAVX computes the entries of rows [r0, r1) like sddmmRows, one
// assembly call per chunk of rows.
func sddmmRowsAVX[I Index, V Number](alpha, beta V, a, bt []V, k int, s CSR[I, V], out []V, r0, r1 int) {
	if r0 >= r1 {
		return
	}
	lanes, wide := simdKind[I, V]()
	f := sddmmKernels[lanes/8][b2i(wide)]
	esz := int(unsafe.Sizeof(*new(V)))
	rk := simdRowsOf("SDDMM", s.Ptr, s.Idx, s.Val, s.Rows, r0, alpha, beta)
	ap, bp, op := unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(bt)), unsafe.Pointer(unsafe.SliceData(out))
	for r := r0; r < r1; r += simdRowChunk {
		n := min(simdRowChunk, r1-r)
		bad := f(rk.at(r), rk.idx, unsafe.Add(ap, r*k*esz), bp, op, rk.val, n, k, rk.end, s.Cols, rk.alpha, rk.beta, rk.flags)
		if bad >= 0 {
			simdBadPattern("SDDMM", r+bad)
		}
	}
}
