// Pieces shared by the CSR row kernels (simd_spmv_amd64.s,
// simd_spmv512_amd64.s, simd_spmm_amd64.s, simd_spmm512_amd64.s,
// simd_sddmm_amd64.s and the 2x2 BSR kernels of simd_bsr2_amd64.s, which
// include this file): R8 walks the row pointers, R9 counts the rows left,
// CX is a row's first entry and DX its end.

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

// COLIDX loads into r the column index off bytes past entry CX's (IDX:
// IDX32 or IDX64 of the including file, IDX(off, i, r)) and jumps to bad
// when it is not below the column count R13.
#define COLIDX(IDX, off, r) \
	IDX(off, CX, r); \
	CMPQ r, R13; \
	JAE bad

// BADROW returns in OUT the offending row relative to the range: NROWS
// (the argument) less the rows left.
#define BADROW(NROWS, OUT) \
	MOVQ NROWS, AX; \
	SUBQ R9, AX; \
	MOVQ AX, OUT; \
	RET

// ROWTAIL ends a row kernel: done returns -1 in OUT, bad the offending
// row (BADROW), both after VZEROUPPER.
#define ROWTAIL(NROWS, OUT) \
done: \
	VZEROUPPER; \
	MOVQ $-1, OUT; \
	RET; \
bad: \
	VZEROUPPER; \
	BADROW(NROWS, OUT)

// SPMVPTRS loads the pointer and count arguments of an SpMV row kernel
// (simd_spmv*.s, simd_bsr2_amd64.s's BSR2MV).
#define SPMVPTRS \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ val+16(FP), R11; \
	MOVQ x+24(FP), R12; \
	MOVQ y+32(FP), DI; \
	MOVQ rows+40(FP), R9; \
	MOVQ end+48(FP), SI; \
	MOVQ cols+56(FP), R13

// SPMMPTRS loads the pointer, count and stride arguments of an SpMM strip
// kernel (spmm_amd64.h's SPMM, simd_bsr2_amd64.s's BSR2MM).
#define SPMMPTRS \
	MOVQ ptr+0(FP), R8; \
	MOVQ idx+8(FP), R10; \
	MOVQ val+16(FP), R11; \
	MOVQ b+24(FP), R12; \
	MOVQ c+32(FP), DI; \
	MOVQ rows+40(FP), R9; \
	MOVQ ldb+48(FP), R13; \
	MOVQ ldc+56(FP), R14; \
	MOVQ end+64(FP), SI

// SPMVPREFETCH prefetches the values and column indices (ISZ bytes each)
// some 256 entries past a row's first entry CX, some 50 rows of a 5-point
// Laplacian: far enough that the lines arrive before the row reaches them
// when two cores stream at once. On the 20M-entry Laplacian, one goroutine,
// CPU time, medians of 40 alternated calls on a loaded machine: int64
// indices 30.8 ms at the old distance (128 values, 64 indices ahead) against
// 27.7 ms, int32 26.0 against 24.4 ms; 384 and 512 entries measured the same
// as 256 within the noise.
#define SPMVPREFETCH(ISZ) \
	PREFETCHT0 256*8(R11)(CX*8); \
	PREFETCHT0 256*ISZ(R10)(CX*ISZ)

// SPMVARGS loads the arguments of an SpMV row kernel (simd_spmv*.s).
#define SPMVARGS \
	SPMVPTRS; \
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
