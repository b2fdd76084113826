#include "textflag.h"
#include "rowkernel_amd64.h"

// AVX-512 row kernels of delta(b) rows (see simd_delta_amd64.go): a row's
// stored gaps are taken eight at a time under a lane mask, as the CSR
// kernels of simd_spmv512_amd64.s take its columns, and turned into columns
// in the register: the gaps summed over the lanes up to each by three
// shift-and-add steps (VALIGND/Q against zero), plus the running base (the
// column before the eight) plus 1..8, the lane's number of steps. A row
// starts from the base -1; only a full eight goes on, from its last lane. A
// column not below cols (unsigned) stops the kernel and returns the
// offending row relative to the range; the gaps are OR-ed together and the
// kernel returns -2 at the end when one is above the limit 2^b - 1 (a
// negative one too), -1 when all is well: the caller's Go decode then finds
// the row. A column is gathered only when it is below cols, whatever the
// gaps (a lane sum that wrapped included). No compare a lane: the kernels
// are bound by the one shuffle port.
//
// deltaMV* fuses the decode with the product of simd_spmv512_amd64.s: the
// columns' x gathered, one FMA into eight lanes, the same lane order and
// reduction, so that a row's sum has the bits of the CSR kernel's on the
// decoded columns. deltaDecode* writes the columns of the range's rows to
// out (out[t - ptr[0]] for entry t), for the CSR kernels of SpMM.
//
// Registers past rowkernel_amd64.h's: Y2/Z2 the gaps, Y3/Z3 the columns,
// Y5/Z5 scratch, Y6/Z6 the OR of the gaps, Z8 zero, Y9/Z9 the index 7, Y10/Z10 the base plus 1..8,
// Y11/Z11 1..8, Y7/Z7 0..7 (a row's first base plus 1..8), Y12/Z12 the
// limit, Y13/Z13 cols, Z16 the values.

// Y2/Z2 = the gaps of the lanes of K1 (zero elsewhere).
#define GLOAD32 VMOVDQU32.Z (R10)(CX*4), K1, Y2
#define GLOAD64 VMOVDQU64.Z (R10)(CX*8), K1, Z2

// Y3/Z3 = the columns of the lanes of K1.
#define COLS32 \
	VALIGND $7, Y8, Y2, Y3; \
	VPORD Y2, Y6, Y6; \
	VPADDD Y3, Y2, Y3; \
	VALIGND $6, Y8, Y3, Y5; \
	VPADDD Y5, Y3, Y3; \
	VALIGND $4, Y8, Y3, Y5; \
	VPADDD Y5, Y3, Y3; \
	VPADDD Y10, Y3, Y3
#define COLS64 \
	VALIGNQ $7, Z8, Z2, Z3; \
	VPORQ Z2, Z6, Z6; \
	VPADDQ Z3, Z2, Z3; \
	VALIGNQ $6, Z8, Z3, Z5; \
	VPADDQ Z5, Z3, Z3; \
	VALIGNQ $4, Z8, Z3, Z5; \
	VPADDQ Z5, Z3, Z3; \
	VPADDQ Z10, Z3, Z3

// CHECK jumps to bad when a lane of K1 has a column not below cols.
#define CHECK32 \
	VPCMPUD $5, Y13, Y3, K1, K4; \
	KORTESTW K4, K4; \
	JNZ bad
#define CHECK64 \
	VPCMPUQ $5, Z13, Z3, K1, K4; \
	KORTESTW K4, K4; \
	JNZ bad

// GAPSOK returns -2 in OUT when a gap is above the limit: Y6/Z6 holds the
// OR of every gap seen, above the limit (2^b - 1) exactly when one is.
#define GAPSOK32(OUT) \
	VPCMPUD $6, Y12, Y6, K4; \
	KORTESTW K4, K4; \
	JZ done; \
	VZEROUPPER; \
	MOVQ $-2, OUT; \
	RET
#define GAPSOK64(OUT) \
	VPCMPUQ $6, Z12, Z6, K4; \
	KORTESTW K4, K4; \
	JZ done; \
	VZEROUPPER; \
	MOVQ $-2, OUT; \
	RET

// NEXTBASE sets Y10/Z10 for the next eight entries of a row: the last
// lane's column, through the index 7 in Y9/Z9, plus 1..8.
#define NEXTBASE32 \
	VPERMD Y3, Y9, Y10; \
	VPADDD Y11, Y10, Y10
#define NEXTBASE64 \
	VPERMQ Z3, Z9, Z10; \
	VPADDQ Z11, Z10, Z10

#define GATHER32 VGATHERDPD (R12)(Y3*8), K3, Z4
#define GATHER64 VGATHERQPD (R12)(Z3*8), K3, Z4

#define STORE32 VMOVDQU32 Y3, K1, (R12)(CX*4)
#define STORE64 VMOVDQU64 Z3, K1, (R12)(CX*8)

// The constants from cols (R13) and the limit (BX), for int32 lanes capped
// at 2^31 and 2^31 - 1, which no valid column or gap passes; 1..8 as the
// lane sums of ones.
#define CONSTS32 \
	MOVQ $0x80000000, AX; \
	CMPQ R13, AX; \
	CMOVQLT R13, AX; \
	VPBROADCASTD AX, Y13; \
	MOVQ $0x7fffffff, AX; \
	CMPQ BX, AX; \
	CMOVQLT BX, AX; \
	VPBROADCASTD AX, Y12; \
	VPXORQ Z8, Z8, Z8; \
	MOVQ $7, AX; \
	VPBROADCASTD AX, Y9; \
	MOVQ $1, AX; \
	VPBROADCASTD AX, Y2; \
	VPXORQ Z10, Z10, Z10; \
	COLS32; \
	VMOVDQA64 Y3, Y11; \
	VPSUBD Y2, Y11, Y7
#define CONSTS64 \
	VPBROADCASTQ R13, Z13; \
	VPBROADCASTQ BX, Z12; \
	VPXORQ Z8, Z8, Z8; \
	MOVQ $7, AX; \
	VPBROADCASTQ AX, Z9; \
	MOVQ $1, AX; \
	VPBROADCASTQ AX, Z2; \
	VPXORQ Z10, Z10, Z10; \
	COLS64; \
	VMOVDQA64 Z3, Z11; \
	VPSUBQ Z2, Z11, Z7

// LANEMASK sets K1 to the min(DX - CX, 8) lanes of the entries left in the
// row and AX to their count.
#define LANEMASK \
	MOVQ DX, AX; \
	SUBQ CX, AX; \
	MOVQ $8, R14; \
	CMPQ AX, R14; \
	CMOVQGT R14, AX; \
	MOVQ $0xff, R14; \
	BZHIQ AX, R14, R14; \
	KMOVW R14, K1

#define DELTAMV(PTR, PSZ, ISZ, CONSTS, GLOAD, COLS, CHECK, NEXTBASE, GATHER, GAPSOK) \
	SPMVPTRS; \
	VMOVSD alpha+64(FP), X14; \
	VMOVSD beta+72(FP), X15; \
	MOVQ limit+88(FP), BX; \
	CONSTS; \
	VPXORQ Z6, Z6, Z6; \
	MOVQ flags+80(FP), BX; \
	FIRSTROW(PTR); \
row: \
	ROWEND(PTR, PSZ, SI); \
	VPXORQ Z0, Z0, Z0; \
	VMOVDQA64 Z7, Z10; \
	SPMVPREFETCH(ISZ); \
lanes: \
	LANEMASK; \
	GLOAD; \
	COLS; \
	CHECK; \
	VMOVUPD.Z (R11)(CX*8), K1, Z16; \
	KMOVW K1, K3; \
	VPXORQ Z4, Z4, Z4; \
	GATHER; \
	VFMADD231PD Z16, Z4, Z0; \
	ADDQ AX, CX; \
	CMPQ CX, DX; \
	JGE sum; \
	NEXTBASE; \
	JMP lanes; \
sum: \
	VEXTRACTF64X4 $1, Z0, Y1; \
	VADDPD Y1, Y0, Y0; \
	VEXTRACTF128 $1, Y0, X1; \
	VADDPD X1, X0, X0; \
	VPERMILPD $1, X0, X1; \
	VADDSD X1, X0, X0; \
	SPMVNEXT(PSZ); \
	GAPSOK(ret+96(FP)); \
ROWTAIL(rows+40(FP), ret+96(FP))

// DELTADECODE writes the columns of the range's rows: R12 is out less
// ptr[0] entries, so that entry CX's column goes to (R12)(CX*ISZ).
#define DELTADECODE(PTR, PSZ, ISZ, CONSTS, GLOAD, COLS, CHECK, NEXTBASE, STORE, GAPSOK) \
	MOVQ ptr+0(FP), R8; \
	MOVQ gaps+8(FP), R10; \
	MOVQ out+16(FP), R12; \
	MOVQ rows+24(FP), R9; \
	MOVQ end+32(FP), SI; \
	MOVQ cols+40(FP), R13; \
	MOVQ limit+48(FP), BX; \
	CONSTS; \
	VPXORQ Z6, Z6, Z6; \
	FIRSTROW(PTR); \
	MOVQ CX, AX; \
	IMULQ $ISZ, AX; \
	SUBQ AX, R12; \
row: \
	ROWEND(PTR, PSZ, SI); \
	VMOVDQA64 Z7, Z10; \
lanes: \
	LANEMASK; \
	GLOAD; \
	COLS; \
	CHECK; \
	STORE; \
	ADDQ AX, CX; \
	CMPQ CX, DX; \
	JGE next; \
	NEXTBASE; \
	JMP lanes; \
next: \
	ADDQ $PSZ, R8; \
	DECQ R9; \
	JNZ row; \
	GAPSOK(ret+56(FP)); \
ROWTAIL(rows+24(FP), ret+56(FP))

// func deltaMVZ8I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags, limit int) int
TEXT ·deltaMVZ8I32(SB), NOSPLIT, $0-104
	DELTAMV(PTR32, 4, 4, CONSTS32, GLOAD32, COLS32, CHECK32, NEXTBASE32, GATHER32, GAPSOK32)

// func deltaMVZ8I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags, limit int) int
TEXT ·deltaMVZ8I64(SB), NOSPLIT, $0-104
	DELTAMV(PTR64, 8, 8, CONSTS64, GLOAD64, COLS64, CHECK64, NEXTBASE64, GATHER64, GAPSOK64)

// func deltaDecodeZ8I32(ptr, gaps, out unsafe.Pointer, rows, end, cols, limit int) int
TEXT ·deltaDecodeZ8I32(SB), NOSPLIT, $0-64
	DELTADECODE(PTR32, 4, 4, CONSTS32, GLOAD32, COLS32, CHECK32, NEXTBASE32, STORE32, GAPSOK32)

// func deltaDecodeZ8I64(ptr, gaps, out unsafe.Pointer, rows, end, cols, limit int) int
TEXT ·deltaDecodeZ8I64(SB), NOSPLIT, $0-64
	DELTADECODE(PTR64, 8, 8, CONSTS64, GLOAD64, COLS64, CHECK64, NEXTBASE64, STORE64, GAPSOK64)
