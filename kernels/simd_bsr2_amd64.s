#include "textflag.h"

// Kernels of float64 BSR with 2x2 column-major blocks (see
// simd_bsr2_amd64.go). A block's four values [a00 a10 a01 a11] are one
// 32-byte load; block t of the range is at val + 32*t. A block column index
// outside [0, bcols) or a block-row pointer that decreases or passes end
// stops a kernel and returns the offending block row (relative to the
// range); -1 means done.

#define PTR32(off, r) MOVLQSX off(R8), r
#define PTR64(off, r) MOVQ off(R8), r
#define IDX32(off, i, r) MOVLQSX off(R10)(i*4), r
#define IDX64(off, i, r) MOVQ off(R10)(i*8), r

// y = alpha*A*x + beta*y, two rows a block row:
//
//	acc += [a00 a10 a01 a11] * [x0 x0 x1 x1]   (one FMA a block)
//	[y0 y1] = alpha * (acc[0:2] + acc[2:4]) (+ beta * [y0 y1] if flags&1)
//
// with two accumulators (even and odd blocks of the block row) summed at
// its end.
#define BSR2MV(PTR, PSZ, IDX, ISZ) \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ val+16(FP), R11; \
	MOVQ x+24(FP), R12; \
	MOVQ y+32(FP), DI; \
	MOVQ rows+40(FP), R9; \
	MOVQ end+48(FP), SI; \
	MOVQ bcols+56(FP), R13; \
	VMOVDDUP alpha+64(FP), X14; \
	VMOVDDUP beta+72(FP), X15; \
	MOVQ flags+80(FP), BX; \
	PTR(0, CX); \
	MOVQ CX, AX; \
	SHLQ $5, AX; \
	ADDQ AX, R11; \
	TESTQ R9, R9; \
	JZ done; \
row: \
	PTR(PSZ, DX); \
	CMPQ DX, SI; \
	JGT bad; \
	CMPQ DX, CX; \
	JLT bad; \
	VXORPD Y0, Y0, Y0; \
	VXORPD Y1, Y1, Y1; \
	PREFETCHT0 512(R11); \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JGT single; \
pair: \
	IDX(0, CX, AX); \
	CMPQ AX, R13; \
	JAE bad; \
	IDX(ISZ, CX, R14); \
	CMPQ R14, R13; \
	JAE bad; \
	SHLQ $4, AX; \
	VBROADCASTF128 (R12)(AX*1), Y2; \
	VPERMILPD $12, Y2, Y2; \
	VFMADD231PD (R11), Y2, Y0; \
	SHLQ $4, R14; \
	VBROADCASTF128 (R12)(R14*1), Y3; \
	VPERMILPD $12, Y3, Y3; \
	VFMADD231PD 32(R11), Y3, Y1; \
	ADDQ $64, R11; \
	ADDQ $2, CX; \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JLE pair; \
single: \
	CMPQ CX, DX; \
	JGE finish; \
	IDX(0, CX, AX); \
	CMPQ AX, R13; \
	JAE bad; \
	SHLQ $4, AX; \
	VBROADCASTF128 (R12)(AX*1), Y2; \
	VPERMILPD $12, Y2, Y2; \
	VFMADD231PD (R11), Y2, Y0; \
	ADDQ $32, R11; \
	INCQ CX; \
finish: \
	VADDPD Y1, Y0, Y0; \
	VEXTRACTF128 $1, Y0, X1; \
	VADDPD X1, X0, X0; \
	VMULPD X14, X0, X0; \
	TESTQ $1, BX; \
	JZ store; \
	VFMADD231PD (DI), X15, X0; \
store: \
	VMOVUPD X0, (DI); \
	ADDQ $PSZ, R8; \
	ADDQ $16, DI; \
	DECQ R9; \
	JNZ row; \
done: \
	VZEROUPPER; \
	MOVQ $-1, ret+88(FP); \
	RET; \
bad: \
	VZEROUPPER; \
	MOVQ rows+40(FP), AX; \
	SUBQ R9, AX; \
	MOVQ AX, ret+88(FP); \
	RET

// C = alpha*A*B + beta*C on a strip of W columns (W = 16, 8 or 4): the two
// rows of C of a block row in accumulators while its blocks are applied,
// each block broadcasting its four values (Y8 a00, Y9 a10, Y10 a01, Y11
// a11) over rows 2c (Y12) and 2c+1 (Y13) of B:
//
//	c0 += a00*b0 + a01*b1,  c1 += a10*b0 + a11*b1
//
// The 16-column strip keeps one accumulator a register of each C row
// (Y0-Y3, Y4-Y7); the 8- and 4-column strips keep the b1 terms apart
// (Y2-Y3, Y6-Y7) to halve the FMA chains and add them at the end of the
// block row. Strides ldb and ldc are in bytes.

// One register of the strip (off: its byte offset): b rows from BX, BX+R13.
#define TERMS(off, c0, c1, d0, d1) \
	VMOVUPD off(BX), Y12; \
	VFMADD231PD Y12, Y8, c0; \
	VFMADD231PD Y12, Y9, c1; \
	VMOVUPD off(BX)(R13*1), Y13; \
	VFMADD231PD Y13, Y10, d0; \
	VFMADD231PD Y13, Y11, d1

#define BLOCK16 TERMS(0, Y0, Y4, Y0, Y4); TERMS(32, Y1, Y5, Y1, Y5); TERMS(64, Y2, Y6, Y2, Y6); TERMS(96, Y3, Y7, Y3, Y7)
#define BLOCK8 TERMS(0, Y0, Y4, Y2, Y6); TERMS(32, Y1, Y5, Y3, Y7)
#define BLOCK4 TERMS(0, Y0, Y4, Y2, Y6)

#define ZERO16 VXORPD Y0, Y0, Y0; VXORPD Y1, Y1, Y1; VXORPD Y2, Y2, Y2; VXORPD Y3, Y3, Y3; VXORPD Y4, Y4, Y4; VXORPD Y5, Y5, Y5; VXORPD Y6, Y6, Y6; VXORPD Y7, Y7, Y7
#define ZERO8 ZERO16
#define ZERO4 VXORPD Y0, Y0, Y0; VXORPD Y2, Y2, Y2; VXORPD Y4, Y4, Y4; VXORPD Y6, Y6, Y6

// Fold the kept-apart b1 terms in.
#define FOLD16
#define FOLD8 VADDPD Y2, Y0, Y0; VADDPD Y3, Y1, Y1; VADDPD Y6, Y4, Y4; VADDPD Y7, Y5, Y5
#define FOLD4 VADDPD Y2, Y0, Y0; VADDPD Y6, Y4, Y4

// Scale by alpha (Y14), add beta (Y15) times the old rows (c0 at DI, c1 at
// DI+R14) when flags&1, store.
#define OUT(off, c0, c1) \
	VMULPD Y14, c0, c0; \
	VMULPD Y14, c1, c1; \
	TESTQ $1, flags+96(FP); \
	JZ 3(PC); \
	VFMADD231PD off(DI), Y15, c0; \
	VFMADD231PD off(DI)(R14*1), Y15, c1; \
	VMOVUPD c0, off(DI); \
	VMOVUPD c1, off(DI)(R14*1)

#define OUT16 OUT(0, Y0, Y4); OUT(32, Y1, Y5); OUT(64, Y2, Y6); OUT(96, Y3, Y7)
#define OUT8 OUT(0, Y0, Y4); OUT(32, Y1, Y5)
#define OUT4 OUT(0, Y0, Y4)

#define BSR2MM(PTR, PSZ, IDX, ZERO, BLOCK, FOLD, STORE) \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ val+16(FP), R11; \
	MOVQ b+24(FP), R12; \
	MOVQ c+32(FP), DI; \
	MOVQ rows+40(FP), R9; \
	MOVQ ldb+48(FP), R13; \
	MOVQ ldc+56(FP), R14; \
	MOVQ end+64(FP), SI; \
	PTR(0, CX); \
	MOVQ CX, AX; \
	SHLQ $5, AX; \
	ADDQ AX, R11; \
	TESTQ R9, R9; \
	JZ done; \
row: \
	PTR(PSZ, DX); \
	CMPQ DX, SI; \
	JGT bad; \
	CMPQ DX, CX; \
	JLT bad; \
	ZERO; \
	CMPQ CX, DX; \
	JGE finish; \
blk: \
	IDX(0, CX, AX); \
	CMPQ AX, bcols+72(FP); \
	JAE bad; \
	IMULQ R13, AX; \
	ADDQ AX, AX; \
	LEAQ (R12)(AX*1), BX; \
	VBROADCASTSD (R11), Y8; \
	VBROADCASTSD 8(R11), Y9; \
	VBROADCASTSD 16(R11), Y10; \
	VBROADCASTSD 24(R11), Y11; \
	BLOCK; \
	ADDQ $32, R11; \
	INCQ CX; \
	CMPQ CX, DX; \
	JLT blk; \
finish: \
	FOLD; \
	VBROADCASTSD alpha+80(FP), Y14; \
	VBROADCASTSD beta+88(FP), Y15; \
	STORE; \
	ADDQ $PSZ, R8; \
	LEAQ (DI)(R14*2), DI; \
	DECQ R9; \
	JNZ row; \
done: \
	VZEROUPPER; \
	MOVQ $-1, ret+104(FP); \
	RET; \
bad: \
	VZEROUPPER; \
	MOVQ rows+40(FP), AX; \
	SUBQ R9, AX; \
	MOVQ AX, ret+104(FP); \
	RET

// func bsr2MVF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MVF64I32(SB), NOSPLIT, $0-96
	BSR2MV(PTR32, 4, IDX32, 4)

// func bsr2MVF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MVF64I64(SB), NOSPLIT, $0-96
	BSR2MV(PTR64, 8, IDX64, 8)

// func bsr2MMF64W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W16I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, ZERO16, BLOCK16, FOLD16, OUT16)

// func bsr2MMF64W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W8I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, ZERO8, BLOCK8, FOLD8, OUT8)

// func bsr2MMF64W4I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W4I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, ZERO4, BLOCK4, FOLD4, OUT4)

// func bsr2MMF64W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W16I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, ZERO16, BLOCK16, FOLD16, OUT16)

// func bsr2MMF64W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W8I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, ZERO8, BLOCK8, FOLD8, OUT8)

// func bsr2MMF64W4I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W4I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, ZERO4, BLOCK4, FOLD4, OUT4)
