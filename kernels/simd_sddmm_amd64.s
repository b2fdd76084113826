#include "textflag.h"
#include "rowkernel_amd64.h"

// Row kernels of SDDMM (see simd_sddmm_amd64.go): for each row r of a row
// range and each stored entry t of it, two entries at a time so that each
// load of the row of a serves two dot products,
//
//	out[t] = alpha * dot(a[r][0:k], bt[idx[t]][0:k]) (+ beta * val[t] if flags&1)
//
// a points at the range's first row; out and val are indexed by absolute
// entry position, like idx. A column index outside [0, cols) or a row
// pointer that decreases or passes end stops the kernel and returns the
// offending row (relative to the range); -1 means done.
//
// Registers: R8 row pointer cursor, R9 rows left, R10 idx, R11 row of a,
// R12 bt, R13 row length in bytes, DI out, CX entry t, DX row end,
// SI and AX the two rows of bt, BX the cursor in a, R14 elements left.

#define IDX32(off, r) MOVLQSX off(R10)(CX*4), r
#define IDX64(off, r) MOVQ off(R10)(CX*8), r

// Four-register dot of BX against SI (Y0-Y3) and AX (Y4-Y7): one block of
// 4*lanes elements, then one register at a time.
#define BLOCK(LD, FMA) \
	LD (BX), Y8; FMA (SI), Y8, Y0; FMA (AX), Y8, Y4; \
	LD 32(BX), Y9; FMA 32(SI), Y9, Y1; FMA 32(AX), Y9, Y5; \
	LD 64(BX), Y10; FMA 64(SI), Y10, Y2; FMA 64(AX), Y10, Y6; \
	LD 96(BX), Y11; FMA 96(SI), Y11, Y3; FMA 96(AX), Y11, Y7
#define ONE(LD, FMA) LD (BX), Y8; FMA (SI), Y8, Y0; FMA (AX), Y8, Y4

// Horizontal sums of Y0-Y3 into X0 and of Y4-Y7 into X4.
#define HSUM64 \
	VADDPD Y1, Y0, Y0; VADDPD Y3, Y2, Y2; VADDPD Y2, Y0, Y0; \
	VADDPD Y5, Y4, Y4; VADDPD Y7, Y6, Y6; VADDPD Y6, Y4, Y4; \
	VEXTRACTF128 $1, Y0, X1; VADDPD X1, X0, X0; VUNPCKHPD X0, X0, X1; VADDSD X1, X0, X0; \
	VEXTRACTF128 $1, Y4, X5; VADDPD X5, X4, X4; VUNPCKHPD X4, X4, X5; VADDSD X5, X4, X4
#define HSUM32 \
	VADDPS Y1, Y0, Y0; VADDPS Y3, Y2, Y2; VADDPS Y2, Y0, Y0; \
	VADDPS Y5, Y4, Y4; VADDPS Y7, Y6, Y6; VADDPS Y6, Y4, Y4; \
	VEXTRACTF128 $1, Y0, X1; VADDPS X1, X0, X0; VMOVHLPS X0, X0, X1; VADDPS X1, X0, X0; VMOVSHDUP X0, X1; VADDSS X1, X0, X0; \
	VEXTRACTF128 $1, Y4, X5; VADDPS X5, X4, X4; VMOVHLPS X4, X4, X5; VADDPS X5, X4, X4; VMOVSHDUP X4, X5; VADDSS X5, X4, X4

#define SCALARS64 VMOVSD alpha+80(FP), X14; VMOVSD beta+88(FP), X15
#define SCALARS32 \
	VMOVSD alpha+80(FP), X14; VCVTSD2SS X14, X14, X14; \
	VMOVSD beta+88(FP), X15; VCVTSD2SS X15, X15, X15

// LANES: elements per register; ESZ: bytes per element; SLD/SMUL/SFMA/SST:
// the scalar load, multiply, fused multiply-add and store.
#define SDDMM(PTR, PSZ, IDX, SCALARS, LANES, ESZ, LD, FMA, HSUM, SLD, SMUL, SFMA, SST) \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ a+16(FP), R11; \
	MOVQ bt+24(FP), R12; \
	MOVQ out+32(FP), DI; \
	MOVQ rows+48(FP), R9; \
	MOVQ k+56(FP), R13; \
	SHLQ $(ESZ/4+1), R13; \
	SCALARS; \
	FIRSTROW(PTR); \
row: \
	ROWEND(PTR, PSZ, end+64(FP)); \
entry: \
	CMPQ CX, DX; \
	JGE rowdone; \
	IDX(0, SI); \
	CMPQ SI, cols+72(FP); \
	JAE bad; \
	IMULQ R13, SI; \
	ADDQ R12, SI; \
	MOVQ SI, AX; \
	LEAQ 1(CX), R14; \
	CMPQ R14, DX; \
	JGE dot; \
	IDX(PSZ, AX); \
	CMPQ AX, cols+72(FP); \
	JAE bad; \
	IMULQ R13, AX; \
	ADDQ R12, AX; \
dot: \
	MOVQ R11, BX; \
	MOVQ k+56(FP), R14; \
	VXORPS Y0, Y0, Y0; VXORPS Y1, Y1, Y1; VXORPS Y2, Y2, Y2; VXORPS Y3, Y3, Y3; \
	VXORPS Y4, Y4, Y4; VXORPS Y5, Y5, Y5; VXORPS Y6, Y6, Y6; VXORPS Y7, Y7, Y7; \
blocks: \
	CMPQ R14, $(4*LANES); \
	JLT singles; \
	BLOCK(LD, FMA); \
	ADDQ $128, BX; ADDQ $128, SI; ADDQ $128, AX; \
	SUBQ $(4*LANES), R14; \
	JMP blocks; \
singles: \
	CMPQ R14, $LANES; \
	JLT reduce; \
	ONE(LD, FMA); \
	ADDQ $32, BX; ADDQ $32, SI; ADDQ $32, AX; \
	SUBQ $LANES, R14; \
	JMP singles; \
reduce: \
	HSUM; \
tail: \
	TESTQ R14, R14; \
	JZ scale; \
	SLD (BX), X8; SFMA (SI), X8, X0; SFMA (AX), X8, X4; \
	ADDQ $ESZ, BX; ADDQ $ESZ, SI; ADDQ $ESZ, AX; \
	DECQ R14; \
	JMP tail; \
scale: \
	SMUL X14, X0, X0; \
	SMUL X14, X4, X4; \
	LEAQ 1(CX), R14; \
	TESTQ $1, flags+96(FP); \
	JZ store; \
	MOVQ val+40(FP), BX; \
	SFMA (BX)(CX*ESZ), X15, X0; \
	CMPQ R14, DX; \
	JGE store; \
	SFMA ESZ(BX)(CX*ESZ), X15, X4; \
store: \
	SST X0, (DI)(CX*ESZ); \
	MOVQ R14, CX; \
	CMPQ CX, DX; \
	JGE rowdone; \
	SST X4, (DI)(CX*ESZ); \
	INCQ CX; \
	JMP entry; \
rowdone: \
	ADDQ $PSZ, R8; \
	ADDQ R13, R11; \
	DECQ R9; \
	JNZ row; \
ROWTAIL(rows+48(FP), ret+104(FP))

#define SDDMM64(PTR, PSZ, IDX) SDDMM(PTR, PSZ, IDX, SCALARS64, 4, 8, VMOVUPD, VFMADD231PD, HSUM64, VMOVSD, VMULSD, VFMADD231SD, VMOVSD)
#define SDDMM32(PTR, PSZ, IDX) SDDMM(PTR, PSZ, IDX, SCALARS32, 8, 4, VMOVUPS, VFMADD231PS, HSUM32, VMOVSS, VMULSS, VFMADD231SS, VMOVSS)

// func sddmmF64I32(ptr, idx, a, bt, out, val unsafe.Pointer, rows, k, end, cols int, alpha, beta float64, flags int) int
TEXT ·sddmmF64I32(SB), NOSPLIT, $0-112
	SDDMM64(PTR32, 4, IDX32)

TEXT ·sddmmF64I64(SB), NOSPLIT, $0-112
	SDDMM64(PTR64, 8, IDX64)

TEXT ·sddmmF32I32(SB), NOSPLIT, $0-112
	SDDMM32(PTR32, 4, IDX32)

TEXT ·sddmmF32I64(SB), NOSPLIT, $0-112
	SDDMM32(PTR64, 8, IDX64)
