// Pieces shared by the CSR row kernels (simd_spmv_amd64.s,
// simd_spmv512_amd64.s, simd_spmm_amd64.s, simd_spmm512_amd64.s,
// simd_sddmm_amd64.s, which include this file): R8 walks the row
// pointers, R9 counts the rows left, CX is a row's first entry and DX its
// end.

// Row-pointer loads for int32 and int64 indices: r = the pointer off
// bytes past R8.
#define PTR32(off, r) MOVLQSX off(R8), r
#define PTR64(off, r) MOVQ off(R8), r

// FIRSTROW loads the range's first row start into CX and jumps to done
// when the range has no rows.
#define FIRSTROW(PTR) \
	PTR(0, CX); \
	TESTQ R9, R9; \
	JZ done

// ROWEND loads the row's end (the next row pointer, PSZ bytes on) into DX
// and jumps to bad when it passes END or falls below the row's start CX.
#define ROWEND(PTR, PSZ, END) \
	PTR(PSZ, DX); \
	CMPQ DX, END; \
	JGT bad; \
	CMPQ DX, CX; \
	JLT bad

// BADROW returns in OUT the offending row relative to the range: NROWS
// (the argument) less the rows left.
#define BADROW(NROWS, OUT) \
	MOVQ NROWS, AX; \
	SUBQ R9, AX; \
	MOVQ AX, OUT; \
	RET

// SPMVARGS loads the arguments of an SpMV row kernel (simd_spmv*.s).
#define SPMVARGS \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ val+16(FP), R11; \
	MOVQ x+24(FP), R12; \
	MOVQ y+32(FP), DI; \
	MOVQ rows+40(FP), R9; \
	MOVQ end+48(FP), SI; \
	MOVQ cols+56(FP), R13; \
	VMOVSD alpha+64(FP), X14; \
	VMOVSD beta+72(FP), X15; \
	MOVQ flags+80(FP), BX

// SPMVNEXT finishes an SpMV row: y = alpha (X14) times the row's sum in X0,
// plus beta (X15) times y's old value where flags&1 (BX), stored at DI;
// then it moves on to the next row (PSZ: bytes per row pointer).
#define SPMVNEXT(PSZ) \
	VMULSD X14, X0, X0; \
	TESTQ $1, BX; \
	JZ store; \
	VFMADD231SD (DI), X15, X0; \
store: \
	VMOVSD X0, (DI); \
	ADDQ $PSZ, R8; \
	ADDQ $8, DI; \
	DECQ R9; \
	JNZ row
