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
	psz := int(unsafe.Sizeof(*new(I)))
	end := int(s.Ptr[s.Rows])
	if p := int(s.Ptr[r0]); p < int(s.Ptr[0]) || p > end {
		simdBadPattern("SDDMM", r0)
	}
	flags := 0
	if beta != 0 {
		flags = simdReadOld
	}
	al, be := asFloat64(alpha), asFloat64(beta)
	ptr := unsafe.Pointer(&s.Ptr[0])
	idx, val := unsafe.Pointer(unsafe.SliceData(s.Idx)), unsafe.Pointer(unsafe.SliceData(s.Val))
	ap, bp, op := unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(bt)), unsafe.Pointer(unsafe.SliceData(out))
	for r := r0; r < r1; r += simdRowChunk {
		n := min(simdRowChunk, r1-r)
		bad := f(unsafe.Add(ptr, r*psz), idx, unsafe.Add(ap, r*k*esz), bp, op, val, n, k, end, s.Cols, al, be, flags)
		if bad >= 0 {
			simdBadPattern("SDDMM", r+bad)
		}
	}
}
