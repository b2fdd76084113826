#include "textflag.h"

// Element-wise float64 arithmetic four lanes at a time (AVX2): one IEEE
// operation per element, as the Go loop rounds it. The op is chosen once,
// outside the loop. n is a multiple of 4.

// VLOOP is the loop z[i] = OP(x[i], second operand) for i < n: DI = z,
// SI = x, CX = n, DX the index; OP (one of the macros below) reads Y0
// (x's lanes) and writes Y0.
#define VLOOP(label, OP) \
label: \
	CMPQ DX, CX; \
	JGE done; \
	VMOVUPD (SI)(DX*8), Y0; \
	OP; \
	VMOVUPD Y0, (DI)(DX*8); \
	ADDQ $4, DX; \
	JMP label

// The ops of two vectors (BX = y) and of a vector and a number (Y1 = c).
#define BADD VADDPD (BX)(DX*8), Y0, Y0
#define BSUB VSUBPD (BX)(DX*8), Y0, Y0
#define BMUL VMULPD (BX)(DX*8), Y0, Y0
#define BDIV VDIVPD (BX)(DX*8), Y0, Y0
#define BRSUB VMOVUPD (BX)(DX*8), Y1; VSUBPD Y0, Y1, Y0
#define BRDIV VMOVUPD (BX)(DX*8), Y1; VDIVPD Y0, Y1, Y0
#define SADD VADDPD Y1, Y0, Y0
#define SSUB VSUBPD Y1, Y0, Y0
#define SMUL VMULPD Y1, Y0, Y0
#define SDIV VDIVPD Y1, Y0, Y0
#define SRSUB VSUBPD Y0, Y1, Y0
#define SRDIV VDIVPD Y0, Y1, Y0

// func vecBinaryF64x4(op int, z, x, y *float64, n int)
TEXT ·vecBinaryF64x4(SB), NOSPLIT, $0-40
	MOVQ op+0(FP), AX
	MOVQ z+8(FP), DI
	MOVQ x+16(FP), SI
	MOVQ y+24(FP), BX
	MOVQ n+32(FP), CX
	XORQ DX, DX
	CMPQ AX, $1
	JEQ sub
	CMPQ AX, $2
	JEQ mul
	CMPQ AX, $3
	JEQ div
	CMPQ AX, $4
	JEQ rsub
	CMPQ AX, $5
	JEQ rdiv
	VLOOP(add, BADD)
	VLOOP(sub, BSUB)
	VLOOP(mul, BMUL)
	VLOOP(div, BDIV)
	VLOOP(rsub, BRSUB)
	VLOOP(rdiv, BRDIV)
done:
	VZEROUPPER
	RET

// func vecScalarF64x4(op int, z, x *float64, c float64, n int)
TEXT ·vecScalarF64x4(SB), NOSPLIT, $0-40
	MOVQ op+0(FP), AX
	MOVQ z+8(FP), DI
	MOVQ x+16(FP), SI
	VBROADCASTSD c+24(FP), Y1
	MOVQ n+32(FP), CX
	XORQ DX, DX
	CMPQ AX, $1
	JEQ ssub
	CMPQ AX, $2
	JEQ smul
	CMPQ AX, $3
	JEQ sdiv
	CMPQ AX, $4
	JEQ srsub
	CMPQ AX, $5
	JEQ srdiv
	VLOOP(sadd, SADD)
	VLOOP(ssub, SSUB)
	VLOOP(smul, SMUL)
	VLOOP(sdiv, SDIV)
	VLOOP(srsub, SRSUB)
	VLOOP(srdiv, SRDIV)
done:
	VZEROUPPER
	RET

// The sign flip of VecNeg64 (Y1 = the sign bit in every lane).
#define SNEG VXORPD Y1, Y0, Y0

// func vecNegF64x4(z, x *float64, n int)
TEXT ·vecNegF64x4(SB), NOSPLIT, $0-24
	MOVQ z+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ $0x8000000000000000, AX
	MOVQ AX, X1
	VPBROADCASTQ X1, Y1
	XORQ DX, DX
	VLOOP(neg, SNEG)
done:
	VZEROUPPER
	RET
