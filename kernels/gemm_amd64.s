#include "textflag.h"
#include "gemm_amd64.h"

// func gemmSub8x4(w int, a, b, c unsafe.Pointer, lda, ldb, ldc, set int)
//
// c[0:8, 0:4] -= a[0:8, 0:w] * b[0:4, 0:w]^T (set = 1: c = 0 - the
// product; set = 2: c = the product), column-major, strides in bytes: the
// tile of C stays in Y0-Y7 (two registers a column) while each step p
// loads a's column (Y8, Y9), broadcasts b's four entries and adds eight
// fused products.
TEXT ·gemmSub8x4(SB), NOSPLIT, $0-64
	SUBARGS
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	TESTQ CX, CX
	JLE store

loop:
	VMOVUPD (SI), Y8
	VMOVUPD 32(SI), Y9
	BFMA2(VBROADCASTSD, VFMADD231PD, 0(DI), Y10, Y8, Y9, Y0, Y1)
	BFMA2(VBROADCASTSD, VFMADD231PD, 8(DI), Y11, Y8, Y9, Y2, Y3)
	BFMA2(VBROADCASTSD, VFMADD231PD, 16(DI), Y12, Y8, Y9, Y4, Y5)
	BFMA2(VBROADCASTSD, VFMADD231PD, 24(DI), Y13, Y8, Y9, Y6, Y7)
	ADDQ R8, SI
	ADDQ R9, DI
	DECQ CX
	JNZ loop

store:
	TESTQ R11, R11
	JNZ assign
	SUB2(VMOVUPD, VSUBPD, 32, Y8, Y9, Y0, Y1)
	ADDQ R10, DX
	SUB2(VMOVUPD, VSUBPD, 32, Y8, Y9, Y2, Y3)
	ADDQ R10, DX
	SUB2(VMOVUPD, VSUBPD, 32, Y8, Y9, Y4, Y5)
	ADDQ R10, DX
	SUB2(VMOVUPD, VSUBPD, 32, Y8, Y9, Y6, Y7)
	VZEROUPPER
	RET

assign:
	CMPQ R11, $2
	JEQ raw
	VXORPD Y10, Y10, Y10
	NEG2(VMOVUPD, VSUBPD, 32, Y10, Y8, Y9, Y0, Y1)
	ADDQ R10, DX
	NEG2(VMOVUPD, VSUBPD, 32, Y10, Y8, Y9, Y2, Y3)
	ADDQ R10, DX
	NEG2(VMOVUPD, VSUBPD, 32, Y10, Y8, Y9, Y4, Y5)
	ADDQ R10, DX
	NEG2(VMOVUPD, VSUBPD, 32, Y10, Y8, Y9, Y6, Y7)
	VZEROUPPER
	RET

raw:
	SET2(VMOVUPD, 32, Y0, Y1)
	ADDQ R10, DX
	SET2(VMOVUPD, 32, Y2, Y3)
	ADDQ R10, DX
	SET2(VMOVUPD, 32, Y4, Y5)
	ADDQ R10, DX
	SET2(VMOVUPD, 32, Y6, Y7)
	VZEROUPPER
	RET
