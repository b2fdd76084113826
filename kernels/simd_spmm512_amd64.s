#include "textflag.h"
#include "rowkernel_amd64.h"
#include "spmm_amd64.h"

// AVX-512 strip kernels of float64 SpMM (see simd_spmm512_amd64.go): the
// kernels of simd_spmm_amd64.s with ZMM registers, 128, 64 or 32 columns
// of C held in 16, 8 or 4 ZMM accumulators (Z0...), so that a row of 128 columns
// takes one pass over the row's nonzeros instead of four strips of 32:
// per nonzero one broadcast and 16 FMAs that read the row of B whole
// (1 KiB: 16 cache lines), against four passes of a broadcast and 8 YMM
// FMAs. Same arguments, flags and checks as those kernels; flags&2
// (non-temporal stores) needs c 64-byte aligned.

#define ZERO16 ZERO8; VPXORQ Z8, Z8, Z8; VPXORQ Z9, Z9, Z9; VPXORQ Z10, Z10, Z10; VPXORQ Z11, Z11, Z11; VPXORQ Z12, Z12, Z12; VPXORQ Z13, Z13, Z13; VPXORQ Z14, Z14, Z14; VPXORQ Z15, Z15, Z15
#define ZERO8 ZERO4; VPXORQ Z4, Z4, Z4; VPXORQ Z5, Z5, Z5; VPXORQ Z6, Z6, Z6; VPXORQ Z7, Z7, Z7
#define ZERO4 VPXORQ Z0, Z0, Z0; VPXORQ Z1, Z1, Z1; VPXORQ Z2, Z2, Z2; VPXORQ Z3, Z3, Z3

// acc += Z16 * b row (AX: byte offset of the row from R12).
#define ACC16(op) ACC8(op); \
	op 512(R12)(AX*1), Z16, Z8; op 576(R12)(AX*1), Z16, Z9; \
	op 640(R12)(AX*1), Z16, Z10; op 704(R12)(AX*1), Z16, Z11; \
	op 768(R12)(AX*1), Z16, Z12; op 832(R12)(AX*1), Z16, Z13; \
	op 896(R12)(AX*1), Z16, Z14; op 960(R12)(AX*1), Z16, Z15
#define ACC8(op) ACC4(op); \
	op 256(R12)(AX*1), Z16, Z4; op 320(R12)(AX*1), Z16, Z5; \
	op 384(R12)(AX*1), Z16, Z6; op 448(R12)(AX*1), Z16, Z7
#define ACC4(op) \
	op (R12)(AX*1), Z16, Z0; op 64(R12)(AX*1), Z16, Z1; \
	op 128(R12)(AX*1), Z16, Z2; op 192(R12)(AX*1), Z16, Z3

// acc *= alpha.
#define MUL16(op) MUL8(op); op Z17, Z8, Z8; op Z17, Z9, Z9; op Z17, Z10, Z10; op Z17, Z11, Z11; op Z17, Z12, Z12; op Z17, Z13, Z13; op Z17, Z14, Z14; op Z17, Z15, Z15
#define MUL8(op) MUL4(op); op Z17, Z4, Z4; op Z17, Z5, Z5; op Z17, Z6, Z6; op Z17, Z7, Z7
#define MUL4(op) op Z17, Z0, Z0; op Z17, Z1, Z1; op Z17, Z2, Z2; op Z17, Z3, Z3

// acc += beta * c row.
#define BETA16(op) BETA8(op); \
	op 512(DI), Z18, Z8; op 576(DI), Z18, Z9; op 640(DI), Z18, Z10; op 704(DI), Z18, Z11; \
	op 768(DI), Z18, Z12; op 832(DI), Z18, Z13; op 896(DI), Z18, Z14; op 960(DI), Z18, Z15
#define BETA8(op) BETA4(op); \
	op 256(DI), Z18, Z4; op 320(DI), Z18, Z5; op 384(DI), Z18, Z6; op 448(DI), Z18, Z7
#define BETA4(op) \
	op (DI), Z18, Z0; op 64(DI), Z18, Z1; op 128(DI), Z18, Z2; op 192(DI), Z18, Z3

// c row = acc.
#define STORE16(op) STORE8(op); op Z8, 512(DI); op Z9, 576(DI); op Z10, 640(DI); op Z11, 704(DI); op Z12, 768(DI); op Z13, 832(DI); op Z14, 896(DI); op Z15, 960(DI)
#define STORE8(op) STORE4(op); op Z4, 256(DI); op Z5, 320(DI); op Z6, 384(DI); op Z7, 448(DI)
#define STORE4(op) op Z0, (DI); op Z1, 64(DI); op Z2, 128(DI); op Z3, 192(DI)

// SPMMZ is SPMM on float64 with ZMM strips: alpha in Z17, beta in Z18,
// each value broadcast into Z16.
#define SCALARSZ VBROADCASTSD alpha+80(FP), Z17; VBROADCASTSD beta+88(FP), Z18
#define BCASTZ VBROADCASTSD (R11)(CX*8), Z16
#define SPMMZ(PTR, PSZ, IDX, ZERO, ACC, MUL, BETA, STORE) \
	SPMM(PTR, PSZ, IDX, SCALARSZ, BCASTZ, ZERO, ACC, MUL, BETA, STORE, VFMADD231PD, VMULPD, VMOVUPD, VMOVNTPD)

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
