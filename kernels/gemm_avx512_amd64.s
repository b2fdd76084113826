#include "textflag.h"
#include "gemm_amd64.h"

// The pieces of SUBTILE for this tile: Z0-Z15 the tile (two registers a
// column), Z16, Z17 a's column, Z18, Z19 b's entries (Z18 the zero of
// NEGCOL8).
#define ZERO8 \
	VPXORQ Z0, Z0, Z0; VPXORQ Z1, Z1, Z1; VPXORQ Z2, Z2, Z2; VPXORQ Z3, Z3, Z3; VPXORQ Z4, Z4, Z4; VPXORQ Z5, Z5, Z5; VPXORQ Z6, Z6, Z6; VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; VPXORQ Z9, Z9, Z9; VPXORQ Z10, Z10, Z10; VPXORQ Z11, Z11, Z11; VPXORQ Z12, Z12, Z12; VPXORQ Z13, Z13, Z13; VPXORQ Z14, Z14, Z14; VPXORQ Z15, Z15, Z15
#define STEP8 \
	VMOVUPD (SI), Z16; \
	VMOVUPD 64(SI), Z17; \
	BFMA2(VBROADCASTSD, VFMADD231PD, 0(DI), Z18, Z16, Z17, Z0, Z1); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 8(DI), Z19, Z16, Z17, Z2, Z3); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 16(DI), Z18, Z16, Z17, Z4, Z5); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 24(DI), Z19, Z16, Z17, Z6, Z7); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 32(DI), Z18, Z16, Z17, Z8, Z9); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 40(DI), Z19, Z16, Z17, Z10, Z11); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 48(DI), Z18, Z16, Z17, Z12, Z13); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 56(DI), Z19, Z16, Z17, Z14, Z15)
#define COLS8(COL) \
	COL(Z0, Z1); ADDQ R10, DX; \
	COL(Z2, Z3); ADDQ R10, DX; \
	COL(Z4, Z5); ADDQ R10, DX; \
	COL(Z6, Z7); ADDQ R10, DX; \
	COL(Z8, Z9); ADDQ R10, DX; \
	COL(Z10, Z11); ADDQ R10, DX; \
	COL(Z12, Z13); ADDQ R10, DX; \
	COL(Z14, Z15)
#define SUBCOL8(C0, C1) SUB2(VMOVUPD, VSUBPD, 64, Z16, Z17, C0, C1)
#define NEGCOL8(C0, C1) NEG2(VMOVUPD, VSUBPD, 64, Z18, Z16, Z17, C0, C1)
#define SETCOL8(C0, C1) SET2(VMOVUPD, 64, C0, C1)
#define ZERONEG8 VPXORQ Z18, Z18, Z18

// func gemmSub16x8(w int, a, b, c unsafe.Pointer, lda, ldb, ldc, set int)
//
// c[0:16, 0:8] -= a[0:16, 0:w] * b[0:8, 0:w]^T (set = 1: c = 0 - the
// product; set = 2: c = the product), column-major, strides in bytes: the
// AVX-512 tile of GemmSubNT (see gemm_amd64.go). The tile of C stays in
// Z0-Z15 (two registers a column) while each step p loads a's column (Z16,
// Z17), broadcasts b's eight entries and adds sixteen fused products, in
// the order of p, as the AVX2 tile and the Go loops do.
TEXT ·gemmSub16x8(SB), NOSPLIT, $0-64
	SUBTILE(ZERO8, STEP8, COLS8, SUBCOL8, NEGCOL8, SETCOL8, ZERONEG8)
