// Macros of the GEMM tiles (gemm_amd64.s, gemm_avx512_amd64.s,
// gemm_nn_amd64.s, which include this file): each moves one row (a column,
// for the column-major tiles) of the tile of C, held in two registers C0
// and C1, W bytes apart in memory at DX. The instructions are parameters so
// that one macro serves float32 and float64, AVX2 and AVX-512 alike.

// BFMA2 broadcasts the scalar at src into T and adds T*B0 into C0 and
// T*B1 into C1 (B0, B1: a row of the packed B, or a column of A).
#define BFMA2(BC, FMA, src, T, B0, B1, C0, C1) \
	BC src, T; \
	FMA B0, T, C0; \
	FMA B1, T, C1

// ADD2 adds C0, C1 to c at DX and stores the sums there.
#define ADD2(ADD, MOV, W, C0, C1) \
	ADD (DX), C0, C0; \
	ADD W(DX), C1, C1; \
	MOV C0, (DX); \
	MOV C1, W(DX)

// SET2 stores C0, C1 at DX.
#define SET2(MOV, W, C0, C1) \
	MOV C0, (DX); \
	MOV C1, W(DX)

// SUB2 subtracts C0, C1 from c at DX (through T0, T1).
#define SUB2(MOV, SUB, W, T0, T1, C0, C1) \
	MOV (DX), T0; \
	MOV W(DX), T1; \
	SUB C0, T0, T0; \
	SUB C1, T1, T1; \
	MOV T0, (DX); \
	MOV T1, W(DX)

// NEG2 stores Z - C0, Z - C1 at DX (Z holding zeros; through T0, T1).
#define NEG2(MOV, SUB, W, Z, T0, T1, C0, C1) \
	SUB C0, Z, T0; \
	SUB C1, Z, T1; \
	MOV T0, (DX); \
	MOV T1, W(DX)

// SUBARGS loads the arguments of a gemmSub tile: w (CX), a (SI), b (DI),
// c (DX), lda (R8), ldb (R9), ldc (R10), set (R11).
#define SUBARGS \
	MOVQ w+0(FP), CX; \
	MOVQ a+8(FP), SI; \
	MOVQ b+16(FP), DI; \
	MOVQ c+24(FP), DX; \
	MOVQ lda+32(FP), R8; \
	MOVQ ldb+40(FP), R9; \
	MOVQ ldc+48(FP), R10; \
	MOVQ set+56(FP), R11

// SUBTILE is the body of a gemmSub tile: ZERO clears the accumulators,
// STEP adds step p's products (a's column times b's broadcast entries),
// COLS(COL) applies COL to each column's two registers (DX stepping by
// ldc), SUBCOL, NEGCOL and SETCOL store a column as c - tile, 0 - tile and
// tile, and ZERONEG clears the register NEGCOL reads as zero.
#define SUBTILE(ZERO, STEP, COLS, SUBCOL, NEGCOL, SETCOL, ZERONEG) \
	SUBARGS; \
	ZERO; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	STEP; \
	ADDQ R8, SI; \
	ADDQ R9, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JNZ assign; \
	COLS(SUBCOL); \
	VZEROUPPER; \
	RET; \
assign: \
	CMPQ R11, $2; \
	JEQ raw; \
	ZERONEG; \
	COLS(NEGCOL); \
	VZEROUPPER; \
	RET; \
raw: \
	COLS(SETCOL); \
	VZEROUPPER; \
	RET
