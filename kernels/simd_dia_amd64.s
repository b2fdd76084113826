#include "textflag.h"

// Row kernels of DIA SpMV (see simd_dia_amd64.go): for each row i < n,
//
//	out[i] = alpha * (s[i] + sum_t val[doff[t]+i] * x[xoff[t]+i]) (+ beta * out[i] if flags&1)
//
// where s is acc0 if flags&4, else zero, and t runs over the nd diagonals
// of the pass. Rows go a tile of four registers at a time (16 float64 or 32
// float32 rows); for each tile every diagonal adds one unaligned load of its
// values times one of x, so each sum is loaded and stored once per pass
// whatever the diagonal count, and every stream moves on a tile at a time.
// The rows past the last whole tile go one at a time. The caller checked
// every index the kernel forms.

#define SCALARS64 VBROADCASTSD alpha+64(FP), Y14; VBROADCASTSD beta+72(FP), Y15
#define SCALARS32 \
	VMOVSD alpha+64(FP), X14; VCVTSD2SS X14, X14, X14; VBROADCASTSS X14, Y14; \
	VMOVSD beta+72(FP), X15; VCVTSD2SS X15, X15, X15; VBROADCASTSS X15, Y15

// DIAGPOS sets AX and R14 to the positions of row CX of diagonal DX in
// val and in x (doff[DX] + CX, xoff[DX] + CX).
#define DIAGPOS \
	MOVQ (R8)(DX*8), AX; \
	MOVQ (R9)(DX*8), R14; \
	ADDQ CX, AX; \
	ADDQ CX, R14

// TILE: rows per tile; ESZ: bytes per element; LD/ST/FMA/MUL: the vector
// load, store, fused multiply-add and multiply; SLD/SST/SFMA/SMUL: scalar.
#define DIAROWS(SCALARS, TILE, ESZ, LD, ST, FMA, MUL, SLD, SST, SFMA, SMUL) \
	MOVQ val+0(FP), SI; \
	MOVQ x+8(FP), DI; \
	MOVQ doff+16(FP), R8; \
	MOVQ xoff+24(FP), R9; \
	MOVQ nd+32(FP), R10; \
	MOVQ n+40(FP), R11; \
	MOVQ out+48(FP), R12; \
	MOVQ acc0+56(FP), R13; \
	SCALARS; \
	MOVQ flags+80(FP), BX; \
	XORQ CX, CX; \
tile: \
	LEAQ TILE(CX), AX; \
	CMPQ AX, R11; \
	JGT rest; \
	TESTQ $4, BX; \
	JZ tzero; \
	LD (R13)(CX*ESZ), Y0; \
	LD 32(R13)(CX*ESZ), Y1; \
	LD 64(R13)(CX*ESZ), Y2; \
	LD 96(R13)(CX*ESZ), Y3; \
	JMP tdiag; \
tzero: \
	VXORPS Y0, Y0, Y0; \
	VXORPS Y1, Y1, Y1; \
	VXORPS Y2, Y2, Y2; \
	VXORPS Y3, Y3, Y3; \
tdiag: \
	XORQ DX, DX; \
	CMPQ DX, R10; \
	JGE tfin; \
tloop: \
	DIAGPOS; \
	LD (SI)(AX*ESZ), Y4; \
	FMA (DI)(R14*ESZ), Y4, Y0; \
	LD 32(SI)(AX*ESZ), Y5; \
	FMA 32(DI)(R14*ESZ), Y5, Y1; \
	LD 64(SI)(AX*ESZ), Y6; \
	FMA 64(DI)(R14*ESZ), Y6, Y2; \
	LD 96(SI)(AX*ESZ), Y7; \
	FMA 96(DI)(R14*ESZ), Y7, Y3; \
	INCQ DX; \
	CMPQ DX, R10; \
	JLT tloop; \
tfin: \
	MUL Y14, Y0, Y0; \
	MUL Y14, Y1, Y1; \
	MUL Y14, Y2, Y2; \
	MUL Y14, Y3, Y3; \
	TESTQ $1, BX; \
	JZ tstore; \
	FMA (R12)(CX*ESZ), Y15, Y0; \
	FMA 32(R12)(CX*ESZ), Y15, Y1; \
	FMA 64(R12)(CX*ESZ), Y15, Y2; \
	FMA 96(R12)(CX*ESZ), Y15, Y3; \
tstore: \
	ST Y0, (R12)(CX*ESZ); \
	ST Y1, 32(R12)(CX*ESZ); \
	ST Y2, 64(R12)(CX*ESZ); \
	ST Y3, 96(R12)(CX*ESZ); \
	ADDQ $TILE, CX; \
	JMP tile; \
rest: \
	CMPQ CX, R11; \
	JGE done; \
	VXORPS X0, X0, X0; \
	TESTQ $4, BX; \
	JZ rdiag; \
	SLD (R13)(CX*ESZ), X0; \
rdiag: \
	XORQ DX, DX; \
	CMPQ DX, R10; \
	JGE rfin; \
rloop: \
	DIAGPOS; \
	SLD (SI)(AX*ESZ), X4; \
	SFMA (DI)(R14*ESZ), X4, X0; \
	INCQ DX; \
	CMPQ DX, R10; \
	JLT rloop; \
rfin: \
	SMUL X14, X0, X0; \
	TESTQ $1, BX; \
	JZ rstore; \
	SFMA (R12)(CX*ESZ), X15, X0; \
rstore: \
	SST X0, (R12)(CX*ESZ); \
	INCQ CX; \
	JMP rest; \
done: \
	VZEROUPPER; \
	RET

// func diaRowsF64(val, x, doff, xoff unsafe.Pointer, nd, n int, out, acc0 unsafe.Pointer, alpha, beta float64, flags int)
TEXT ·diaRowsF64(SB), NOSPLIT, $0-88
	DIAROWS(SCALARS64, 16, 8, VMOVUPD, VMOVUPD, VFMADD231PD, VMULPD, VMOVSD, VMOVSD, VFMADD231SD, VMULSD)

// func diaRowsF32(val, x, doff, xoff unsafe.Pointer, nd, n int, out, acc0 unsafe.Pointer, alpha, beta float64, flags int)
TEXT ·diaRowsF32(SB), NOSPLIT, $0-88
	DIAROWS(SCALARS32, 32, 4, VMOVUPS, VMOVUPS, VFMADD231PS, VMULPS, VMOVSS, VMOVSS, VFMADD231SS, VMULSS)

// Reversals of a run of x for the anti-diagonal passes (spmv_dia_anti.go):
// dst[w] = src[n-1-w] for w < n, a register of 4 float64 (8 float32) at a
// time, the rest one at a time.

// func reverseF64(dst, src unsafe.Pointer, n int)
TEXT ·reverseF64(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
r64vec:
	LEAQ 4(AX), DX
	CMPQ DX, CX
	JGT  r64one
	MOVQ CX, R8
	SUBQ DX, R8
	VMOVUPD (SI)(R8*8), Y0
	VPERMPD $0x1b, Y0, Y0
	VMOVUPD Y0, (DI)(AX*8)
	MOVQ DX, AX
	JMP  r64vec
r64one:
	CMPQ AX, CX
	JGE  r64done
	MOVQ CX, R8
	SUBQ AX, R8
	DECQ R8
	MOVQ (SI)(R8*8), DX
	MOVQ DX, (DI)(AX*8)
	INCQ AX
	JMP  r64one
r64done:
	VZEROUPPER
	RET

// func reverseF32(dst, src unsafe.Pointer, n int)
TEXT ·reverseF32(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
r32vec:
	LEAQ 8(AX), DX
	CMPQ DX, CX
	JGT  r32one
	MOVQ CX, R8
	SUBQ DX, R8
	VMOVUPS (SI)(R8*4), Y0
	VPERMPD $0x1b, Y0, Y0
	VPSHUFD $0xb1, Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	MOVQ DX, AX
	JMP  r32vec
r32one:
	CMPQ AX, CX
	JGE  r32done
	MOVQ CX, R8
	SUBQ AX, R8
	DECQ R8
	MOVL (SI)(R8*4), DX
	MOVL DX, (DI)(AX*4)
	INCQ AX
	JMP  r32one
r32done:
	VZEROUPPER
	RET
