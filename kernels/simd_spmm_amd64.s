#include "textflag.h"
#include "rowkernel_amd64.h"
#include "spmm_amd64.h"

// Strip kernels of SpMM (see simd_spmm_amd64.go): for each row r of a row
// range, W columns of C at once, held in 1, 2, 4 or 8 YMM accumulators
// while the row's nonzeros are applied, then scaled and stored once:
//
//	c[r][0:W] = alpha * sum_t val[t] * b[idx[t]][0:W] (+ beta * c[r][0:W] if flags&1)
//
// flags&2 stores with non-temporal moves (c must then be 32-byte aligned).
// Strides ldb and ldc are in bytes. A column index outside [0, cols) or a
// row pointer that decreases or passes end stops the kernel and returns the
// offending row (relative to the range); -1 means done.

// Broadcasts of val[t] and of the scalars for float64 and float32.
#define BCAST64 VBROADCASTSD (R11)(CX*8), Y8
#define BCAST32 VBROADCASTSS (R11)(CX*4), Y8
#define SCALARS64 VBROADCASTSD alpha+80(FP), Y14; VBROADCASTSD beta+88(FP), Y15
#define SCALARS32 \
	VMOVSD alpha+80(FP), X14; VCVTSD2SS X14, X14, X14; VBROADCASTSS X14, Y14; \
	VMOVSD beta+88(FP), X15; VCVTSD2SS X15, X15, X15; VBROADCASTSS X15, Y15

// Accumulator sets of 8, 4, 2 and 1 registers (Y0...).
#define ZERO8 ZERO4; VXORPS Y4, Y4, Y4; VXORPS Y5, Y5, Y5; VXORPS Y6, Y6, Y6; VXORPS Y7, Y7, Y7
#define ZERO4 ZERO2; VXORPS Y2, Y2, Y2; VXORPS Y3, Y3, Y3
#define ZERO2 ZERO1; VXORPS Y1, Y1, Y1
#define ZERO1 VXORPS Y0, Y0, Y0

// acc += Y8 * b row (AX: byte offset of the row from R12).
#define ACC8(op) ACC4(op); op 128(R12)(AX*1), Y8, Y4; op 160(R12)(AX*1), Y8, Y5; op 192(R12)(AX*1), Y8, Y6; op 224(R12)(AX*1), Y8, Y7
#define ACC4(op) ACC2(op); op 64(R12)(AX*1), Y8, Y2; op 96(R12)(AX*1), Y8, Y3
#define ACC2(op) ACC1(op); op 32(R12)(AX*1), Y8, Y1
#define ACC1(op) op (R12)(AX*1), Y8, Y0

// acc *= alpha.
#define MUL8(op) MUL4(op); op Y14, Y4, Y4; op Y14, Y5, Y5; op Y14, Y6, Y6; op Y14, Y7, Y7
#define MUL4(op) MUL2(op); op Y14, Y2, Y2; op Y14, Y3, Y3
#define MUL2(op) MUL1(op); op Y14, Y1, Y1
#define MUL1(op) op Y14, Y0, Y0

// acc += beta * c row.
#define BETA8(op) BETA4(op); op 128(DI), Y15, Y4; op 160(DI), Y15, Y5; op 192(DI), Y15, Y6; op 224(DI), Y15, Y7
#define BETA4(op) BETA2(op); op 64(DI), Y15, Y2; op 96(DI), Y15, Y3
#define BETA2(op) BETA1(op); op 32(DI), Y15, Y1
#define BETA1(op) op (DI), Y15, Y0

// c row = acc.
#define STORE8(op) STORE4(op); op Y4, 128(DI); op Y5, 160(DI); op Y6, 192(DI); op Y7, 224(DI)
#define STORE4(op) STORE2(op); op Y2, 64(DI); op Y3, 96(DI)
#define STORE2(op) STORE1(op); op Y1, 32(DI)
#define STORE1(op) op Y0, (DI)

#define SPMM64(PTR, PSZ, IDX, ZERO, ACC, MUL, BETA, STORE) \
	SPMM(PTR, PSZ, IDX, SCALARS64, BCAST64, ZERO, ACC, MUL, BETA, STORE, VFMADD231PD, VMULPD, VMOVUPD, VMOVNTPD)
#define SPMM32(PTR, PSZ, IDX, ZERO, ACC, MUL, BETA, STORE) \
	SPMM(PTR, PSZ, IDX, SCALARS32, BCAST32, ZERO, ACC, MUL, BETA, STORE, VFMADD231PS, VMULPS, VMOVUPS, VMOVNTPS)

// func spmmF64W32I32(ptr, idx, val, b, c unsafe.Pointer, rows, ldb, ldc, end, cols int, alpha, beta float64, flags int) int
TEXT ·spmmF64W32I32(SB), NOSPLIT, $0-112
	SPMM64(PTR32, 4, IDX32, ZERO8, ACC8, MUL8, BETA8, STORE8)

TEXT ·spmmF64W16I32(SB), NOSPLIT, $0-112
	SPMM64(PTR32, 4, IDX32, ZERO4, ACC4, MUL4, BETA4, STORE4)

TEXT ·spmmF64W8I32(SB), NOSPLIT, $0-112
	SPMM64(PTR32, 4, IDX32, ZERO2, ACC2, MUL2, BETA2, STORE2)

TEXT ·spmmF64W4I32(SB), NOSPLIT, $0-112
	SPMM64(PTR32, 4, IDX32, ZERO1, ACC1, MUL1, BETA1, STORE1)

TEXT ·spmmF64W32I64(SB), NOSPLIT, $0-112
	SPMM64(PTR64, 8, IDX64, ZERO8, ACC8, MUL8, BETA8, STORE8)

TEXT ·spmmF64W16I64(SB), NOSPLIT, $0-112
	SPMM64(PTR64, 8, IDX64, ZERO4, ACC4, MUL4, BETA4, STORE4)

TEXT ·spmmF64W8I64(SB), NOSPLIT, $0-112
	SPMM64(PTR64, 8, IDX64, ZERO2, ACC2, MUL2, BETA2, STORE2)

TEXT ·spmmF64W4I64(SB), NOSPLIT, $0-112
	SPMM64(PTR64, 8, IDX64, ZERO1, ACC1, MUL1, BETA1, STORE1)

TEXT ·spmmF32W64I32(SB), NOSPLIT, $0-112
	SPMM32(PTR32, 4, IDX32, ZERO8, ACC8, MUL8, BETA8, STORE8)

TEXT ·spmmF32W32I32(SB), NOSPLIT, $0-112
	SPMM32(PTR32, 4, IDX32, ZERO4, ACC4, MUL4, BETA4, STORE4)

TEXT ·spmmF32W16I32(SB), NOSPLIT, $0-112
	SPMM32(PTR32, 4, IDX32, ZERO2, ACC2, MUL2, BETA2, STORE2)

TEXT ·spmmF32W8I32(SB), NOSPLIT, $0-112
	SPMM32(PTR32, 4, IDX32, ZERO1, ACC1, MUL1, BETA1, STORE1)

TEXT ·spmmF32W64I64(SB), NOSPLIT, $0-112
	SPMM32(PTR64, 8, IDX64, ZERO8, ACC8, MUL8, BETA8, STORE8)

TEXT ·spmmF32W32I64(SB), NOSPLIT, $0-112
	SPMM32(PTR64, 8, IDX64, ZERO4, ACC4, MUL4, BETA4, STORE4)

TEXT ·spmmF32W16I64(SB), NOSPLIT, $0-112
	SPMM32(PTR64, 8, IDX64, ZERO2, ACC2, MUL2, BETA2, STORE2)

TEXT ·spmmF32W8I64(SB), NOSPLIT, $0-112
	SPMM32(PTR64, 8, IDX64, ZERO1, ACC1, MUL1, BETA1, STORE1)
