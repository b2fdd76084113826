#include "textflag.h"
#include "rowkernel_amd64.h"

// Kernels of float64 and float32 BSR with 2x2 column-major blocks (see
// simd_bsr2_amd64.go). A block's four values [a00 a10 a01 a11] are one
// load (32 or 16 bytes); block t of the range is at val + t*(block
// bytes). A block column index
// outside [0, bcols) or a block-row pointer that decreases or passes end
// stops a kernel and returns the offending block row (relative to the
// range); -1 means done.

#define IDX32(off, i, r) MOVLQSX off(R10)(i*4), r
#define IDX64(off, i, r) MOVQ off(R10)(i*8), r

// FIRSTBLOCK is FIRSTROW, then moves R11 (val) to the range's first block
// (1 << SH bytes a block).
#define FIRSTBLOCK(PTR, SH) \
	FIRSTROW(PTR); \
	MOVQ CX, AX; \
	SHLQ $SH, AX; \
	ADDQ AX, R11

// y = alpha*A*x + beta*y, two rows a block row:
//
//	acc += [a00 a10 a01 a11] * [x0 x0 x1 x1]   (one FMA a block)
//	[y0 y1] = alpha * (acc[0:2] + acc[2:4]) (+ beta * [y0 y1] if flags&1)
//
// with two accumulators (A0: even and A1: odd blocks of the block row)
// summed at its end. float64 keeps them in Y registers (a block is 32
// bytes, 1 << SH), float32 in X ones (16); XSH is the shift from a block
// column to its pair of x, XPAIR loads that pair as [x0 x0 x1 x1], FMA is
// the packed multiply-add, REDUCE sums A1 and the halves into X0's low
// pair, SCALARS puts alpha and beta in X14 and X15, and OUT scales X0,
// adds beta times the old pair when flags&1 (BX) and stores it.
#define BSR2MV(PTR, PSZ, IDX, ISZ, SH, BS, XSH, XPAIR, FMA, A0, A1, A2, A3, REDUCE, SCALARS, OUT, YSZ) \
	SPMVPTRS; \
	SCALARS; \
	MOVQ flags+80(FP), BX; \
	FIRSTBLOCK(PTR, SH); \
row: \
	ROWEND(PTR, PSZ, SI); \
	VXORPS Y0, Y0, Y0; \
	VXORPS Y1, Y1, Y1; \
	PREFETCHT0 512(R11); \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JGT single; \
pair: \
	COLIDX(IDX, 0, AX); \
	COLIDX(IDX, ISZ, R14); \
	SHLQ $XSH, AX; \
	XPAIR(AX, A2); \
	FMA (R11), A2, A0; \
	SHLQ $XSH, R14; \
	XPAIR(R14, A3); \
	FMA BS(R11), A3, A1; \
	ADDQ $(2*BS), R11; \
	ADDQ $2, CX; \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JLE pair; \
single: \
	CMPQ CX, DX; \
	JGE finish; \
	COLIDX(IDX, 0, AX); \
	SHLQ $XSH, AX; \
	XPAIR(AX, A2); \
	FMA (R11), A2, A0; \
	ADDQ $BS, R11; \
	INCQ CX; \
finish: \
	REDUCE; \
	OUT; \
	ADDQ $PSZ, R8; \
	ADDQ $YSZ, DI; \
	DECQ R9; \
	JNZ row; \
	ROWTAIL(rows+40(FP), ret+88(FP))

#define XPAIR64(r, dst) VBROADCASTF128 (R12)(r*1), dst; VPERMILPD $12, dst, dst
#define XPAIR32(r, dst) VMOVSD (R12)(r*1), dst; VUNPCKLPS dst, dst, dst
#define REDUCE64 VADDPD Y1, Y0, Y0; VEXTRACTF128 $1, Y0, X1; VADDPD X1, X0, X0
#define REDUCE32 VADDPS X1, X0, X0; VMOVHLPS X0, X0, X1; VADDPS X1, X0, X0
#define MVSCALARS64 VMOVDDUP alpha+64(FP), X14; VMOVDDUP beta+72(FP), X15
#define MVSCALARS32 \
	VMOVSD alpha+64(FP), X14; VCVTSD2SS X14, X14, X14; VBROADCASTSS X14, X14; \
	VMOVSD beta+72(FP), X15; VCVTSD2SS X15, X15, X15; VBROADCASTSS X15, X15
#define MVOUT64 \
	VMULPD X14, X0, X0; \
	TESTQ $1, BX; \
	JZ 2(PC); \
	VFMADD231PD (DI), X15, X0; \
	VMOVUPD X0, (DI)
#define MVOUT32 \
	VMULPS X14, X0, X0; \
	TESTQ $1, BX; \
	JZ 3(PC); \
	VMOVSD (DI), X3; \
	VFMADD231PS X3, X15, X0; \
	VMOVSD X0, (DI)

#define MV64(PTR, PSZ, IDX, ISZ) BSR2MV(PTR, PSZ, IDX, ISZ, 5, 32, 4, XPAIR64, VFMADD231PD, Y0, Y1, Y2, Y3, REDUCE64, MVSCALARS64, MVOUT64, 16)
#define MV32(PTR, PSZ, IDX, ISZ) BSR2MV(PTR, PSZ, IDX, ISZ, 4, 16, 3, XPAIR32, VFMADD231PS, X0, X1, X2, X3, REDUCE32, MVSCALARS32, MVOUT32, 8)

// C = alpha*A*B + beta*C on a strip of W columns (float64: W = 16, 8 or
// 4; float32: 32, 16 or 8, in the same registers): the two rows of C of a
// block row in accumulators while its blocks are applied, each block
// broadcasting its four values (Y8 a00, Y9 a10, Y10 a01, Y11 a11) over
// rows 2c (Y12) and 2c+1 (Y13) of B:
//
//	c0 += a00*b0 + a01*b1,  c1 += a10*b0 + a11*b1
//
// The widest strip keeps one accumulator a register of each C row (Y0-Y3,
// Y4-Y7); the two narrower ones keep the b1 terms apart (Y2-Y3, Y6-Y7) to
// halve the FMA chains and add them at the end of the block row. Strides
// ldb and ldc are in bytes. MOV, FMA, ADD, MUL are the packed
// instructions of the value type, BCAST its broadcast, E1-E3 the byte
// offsets of a block's values 1-3, BS a block's bytes (1 << SH).

// One register of the strip (off: its byte offset): b rows from BX, BX+R13.
#define TERMS(MOV, FMA, off, c0, c1, d0, d1) \
	MOV off(BX), Y12; \
	FMA Y12, Y8, c0; \
	FMA Y12, Y9, c1; \
	MOV off(BX)(R13*1), Y13; \
	FMA Y13, Y10, d0; \
	FMA Y13, Y11, d1

#define BLOCK4R(MOV, FMA) TERMS(MOV, FMA, 0, Y0, Y4, Y0, Y4); TERMS(MOV, FMA, 32, Y1, Y5, Y1, Y5); TERMS(MOV, FMA, 64, Y2, Y6, Y2, Y6); TERMS(MOV, FMA, 96, Y3, Y7, Y3, Y7)
#define BLOCK2R(MOV, FMA) TERMS(MOV, FMA, 0, Y0, Y4, Y2, Y6); TERMS(MOV, FMA, 32, Y1, Y5, Y3, Y7)
#define BLOCK1R(MOV, FMA) TERMS(MOV, FMA, 0, Y0, Y4, Y2, Y6)

#define ZERO4R VXORPD Y0, Y0, Y0; VXORPD Y1, Y1, Y1; VXORPD Y2, Y2, Y2; VXORPD Y3, Y3, Y3; VXORPD Y4, Y4, Y4; VXORPD Y5, Y5, Y5; VXORPD Y6, Y6, Y6; VXORPD Y7, Y7, Y7
#define ZERO2R ZERO4R
#define ZERO1R VXORPD Y0, Y0, Y0; VXORPD Y2, Y2, Y2; VXORPD Y4, Y4, Y4; VXORPD Y6, Y6, Y6

// Fold the kept-apart b1 terms in.
#define FOLD4R(ADD)
#define FOLD2R(ADD) ADD Y2, Y0, Y0; ADD Y3, Y1, Y1; ADD Y6, Y4, Y4; ADD Y7, Y5, Y5
#define FOLD1R(ADD) ADD Y2, Y0, Y0; ADD Y6, Y4, Y4

// Scale by alpha (Y14), add beta (Y15) times the old rows (c0 at DI, c1 at
// DI+R14) when flags&1, store.
#define OUT(MOV, FMA, MUL, off, c0, c1) \
	MUL Y14, c0, c0; \
	MUL Y14, c1, c1; \
	TESTQ $1, flags+96(FP); \
	JZ 3(PC); \
	FMA off(DI), Y15, c0; \
	FMA off(DI)(R14*1), Y15, c1; \
	MOV c0, off(DI); \
	MOV c1, off(DI)(R14*1)

#define OUT4R(MOV, FMA, MUL) OUT(MOV, FMA, MUL, 0, Y0, Y4); OUT(MOV, FMA, MUL, 32, Y1, Y5); OUT(MOV, FMA, MUL, 64, Y2, Y6); OUT(MOV, FMA, MUL, 96, Y3, Y7)
#define OUT2R(MOV, FMA, MUL) OUT(MOV, FMA, MUL, 0, Y0, Y4); OUT(MOV, FMA, MUL, 32, Y1, Y5)
#define OUT1R(MOV, FMA, MUL) OUT(MOV, FMA, MUL, 0, Y0, Y4)

// alpha and beta (float64 arguments) into Y14 and Y15.
#define SCALARS64 VBROADCASTSD alpha+80(FP), Y14; VBROADCASTSD beta+88(FP), Y15
#define SCALARS32 \
	VMOVSD alpha+80(FP), X14; VCVTSD2SS X14, X14, X14; VBROADCASTSS X14, Y14; \
	VMOVSD beta+88(FP), X15; VCVTSD2SS X15, X15, X15; VBROADCASTSS X15, Y15

#define BSR2MM(PTR, PSZ, IDX, SH, BS, E1, E2, E3, BCAST, SCALARS, MOV, FMA, ADD, MUL, ZERO, BLOCK, FOLD, STORE) \
	SPMMPTRS; \
	FIRSTBLOCK(PTR, SH); \
row: \
	ROWEND(PTR, PSZ, SI); \
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
	BCAST (R11), Y8; \
	BCAST E1(R11), Y9; \
	BCAST E2(R11), Y10; \
	BCAST E3(R11), Y11; \
	BLOCK(MOV, FMA); \
	ADDQ $BS, R11; \
	INCQ CX; \
	CMPQ CX, DX; \
	JLT blk; \
finish: \
	FOLD(ADD); \
	SCALARS; \
	STORE(MOV, FMA, MUL); \
	ADDQ $PSZ, R8; \
	LEAQ (DI)(R14*2), DI; \
	DECQ R9; \
	JNZ row; \
	ROWTAIL(rows+40(FP), ret+104(FP))

// func bsr2MVF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·bsr2MVF64I32(SB), NOSPLIT, $0-96
	MV64(PTR32, 4, IDX32, 4)

// func bsr2MVF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·bsr2MVF64I64(SB), NOSPLIT, $0-96
	MV64(PTR64, 8, IDX64, 8)

// func bsr2MVF32I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·bsr2MVF32I32(SB), NOSPLIT, $0-96
	MV32(PTR32, 4, IDX32, 4)

// func bsr2MVF32I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·bsr2MVF32I64(SB), NOSPLIT, $0-96
	MV32(PTR64, 8, IDX64, 8)

// func bsr2MMF64W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W16I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, 5, 32, 8, 16, 24, VBROADCASTSD, SCALARS64, VMOVUPD, VFMADD231PD, VADDPD, VMULPD, ZERO4R, BLOCK4R, FOLD4R, OUT4R)

// func bsr2MMF64W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W16I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, 5, 32, 8, 16, 24, VBROADCASTSD, SCALARS64, VMOVUPD, VFMADD231PD, VADDPD, VMULPD, ZERO4R, BLOCK4R, FOLD4R, OUT4R)

// func bsr2MMF64W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W8I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, 5, 32, 8, 16, 24, VBROADCASTSD, SCALARS64, VMOVUPD, VFMADD231PD, VADDPD, VMULPD, ZERO2R, BLOCK2R, FOLD2R, OUT2R)

// func bsr2MMF64W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W8I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, 5, 32, 8, 16, 24, VBROADCASTSD, SCALARS64, VMOVUPD, VFMADD231PD, VADDPD, VMULPD, ZERO2R, BLOCK2R, FOLD2R, OUT2R)

// func bsr2MMF64W4I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W4I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, 5, 32, 8, 16, 24, VBROADCASTSD, SCALARS64, VMOVUPD, VFMADD231PD, VADDPD, VMULPD, ZERO1R, BLOCK1R, FOLD1R, OUT1R)

// func bsr2MMF64W4I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF64W4I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, 5, 32, 8, 16, 24, VBROADCASTSD, SCALARS64, VMOVUPD, VFMADD231PD, VADDPD, VMULPD, ZERO1R, BLOCK1R, FOLD1R, OUT1R)

// func bsr2MMF32W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF32W32I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, 4, 16, 4, 8, 12, VBROADCASTSS, SCALARS32, VMOVUPS, VFMADD231PS, VADDPS, VMULPS, ZERO4R, BLOCK4R, FOLD4R, OUT4R)

// func bsr2MMF32W32I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF32W32I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, 4, 16, 4, 8, 12, VBROADCASTSS, SCALARS32, VMOVUPS, VFMADD231PS, VADDPS, VMULPS, ZERO4R, BLOCK4R, FOLD4R, OUT4R)

// func bsr2MMF32W16I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF32W16I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, 4, 16, 4, 8, 12, VBROADCASTSS, SCALARS32, VMOVUPS, VFMADD231PS, VADDPS, VMULPS, ZERO2R, BLOCK2R, FOLD2R, OUT2R)

// func bsr2MMF32W16I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF32W16I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, 4, 16, 4, 8, 12, VBROADCASTSS, SCALARS32, VMOVUPS, VFMADD231PS, VADDPS, VMULPS, ZERO2R, BLOCK2R, FOLD2R, OUT2R)

// func bsr2MMF32W8I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF32W8I32(SB), NOSPLIT, $0-112
	BSR2MM(PTR32, 4, IDX32, 4, 16, 4, 8, 12, VBROADCASTSS, SCALARS32, VMOVUPS, VFMADD231PS, VADDPS, VMULPS, ZERO1R, BLOCK1R, FOLD1R, OUT1R)

// func bsr2MMF32W8I64(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, bcols int, alpha, beta float64, flags int) int
TEXT ·bsr2MMF32W8I64(SB), NOSPLIT, $0-112
	BSR2MM(PTR64, 8, IDX64, 4, 16, 4, 8, 12, VBROADCASTSS, SCALARS32, VMOVUPS, VFMADD231PS, VADDPS, VMULPS, ZERO1R, BLOCK1R, FOLD1R, OUT1R)
