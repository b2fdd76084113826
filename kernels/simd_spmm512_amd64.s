#include "textflag.h"

// AVX-512 strip kernels of float64 SpMM (see simd_spmm512_amd64.go): the
// kernels of simd_spmm_amd64.s with ZMM registers, 128, 64 or 32 columns
// of C held in 16, 8 or 4 ZMM accumulators (Z0...), so that a row of 128 columns
// takes one pass over the row's nonzeros instead of four strips of 32:
// per nonzero one broadcast and 16 FMAs that read the row of B whole
// (1 KiB: 16 cache lines), against four passes of a broadcast and 8 YMM
// FMAs. Same arguments, flags and checks as those kernels; flags&2
// (non-temporal stores) needs c 64-byte aligned.

#define PTR32(off, r) MOVLQSX off(R8), r
#define PTR64(off, r) MOVQ off(R8), r
#define IDX32 MOVLQSX (R10)(CX*4), AX
#define IDX64 MOVQ (R10)(CX*8), AX

#define ZERO16 ZERO8; VPXORQ Z8, Z8, Z8; VPXORQ Z9, Z9, Z9; VPXORQ Z10, Z10, Z10; VPXORQ Z11, Z11, Z11; VPXORQ Z12, Z12, Z12; VPXORQ Z13, Z13, Z13; VPXORQ Z14, Z14, Z14; VPXORQ Z15, Z15, Z15
#define ZERO8 ZERO4; VPXORQ Z4, Z4, Z4; VPXORQ Z5, Z5, Z5; VPXORQ Z6, Z6, Z6; VPXORQ Z7, Z7, Z7
#define ZERO4 VPXORQ Z0, Z0, Z0; VPXORQ Z1, Z1, Z1; VPXORQ Z2, Z2, Z2; VPXORQ Z3, Z3, Z3

// acc += Z16 * b row (AX: byte offset of the row from R12).
#define ACC16 ACC8; \
	VFMADD231PD 512(R12)(AX*1), Z16, Z8; VFMADD231PD 576(R12)(AX*1), Z16, Z9; \
	VFMADD231PD 640(R12)(AX*1), Z16, Z10; VFMADD231PD 704(R12)(AX*1), Z16, Z11; \
	VFMADD231PD 768(R12)(AX*1), Z16, Z12; VFMADD231PD 832(R12)(AX*1), Z16, Z13; \
	VFMADD231PD 896(R12)(AX*1), Z16, Z14; VFMADD231PD 960(R12)(AX*1), Z16, Z15
#define ACC8 ACC4; \
	VFMADD231PD 256(R12)(AX*1), Z16, Z4; VFMADD231PD 320(R12)(AX*1), Z16, Z5; \
	VFMADD231PD 384(R12)(AX*1), Z16, Z6; VFMADD231PD 448(R12)(AX*1), Z16, Z7
#define ACC4 \
	VFMADD231PD (R12)(AX*1), Z16, Z0; VFMADD231PD 64(R12)(AX*1), Z16, Z1; \
	VFMADD231PD 128(R12)(AX*1), Z16, Z2; VFMADD231PD 192(R12)(AX*1), Z16, Z3

// acc *= alpha.
#define MUL16 MUL8; VMULPD Z17, Z8, Z8; VMULPD Z17, Z9, Z9; VMULPD Z17, Z10, Z10; VMULPD Z17, Z11, Z11; VMULPD Z17, Z12, Z12; VMULPD Z17, Z13, Z13; VMULPD Z17, Z14, Z14; VMULPD Z17, Z15, Z15
#define MUL8 MUL4; VMULPD Z17, Z4, Z4; VMULPD Z17, Z5, Z5; VMULPD Z17, Z6, Z6; VMULPD Z17, Z7, Z7
#define MUL4 VMULPD Z17, Z0, Z0; VMULPD Z17, Z1, Z1; VMULPD Z17, Z2, Z2; VMULPD Z17, Z3, Z3

// acc += beta * c row.
#define BETA16 BETA8; \
	VFMADD231PD 512(DI), Z18, Z8; VFMADD231PD 576(DI), Z18, Z9; VFMADD231PD 640(DI), Z18, Z10; VFMADD231PD 704(DI), Z18, Z11; \
	VFMADD231PD 768(DI), Z18, Z12; VFMADD231PD 832(DI), Z18, Z13; VFMADD231PD 896(DI), Z18, Z14; VFMADD231PD 960(DI), Z18, Z15
#define BETA8 BETA4; \
	VFMADD231PD 256(DI), Z18, Z4; VFMADD231PD 320(DI), Z18, Z5; VFMADD231PD 384(DI), Z18, Z6; VFMADD231PD 448(DI), Z18, Z7
#define BETA4 \
	VFMADD231PD (DI), Z18, Z0; VFMADD231PD 64(DI), Z18, Z1; VFMADD231PD 128(DI), Z18, Z2; VFMADD231PD 192(DI), Z18, Z3

// c row = acc.
#define STORE16(op) STORE8(op); op Z8, 512(DI); op Z9, 576(DI); op Z10, 640(DI); op Z11, 704(DI); op Z12, 768(DI); op Z13, 832(DI); op Z14, 896(DI); op Z15, 960(DI)
#define STORE8(op) STORE4(op); op Z4, 256(DI); op Z5, 320(DI); op Z6, 384(DI); op Z7, 448(DI)
#define STORE4(op) op Z0, (DI); op Z1, 64(DI); op Z2, 128(DI); op Z3, 192(DI)

#define SPMMZ(PTR, PSZ, IDX, ZERO, ACC, MUL, BETA, STORE) \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ val+16(FP), R11; \
	MOVQ b+24(FP), R12; \
	MOVQ c+32(FP), DI; \
	MOVQ rows+40(FP), R9; \
	MOVQ ldb+48(FP), R13; \
	MOVQ ldc+56(FP), R14; \
	MOVQ end+64(FP), SI; \
	MOVQ flags+96(FP), BX; \
	VBROADCASTSD alpha+80(FP), Z17; \
	VBROADCASTSD beta+88(FP), Z18; \
	PTR(0, CX); \
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
nz: \
	IDX; \
	CMPQ AX, cols+72(FP); \
	JAE bad; \
	IMULQ R13, AX; \
	VBROADCASTSD (R11)(CX*8), Z16; \
	ACC; \
	INCQ CX; \
	CMPQ CX, DX; \
	JLT nz; \
finish: \
	MUL; \
	TESTQ $1, BX; \
	JZ stores; \
	BETA; \
stores: \
	TESTQ $2, BX; \
	JNZ ntstores; \
	STORE(VMOVUPD); \
	JMP next; \
ntstores: \
	STORE(VMOVNTPD); \
next: \
	ADDQ $PSZ, R8; \
	ADDQ R14, DI; \
	DECQ R9; \
	JNZ row; \
done: \
	SFENCE; \
	VZEROUPPER; \
	MOVQ $-1, ret+104(FP); \
	RET; \
bad: \
	VZEROUPPER; \
	MOVQ rows+40(FP), AX; \
	SUBQ R9, AX; \
	MOVQ AX, ret+104(FP); \
	RET

// func spmmF64Z128I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int
TEXT ·spmmF64Z128I32(SB), NOSPLIT, $0-112
	SPMMZ(PTR32, 4, IDX32, ZERO16, ACC16, MUL16, BETA16, STORE16)

TEXT ·spmmF64Z64I32(SB), NOSPLIT, $0-112
	SPMMZ(PTR32, 4, IDX32, ZERO8, ACC8, MUL8, BETA8, STORE8)

TEXT ·spmmF64Z32I32(SB), NOSPLIT, $0-112
	SPMMZ(PTR32, 4, IDX32, ZERO4, ACC4, MUL4, BETA4, STORE4)

TEXT ·spmmF64Z128I64(SB), NOSPLIT, $0-112
	SPMMZ(PTR64, 8, IDX64, ZERO16, ACC16, MUL16, BETA16, STORE16)

TEXT ·spmmF64Z64I64(SB), NOSPLIT, $0-112
	SPMMZ(PTR64, 8, IDX64, ZERO8, ACC8, MUL8, BETA8, STORE8)

TEXT ·spmmF64Z32I64(SB), NOSPLIT, $0-112
	SPMMZ(PTR64, 8, IDX64, ZERO4, ACC4, MUL4, BETA4, STORE4)
