#include "textflag.h"

// Row kernels of DIA SpMM (see simd_dia_mm_amd64.go): for each row r < n
// and each column j < k (k a multiple of the register's lanes; ldc the
// elements a row of c holds),
//
//	s = sum_t *(vp[t] + r*vs) * (xp[t] + r*xs)[j]
//	c[r*ldc+j] = alpha*s (+ beta*c[r*ldc+j] if flags&1) (+ c[r*ldc+j] if flags&2)
//
// vs and xs in bytes. A strip of two registers of columns (8 float64 or 16
// float32) keeps its sums in Y0 and Y1 through every diagonal of the pass:
// a diagonal costs one broadcast of its value and two fused multiply-adds
// with its row of B; the strip of one register follows where fewer columns
// are left. The caller checked every address the kernel forms.

#define SCALARS64 VBROADCASTSD alpha+72(FP), Y14; VBROADCASTSD beta+80(FP), Y15
#define SCALARS32 \
	VMOVSD alpha+72(FP), X14; VCVTSD2SS X14, X14, X14; VBROADCASTSS X14, Y14; \
	VMOVSD beta+80(FP), X15; VCVTSD2SS X15, X15, X15; VBROADCASTSS X15, Y15

// W2, W1: columns in two registers and in one; ESZ: bytes per element.
#define DIAMM(SCALARS, W2, W1, ESZ, BCAST, FMA, MUL, ADD, MOV) \
	MOVQ vp+0(FP), SI; \
	MOVQ xp+8(FP), DI; \
	MOVQ nd+16(FP), R10; \
	MOVQ k+40(FP), R11; \
	MOVQ n+56(FP), R12; \
	MOVQ c+64(FP), R13; \
	SCALARS; \
	MOVQ flags+88(FP), BX; \
	XORQ R8, R8; \
	XORQ R9, R9; \
row: \
	TESTQ R12, R12; \
	JLE done; \
	XORQ CX, CX; \
wide: \
	LEAQ W2(CX), AX; \
	CMPQ AX, R11; \
	JGT narrow; \
	VXORPS Y0, Y0, Y0; \
	VXORPS Y1, Y1, Y1; \
	XORQ DX, DX; \
	CMPQ DX, R10; \
	JGE wfin; \
wloop: \
	MOVQ (SI)(DX*8), AX; \
	BCAST (AX)(R8*1), Y4; \
	MOVQ (DI)(DX*8), R14; \
	ADDQ R9, R14; \
	FMA (R14)(CX*ESZ), Y4, Y0; \
	FMA 32(R14)(CX*ESZ), Y4, Y1; \
	INCQ DX; \
	CMPQ DX, R10; \
	JLT wloop; \
wfin: \
	MUL Y14, Y0, Y0; \
	MUL Y14, Y1, Y1; \
	TESTQ $1, BX; \
	JZ wadd; \
	FMA (R13)(CX*ESZ), Y15, Y0; \
	FMA 32(R13)(CX*ESZ), Y15, Y1; \
wadd: \
	TESTQ $2, BX; \
	JZ wstore; \
	ADD (R13)(CX*ESZ), Y0, Y0; \
	ADD 32(R13)(CX*ESZ), Y1, Y1; \
wstore: \
	MOV Y0, (R13)(CX*ESZ); \
	MOV Y1, 32(R13)(CX*ESZ); \
	ADDQ $W2, CX; \
	JMP wide; \
narrow: \
	LEAQ W1(CX), AX; \
	CMPQ AX, R11; \
	JGT next; \
	VXORPS Y0, Y0, Y0; \
	XORQ DX, DX; \
	CMPQ DX, R10; \
	JGE nfin; \
nloop: \
	MOVQ (SI)(DX*8), AX; \
	BCAST (AX)(R8*1), Y4; \
	MOVQ (DI)(DX*8), R14; \
	ADDQ R9, R14; \
	FMA (R14)(CX*ESZ), Y4, Y0; \
	INCQ DX; \
	CMPQ DX, R10; \
	JLT nloop; \
nfin: \
	MUL Y14, Y0, Y0; \
	TESTQ $1, BX; \
	JZ nadd; \
	FMA (R13)(CX*ESZ), Y15, Y0; \
nadd: \
	TESTQ $2, BX; \
	JZ nstore; \
	ADD (R13)(CX*ESZ), Y0, Y0; \
nstore: \
	MOV Y0, (R13)(CX*ESZ); \
	ADDQ $W1, CX; \
	JMP narrow; \
next: \
	ADDQ vs+24(FP), R8; \
	ADDQ xs+32(FP), R9; \
	MOVQ ldc+48(FP), AX; \
	LEAQ (R13)(AX*ESZ), R13; \
	DECQ R12; \
	JMP row; \
done: \
	VZEROUPPER; \
	RET

// func diaMMRowsF64(vp, xp unsafe.Pointer, nd, vs, xs, k, ldc, n int, c unsafe.Pointer, alpha, beta float64, flags int)
TEXT ·diaMMRowsF64(SB), NOSPLIT, $0-96
	DIAMM(SCALARS64, 8, 4, 8, VBROADCASTSD, VFMADD231PD, VMULPD, VADDPD, VMOVUPD)

// func diaMMRowsF32(vp, xp unsafe.Pointer, nd, vs, xs, k, ldc, n int, c unsafe.Pointer, alpha, beta float64, flags int)
TEXT ·diaMMRowsF32(SB), NOSPLIT, $0-96
	DIAMM(SCALARS32, 16, 8, 4, VBROADCASTSS, VFMADD231PS, VMULPS, VADDPS, VMOVUPS)
