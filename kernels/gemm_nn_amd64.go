package kernels

import "unsafe"

// gemmNNTileFor returns Gemm's register tile for V and n columns of c:
// with AVX-512 a 12-row ZMM tile, two registers wide, or one register wide
// when c is that narrow (a Cora layer's 16 float32 columns would half fill
// the 32-wide tile and run at half the AVX2 tile's speed on the
// 16-wide one), with 8- and 4-row tiles of the same width for the last
// rows and prefetching ones for A read in place; with AVX2 and FMA the 6-row YMM tile; else the Go tile.
// Read at every call, so tests can switch the assembly off.
func gemmNNTileFor[V float32 | float64](n int) gemmNNTile {
	if !useSIMD {
		return gemmNNGoTile
	}
	if unsafe.Sizeof(V(0)) == 4 {
		switch {
		case useAVX512 && n > 16:
			return gemmNNTile{mr: 12, nr: 32, f: gemmNN12x32f32, fp: gemmNN12x32f32p, fk: gemmNN12x32f32k, f8: gemmNN8x32f32, f4: gemmNN4x32f32}
		case useAVX512:
			return gemmNNTile{mr: 12, nr: 16, f: gemmNN12x16f32, fp: gemmNN12x16f32p, f8: gemmNN8x16f32, f4: gemmNN4x16f32}
		}
		return gemmNNTile{mr: 6, nr: 16, f: gemmNN6x16f32}
	}
	switch {
	case useAVX512 && n > 8:
		return gemmNNTile{mr: 12, nr: 16, f: gemmNN12x16f64, fp: gemmNN12x16f64p, fk: gemmNN12x16f64k, f8: gemmNN8x16f64, f4: gemmNN4x16f64}
	case useAVX512:
		return gemmNNTile{mr: 12, nr: 8, f: gemmNN12x8f64, fp: gemmNN12x8f64p, f8: gemmNN8x8f64, f4: gemmNN4x8f64}
	}
	return gemmNNTile{mr: 6, nr: 8, f: gemmNN6x8f64}
}

// The tiles of Gemm (gemm_nn_amd64.s): c[0:mr, 0:nr], row stride ldc
// bytes, gets (add = 0) or adds (add = 1) the sum over p < kc of A(i, p)
// B(p, j), A(i, p) at a + i*rsa + p*csa and B(p, j) at b + p*ldb + j*size
// (bytes), fused in the order of p from zero.

//go:noescape
func gemmNN6x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN6x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x32f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x16f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN8x16f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN4x16f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN8x32f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN4x32f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN8x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN4x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN8x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN4x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x16f64p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x32f32p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x8f64p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x16f32p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)

//go:noescape
func gemmNN12x32f32k(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int, pf unsafe.Pointer)

//go:noescape
func gemmNN12x16f64k(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int, pf unsafe.Pointer)
