#include "textflag.h"
#include "gemm_amd64.h"

// The pieces of SUBTILE for this tile: Y0-Y7 the tile (two registers a
// column), Y8, Y9 a's column, Y10-Y13 b's entries (Y10 the zero of
// NEGCOL4).
#define ZERO4 VXORPD Y0, Y0, Y0; VXORPD Y1, Y1, Y1; VXORPD Y2, Y2, Y2; VXORPD Y3, Y3, Y3; VXORPD Y4, Y4, Y4; VXORPD Y5, Y5, Y5; VXORPD Y6, Y6, Y6; VXORPD Y7, Y7, Y7
#define STEP4 \
	VMOVUPD (SI), Y8; \
	VMOVUPD 32(SI), Y9; \
	BFMA2(VBROADCASTSD, VFMADD231PD, 0(DI), Y10, Y8, Y9, Y0, Y1); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 8(DI), Y11, Y8, Y9, Y2, Y3); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 16(DI), Y12, Y8, Y9, Y4, Y5); \
	BFMA2(VBROADCASTSD, VFMADD231PD, 24(DI), Y13, Y8, Y9, Y6, Y7)
#define COLS4(COL) \
	COL(Y0, Y1); ADDQ R10, DX; \
	COL(Y2, Y3); ADDQ R10, DX; \
	COL(Y4, Y5); ADDQ R10, DX; \
	COL(Y6, Y7)
#define SUBCOL4(C0, C1) SUB2(VMOVUPD, VSUBPD, 32, Y8, Y9, C0, C1)
#define NEGCOL4(C0, C1) NEG2(VMOVUPD, VSUBPD, 32, Y10, Y8, Y9, C0, C1)
#define SETCOL4(C0, C1) SET2(VMOVUPD, 32, C0, C1)
#define ZERONEG4 VXORPD Y10, Y10, Y10

// func gemmSub8x4(w int, a, b, c unsafe.Pointer, lda, ldb, ldc, set int)
//
// c[0:8, 0:4] -= a[0:8, 0:w] * b[0:4, 0:w]^T (set = 1: c = 0 - the
// product; set = 2: c = the product), column-major, strides in bytes: the
// tile of C stays in Y0-Y7 (two registers a column) while each step p
// loads a's column (Y8, Y9), broadcasts b's four entries and adds eight
// fused products.
TEXT ·gemmSub8x4(SB), NOSPLIT, $0-64
	SUBTILE(ZERO4, STEP4, COLS4, SUBCOL4, NEGCOL4, SETCOL4, ZERONEG4)
