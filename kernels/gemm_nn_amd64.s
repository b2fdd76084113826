#include "textflag.h"
#include "gemm_amd64.h"

// The row-major tiles of Gemm (gemm_nn.go): c[0:mr, 0:nr] (row stride ldc
// bytes) gets the sum over p < kc of A(i, p) * B(p, j), where A(i, p) is
// at a + i*rsa + p*csa and B(p, j) at b + p*ldb + j*size (bytes: packed
// slivers, or A and B read in place), summed in the order of p with fused
// multiply-adds from zero; add = 0 stores the sum, add = 1 adds it to c.
// The tile of C stays in 2*mr registers, two a row, while each step loads
// one row of B's sliver (two registers) and broadcasts A's mr entries
// (rows 0-5 from SI, 6-11 from BX, at offsets 0, rsa, 2rsa, 3rsa (R9),
// 4rsa, 5rsa (R12)).

// NNARGS loads the arguments of a tile: kc (CX), a (SI), rsa (R8), csa
// (R13), b (DI), c (DX), ldc (R10), add (R11), and 3rsa (R9), 5rsa (R12).
// ldb goes to AX once the prefetches of c are done with it (NNLDB).
#define NNARGS \
	MOVQ kc+0(FP), CX; \
	MOVQ a+8(FP), SI; \
	MOVQ rsa+16(FP), R8; \
	MOVQ csa+24(FP), R13; \
	MOVQ b+32(FP), DI; \
	MOVQ c+48(FP), DX; \
	MOVQ ldc+56(FP), R10; \
	MOVQ add+64(FP), R11; \
	LEAQ (R8)(R8*2), R9; \
	LEAQ (R8)(R8*4), R12

// PREFC6 and PREFC12 prefetch the rows of c's tile (AX walks them by ldc): its
// lines are read and written once per call, after kc steps that hide the
// misses when the prefetch starts them.
#define PREFROW PREFETCHT0 (AX); PREFETCHT0 64(AX); PREFETCHT0 120(AX); ADDQ R10, AX
#define PREFC6 MOVQ DX, AX; PREFROW; PREFROW; PREFROW; PREFROW; PREFROW; PREFROW
#define PREFC12 PREFC6; PREFROW; PREFROW; PREFROW; PREFROW; PREFROW; PREFROW
#define PREFC4 MOVQ DX, AX; PREFROW; PREFROW; PREFROW; PREFROW
#define PREFC8 PREFC4; PREFROW; PREFROW; PREFROW; PREFROW

// NNLDB loads ldb into AX.
#define NNLDB MOVQ ldb+40(FP), AX

// NN6 is the AVX2 tile: rows 0-5 in Y0-Y11, B's row in Y12, Y13, A's
// entries broadcast into Y14, Y15 in turn. MOV, BC, FMA and ADD are the
// float32 or the float64 instructions.
#define NN6(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFC6; \
	NNLDB; \
	VXORPS Y0, Y0, Y0; \
	VXORPS Y1, Y1, Y1; \
	VXORPS Y2, Y2, Y2; \
	VXORPS Y3, Y3, Y3; \
	VXORPS Y4, Y4, Y4; \
	VXORPS Y5, Y5, Y5; \
	VXORPS Y6, Y6, Y6; \
	VXORPS Y7, Y7, Y7; \
	VXORPS Y8, Y8, Y8; \
	VXORPS Y9, Y9, Y9; \
	VXORPS Y10, Y10, Y10; \
	VXORPS Y11, Y11, Y11; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Y12; \
	MOV 32(DI), Y13; \
	BFMA2(BC, FMA, (SI), Y14, Y12, Y13, Y0, Y1); \
	BFMA2(BC, FMA, (SI)(R8*1), Y15, Y12, Y13, Y2, Y3); \
	BFMA2(BC, FMA, (SI)(R8*2), Y14, Y12, Y13, Y4, Y5); \
	BFMA2(BC, FMA, (SI)(R9*1), Y15, Y12, Y13, Y6, Y7); \
	BFMA2(BC, FMA, (SI)(R8*4), Y14, Y12, Y13, Y8, Y9); \
	BFMA2(BC, FMA, (SI)(R12*1), Y15, Y12, Y13, Y10, Y11); \
	ADDQ R13, SI; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD2(ADD, MOV, 32, Y0, Y1); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 32, Y2, Y3); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 32, Y4, Y5); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 32, Y6, Y7); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 32, Y8, Y9); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 32, Y10, Y11); \
	VZEROUPPER; \
	RET; \
set: \
	SET2(MOV, 32, Y0, Y1); \
	ADDQ R10, DX; \
	SET2(MOV, 32, Y2, Y3); \
	ADDQ R10, DX; \
	SET2(MOV, 32, Y4, Y5); \
	ADDQ R10, DX; \
	SET2(MOV, 32, Y6, Y7); \
	ADDQ R10, DX; \
	SET2(MOV, 32, Y8, Y9); \
	ADDQ R10, DX; \
	SET2(MOV, 32, Y10, Y11); \
	VZEROUPPER; \
	RET

// NN12 is the AVX-512 tile: rows 0-11 in Z0-Z23 (rows 6-11 read from BX =
// a + 6rsa), B's row in Z24, Z25, A's entries broadcast into Z26, Z27.
#define NN12(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFC12; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	VPXORQ Z12, Z12, Z12; \
	VPXORQ Z13, Z13, Z13; \
	VPXORQ Z14, Z14, Z14; \
	VPXORQ Z15, Z15, Z15; \
	VPXORQ Z16, Z16, Z16; \
	VPXORQ Z17, Z17, Z17; \
	VPXORQ Z18, Z18, Z18; \
	VPXORQ Z19, Z19, Z19; \
	VPXORQ Z20, Z20, Z20; \
	VPXORQ Z21, Z21, Z21; \
	VPXORQ Z22, Z22, Z22; \
	VPXORQ Z23, Z23, Z23; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD2(ADD, MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z14, Z15); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z16, Z17); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z18, Z19); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z20, Z21); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z22, Z23); \
	VZEROUPPER; \
	RET; \
set: \
	SET2(MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z14, Z15); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z16, Z17); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z18, Z19); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z20, Z21); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z22, Z23); \
	VZEROUPPER; \
	RET

// PREFN12 prefetches the twelve 64-byte rows of the narrow tile's c.
#define PREFROW1 PREFETCHT0 (AX); ADDQ R10, AX
#define PREFN12 MOVQ DX, AX; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1; PREFROW1

// NN12N is the AVX-512 tile one register wide (16 float32 or 8 float64
// columns, for a narrow c): rows 0-11 in Z0-Z11 (rows 6-11 read from BX),
// B's row in Z24, A's entries broadcast into Z26, Z27 in turn.
#define NN12N(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFN12; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	TESTQ CX, CX; \
	JLE store; \
	loop:; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
	store:; \
	TESTQ R11, R11; \
	JZ set; \
	ADD (DX), Z0, Z0; \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z1, Z1; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z2, Z2; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z3, Z3; \
	MOV Z3, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z4, Z4; \
	MOV Z4, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z5, Z5; \
	MOV Z5, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z6, Z6; \
	MOV Z6, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z7, Z7; \
	MOV Z7, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z8, Z8; \
	MOV Z8, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z9, Z9; \
	MOV Z9, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z10, Z10; \
	MOV Z10, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z11, Z11; \
	MOV Z11, (DX); \
	VZEROUPPER; \
	RET; \
	set:; \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	MOV Z3, (DX); \
	ADDQ R10, DX; \
	MOV Z4, (DX); \
	ADDQ R10, DX; \
	MOV Z5, (DX); \
	ADDQ R10, DX; \
	MOV Z6, (DX); \
	ADDQ R10, DX; \
	MOV Z7, (DX); \
	ADDQ R10, DX; \
	MOV Z8, (DX); \
	ADDQ R10, DX; \
	MOV Z9, (DX); \
	ADDQ R10, DX; \
	MOV Z10, (DX); \
	ADDQ R10, DX; \
	MOV Z11, (DX); \
	VZEROUPPER; \
	RET

// PREFN4 and PREFN8 prefetch the rows of the narrow edge tiles' c.
#define PREFN4 MOVQ DX, AX; PREFROW1; PREFROW1; PREFROW1; PREFROW1
#define PREFN8 PREFN4; PREFROW1; PREFROW1; PREFROW1; PREFROW1

// NN8 and NN4 are NN12 for 8 and 4 rows: the edge tiles, for the last
// rows of c when they are not a multiple of 12 (a 64-row c: five 12-row
// tiles and a 4-row one, not six 12-row ones).
#define NN8(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFC8; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	VPXORQ Z12, Z12, Z12; \
	VPXORQ Z13, Z13, Z13; \
	VPXORQ Z14, Z14, Z14; \
	VPXORQ Z15, Z15, Z15; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD2(ADD, MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z14, Z15); \
	VZEROUPPER; \
	RET; \
set: \
	SET2(MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z14, Z15); \
	VZEROUPPER; \
	RET

#define NN4(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFC4; \
	NNLDB; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	ADDQ R13, SI; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD2(ADD, MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z6, Z7); \
	VZEROUPPER; \
	RET; \
set: \
	SET2(MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z6, Z7); \
	VZEROUPPER; \
	RET

// NN8N and NN4N are NN12N for 8 and 4 rows (the narrow edge tiles).
#define NN8N(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFN8; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD (DX), Z0, Z0; \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z1, Z1; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z2, Z2; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z3, Z3; \
	MOV Z3, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z4, Z4; \
	MOV Z4, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z5, Z5; \
	MOV Z5, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z6, Z6; \
	MOV Z6, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z7, Z7; \
	MOV Z7, (DX); \
	VZEROUPPER; \
	RET; \
set: \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	MOV Z3, (DX); \
	ADDQ R10, DX; \
	MOV Z4, (DX); \
	ADDQ R10, DX; \
	MOV Z5, (DX); \
	ADDQ R10, DX; \
	MOV Z6, (DX); \
	ADDQ R10, DX; \
	MOV Z7, (DX); \
	VZEROUPPER; \
	RET

#define NN4N(MOV, BC, FMA, ADD) \
	NNARGS; \
	PREFN4; \
	NNLDB; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	ADDQ R13, SI; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD (DX), Z0, Z0; \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z1, Z1; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z2, Z2; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z3, Z3; \
	MOV Z3, (DX); \
	VZEROUPPER; \
	RET; \
set: \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	MOV Z3, (DX); \
	VZEROUPPER; \
	RET

// NN12P and NN12NP are NN12 and NN12N for A read in place (rows of c
// whose A rows are contiguous, csa = the value's size): eight steps at a
// time, each eight starting with a prefetch of every row D bytes further
// on. Twelve rows of A streamed from memory at once are more streams than
// the hardware prefetcher follows well (a Cora layer's tile ran ~30% below
// its packed speed).
#define NN12P(MOV, BC, FMA, ADD, D) \
	NNARGS; \
	PREFC12; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	VPXORQ Z12, Z12, Z12; \
	VPXORQ Z13, Z13, Z13; \
	VPXORQ Z14, Z14, Z14; \
	VPXORQ Z15, Z15, Z15; \
	VPXORQ Z16, Z16, Z16; \
	VPXORQ Z17, Z17, Z17; \
	VPXORQ Z18, Z18, Z18; \
	VPXORQ Z19, Z19, Z19; \
	VPXORQ Z20, Z20, Z20; \
	VPXORQ Z21, Z21, Z21; \
	VPXORQ Z22, Z22, Z22; \
	VPXORQ Z23, Z23, Z23; \
	CMPQ CX, $8; \
	JLT tail; \
loop8: \
	PREFETCHT0 D(SI); \
	PREFETCHT0 D(SI)(R8*1); \
	PREFETCHT0 D(SI)(R8*2); \
	PREFETCHT0 D(SI)(R9*1); \
	PREFETCHT0 D(SI)(R8*4); \
	PREFETCHT0 D(SI)(R12*1); \
	PREFETCHT0 D(BX); \
	PREFETCHT0 D(BX)(R8*1); \
	PREFETCHT0 D(BX)(R8*2); \
	PREFETCHT0 D(BX)(R9*1); \
	PREFETCHT0 D(BX)(R8*4); \
	PREFETCHT0 D(BX)(R12*1); \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	SUBQ $8, CX; \
	CMPQ CX, $8; \
	JGE loop8; \
tail: \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD2(ADD, MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z14, Z15); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z16, Z17); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z18, Z19); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z20, Z21); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z22, Z23); \
	VZEROUPPER; \
	RET; \
set: \
	SET2(MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z14, Z15); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z16, Z17); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z18, Z19); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z20, Z21); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z22, Z23); \
	VZEROUPPER; \
	RET

#define NN12NP(MOV, BC, FMA, ADD, D) \
	NNARGS; \
	PREFN12; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	CMPQ CX, $8; \
	JLT tail; \
loop8: \
	PREFETCHT0 D(SI); \
	PREFETCHT0 D(SI)(R8*1); \
	PREFETCHT0 D(SI)(R8*2); \
	PREFETCHT0 D(SI)(R9*1); \
	PREFETCHT0 D(SI)(R8*4); \
	PREFETCHT0 D(SI)(R12*1); \
	PREFETCHT0 D(BX); \
	PREFETCHT0 D(BX)(R8*1); \
	PREFETCHT0 D(BX)(R8*2); \
	PREFETCHT0 D(BX)(R9*1); \
	PREFETCHT0 D(BX)(R8*4); \
	PREFETCHT0 D(BX)(R12*1); \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	SUBQ $8, CX; \
	CMPQ CX, $8; \
	JGE loop8; \
tail: \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	BC (SI), Z26; \
	FMA Z24, Z26, Z0; \
	BC (SI)(R8*1), Z27; \
	FMA Z24, Z27, Z1; \
	BC (SI)(R8*2), Z26; \
	FMA Z24, Z26, Z2; \
	BC (SI)(R9*1), Z27; \
	FMA Z24, Z27, Z3; \
	BC (SI)(R8*4), Z26; \
	FMA Z24, Z26, Z4; \
	BC (SI)(R12*1), Z27; \
	FMA Z24, Z27, Z5; \
	BC (BX), Z26; \
	FMA Z24, Z26, Z6; \
	BC (BX)(R8*1), Z27; \
	FMA Z24, Z27, Z7; \
	BC (BX)(R8*2), Z26; \
	FMA Z24, Z26, Z8; \
	BC (BX)(R9*1), Z27; \
	FMA Z24, Z27, Z9; \
	BC (BX)(R8*4), Z26; \
	FMA Z24, Z26, Z10; \
	BC (BX)(R12*1), Z27; \
	FMA Z24, Z27, Z11; \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	TESTQ R11, R11; \
	JZ set; \
	ADD (DX), Z0, Z0; \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z1, Z1; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z2, Z2; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z3, Z3; \
	MOV Z3, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z4, Z4; \
	MOV Z4, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z5, Z5; \
	MOV Z5, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z6, Z6; \
	MOV Z6, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z7, Z7; \
	MOV Z7, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z8, Z8; \
	MOV Z8, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z9, Z9; \
	MOV Z9, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z10, Z10; \
	MOV Z10, (DX); \
	ADDQ R10, DX; \
	ADD (DX), Z11, Z11; \
	MOV Z11, (DX); \
	VZEROUPPER; \
	RET; \
set: \
	MOV Z0, (DX); \
	ADDQ R10, DX; \
	MOV Z1, (DX); \
	ADDQ R10, DX; \
	MOV Z2, (DX); \
	ADDQ R10, DX; \
	MOV Z3, (DX); \
	ADDQ R10, DX; \
	MOV Z4, (DX); \
	ADDQ R10, DX; \
	MOV Z5, (DX); \
	ADDQ R10, DX; \
	MOV Z6, (DX); \
	ADDQ R10, DX; \
	MOV Z7, (DX); \
	ADDQ R10, DX; \
	MOV Z8, (DX); \
	ADDQ R10, DX; \
	MOV Z9, (DX); \
	ADDQ R10, DX; \
	MOV Z10, (DX); \
	ADDQ R10, DX; \
	MOV Z11, (DX); \
	VZEROUPPER; \
	RET

// PREFA64 and PREFA32 prefetch the lines of a packed sliver of A that
// the tile reads eight steps on: twelve of float64 (96 bytes a step), six
// of float32.
#define PREFA64 PREFETCHT0 768(SI); PREFETCHT0 832(SI); PREFETCHT0 896(SI); PREFETCHT0 960(SI); PREFETCHT0 1024(SI); PREFETCHT0 1088(SI); PREFETCHT0 1152(SI); PREFETCHT0 1216(SI); PREFETCHT0 1280(SI); PREFETCHT0 1344(SI); PREFETCHT0 1408(SI); PREFETCHT0 1472(SI)
#define PREFA32 PREFETCHT0 384(SI); PREFETCHT0 448(SI); PREFETCHT0 512(SI); PREFETCHT0 576(SI); PREFETCHT0 640(SI); PREFETCHT0 704(SI)

// NN12K is NN12 for a packed sliver of A (the twelve rows side by side):
// eight steps at a time, each eight prefetching (PREFA) the lines of A
// eight steps further on, which the tile would otherwise wait for from L2,
// and one row of c's tile (R11 walks them, R14 counts the twelve down):
// the 36 prefetches of c at once that the other tiles issue (c is in L3
// or memory when it is large) fill the line-fill buffers and stall the
// first steps' loads; spread over the first 96 steps they do not (a
// 1024^2 c walked as Gemm does: 79 -> 83 GFLOP/cpu-s, 1024^3 Gemm at
// one thread 58 -> 60; float32 107 -> 114, where the prefetches of A
// alone had shown no gain). Each eight steps also prefetch two lines of
// the next sliver of B into L2 (R15 walks them from pf, 4 KiB a tile of
// 256 steps): the first tile on a sliver otherwise waits for all of its
// B from L3 or memory (5.2 us against 1.2 us for the tiles after it,
// 1000^3 float64). add is read again at the store.
#define NN12K(MOV, BC, FMA, ADD, PREFA) \
	NNARGS; \
	MOVQ pf+72(FP), R15; \
	MOVQ DX, R11; \
	MOVQ $12, R14; \
	NNLDB; \
	LEAQ (SI)(R9*2), BX; \
	VPXORQ Z0, Z0, Z0; \
	VPXORQ Z1, Z1, Z1; \
	VPXORQ Z2, Z2, Z2; \
	VPXORQ Z3, Z3, Z3; \
	VPXORQ Z4, Z4, Z4; \
	VPXORQ Z5, Z5, Z5; \
	VPXORQ Z6, Z6, Z6; \
	VPXORQ Z7, Z7, Z7; \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	VPXORQ Z12, Z12, Z12; \
	VPXORQ Z13, Z13, Z13; \
	VPXORQ Z14, Z14, Z14; \
	VPXORQ Z15, Z15, Z15; \
	VPXORQ Z16, Z16, Z16; \
	VPXORQ Z17, Z17, Z17; \
	VPXORQ Z18, Z18, Z18; \
	VPXORQ Z19, Z19, Z19; \
	VPXORQ Z20, Z20, Z20; \
	VPXORQ Z21, Z21, Z21; \
	VPXORQ Z22, Z22, Z22; \
	VPXORQ Z23, Z23, Z23; \
	CMPQ CX, $8; \
	JLT tail; \
loop8: \
	TESTQ R14, R14; \
	JLE cdone; \
	PREFETCHT0 (R11); \
	PREFETCHT0 64(R11); \
	PREFETCHT0 120(R11); \
	ADDQ R10, R11; \
	DECQ R14; \
cdone: \
	PREFA; \
	PREFETCHT1 (R15); \
	PREFETCHT1 64(R15); \
	ADDQ $128, R15; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	SUBQ $8, CX; \
	CMPQ CX, $8; \
	JGE loop8; \
tail: \
	TESTQ CX, CX; \
	JLE store; \
loop: \
	MOV (DI), Z24; \
	MOV 64(DI), Z25; \
	BFMA2(BC, FMA, (SI), Z26, Z24, Z25, Z0, Z1); \
	BFMA2(BC, FMA, (SI)(R8*1), Z27, Z24, Z25, Z2, Z3); \
	BFMA2(BC, FMA, (SI)(R8*2), Z26, Z24, Z25, Z4, Z5); \
	BFMA2(BC, FMA, (SI)(R9*1), Z27, Z24, Z25, Z6, Z7); \
	BFMA2(BC, FMA, (SI)(R8*4), Z26, Z24, Z25, Z8, Z9); \
	BFMA2(BC, FMA, (SI)(R12*1), Z27, Z24, Z25, Z10, Z11); \
	BFMA2(BC, FMA, (BX), Z26, Z24, Z25, Z12, Z13); \
	BFMA2(BC, FMA, (BX)(R8*1), Z27, Z24, Z25, Z14, Z15); \
	BFMA2(BC, FMA, (BX)(R8*2), Z26, Z24, Z25, Z16, Z17); \
	BFMA2(BC, FMA, (BX)(R9*1), Z27, Z24, Z25, Z18, Z19); \
	BFMA2(BC, FMA, (BX)(R8*4), Z26, Z24, Z25, Z20, Z21); \
	BFMA2(BC, FMA, (BX)(R12*1), Z27, Z24, Z25, Z22, Z23); \
	ADDQ R13, SI; \
	ADDQ R13, BX; \
	ADDQ AX, DI; \
	DECQ CX; \
	JNZ loop; \
store: \
	MOVQ add+64(FP), R11; \
	TESTQ R11, R11; \
	JZ set; \
	ADD2(ADD, MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z14, Z15); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z16, Z17); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z18, Z19); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z20, Z21); \
	ADDQ R10, DX; \
	ADD2(ADD, MOV, 64, Z22, Z23); \
	VZEROUPPER; \
	RET; \
set: \
	SET2(MOV, 64, Z0, Z1); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z2, Z3); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z4, Z5); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z6, Z7); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z8, Z9); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z10, Z11); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z12, Z13); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z14, Z15); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z16, Z17); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z18, Z19); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z20, Z21); \
	ADDQ R10, DX; \
	SET2(MOV, 64, Z22, Z23); \
	VZEROUPPER; \
	RET


// func gemmNN6x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX2 and FMA.
TEXT ·gemmNN6x16f32(SB), NOSPLIT, $0-72
	NN6(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN6x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX2 and FMA.
TEXT ·gemmNN6x8f64(SB), NOSPLIT, $0-72
	NN6(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN12x32f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512.
TEXT ·gemmNN12x32f32(SB), NOSPLIT, $0-72
	NN12(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN12x16f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512.
TEXT ·gemmNN12x16f64(SB), NOSPLIT, $0-72
	NN12(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN12x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, 16 columns.
TEXT ·gemmNN12x16f32(SB), NOSPLIT, $0-72
	NN12N(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN12x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, 8 columns.
TEXT ·gemmNN12x8f64(SB), NOSPLIT, $0-72
	NN12N(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN8x16f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, 8 rows.
TEXT ·gemmNN8x16f64(SB), NOSPLIT, $0-72
	NN8(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN4x16f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, 4 rows.
TEXT ·gemmNN4x16f64(SB), NOSPLIT, $0-72
	NN4(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN8x32f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, 8 rows.
TEXT ·gemmNN8x32f32(SB), NOSPLIT, $0-72
	NN8(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN4x32f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, 4 rows.
TEXT ·gemmNN4x32f32(SB), NOSPLIT, $0-72
	NN4(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN8x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, 8 rows, 8 columns.
TEXT ·gemmNN8x8f64(SB), NOSPLIT, $0-72
	NN8N(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN4x8f64(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, 4 rows, 8 columns.
TEXT ·gemmNN4x8f64(SB), NOSPLIT, $0-72
	NN4N(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD)

// func gemmNN8x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, 8 rows, 16 columns.
TEXT ·gemmNN8x16f32(SB), NOSPLIT, $0-72
	NN8N(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN4x16f32(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, 4 rows, 16 columns.
TEXT ·gemmNN4x16f32(SB), NOSPLIT, $0-72
	NN4N(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS)

// func gemmNN12x16f64p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, A in place.
TEXT ·gemmNN12x16f64p(SB), NOSPLIT, $0-72
	NN12P(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD, 512)

// func gemmNN12x32f32p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, A in place.
TEXT ·gemmNN12x32f32p(SB), NOSPLIT, $0-72
	NN12P(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS, 256)

// func gemmNN12x8f64p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float64, AVX-512, 8 columns, A in place.
TEXT ·gemmNN12x8f64p(SB), NOSPLIT, $0-72
	NN12NP(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD, 512)

// func gemmNN12x16f32p(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int)
//
// float32, AVX-512, 16 columns, A in place.
TEXT ·gemmNN12x16f32p(SB), NOSPLIT, $0-72
	NN12NP(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS, 256)

// func gemmNN12x16f64k(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int, pf unsafe.Pointer)
//
// packed A prefetched.
TEXT ·gemmNN12x16f64k(SB), NOSPLIT, $0-80
	NN12K(VMOVUPD, VBROADCASTSD, VFMADD231PD, VADDPD, PREFA64)

// func gemmNN12x32f32k(kc int, a unsafe.Pointer, rsa, csa int, b unsafe.Pointer, ldb int, c unsafe.Pointer, ldc, add int, pf unsafe.Pointer)
//
// float32, AVX-512, packed A (c prefetched over the first steps).
TEXT ·gemmNN12x32f32k(SB), NOSPLIT, $0-80
	NN12K(VMOVUPS, VBROADCASTSS, VFMADD231PS, VADDPS, PREFA32)
