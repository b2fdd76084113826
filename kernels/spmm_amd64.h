// Macros of the SpMM strip kernels (simd_spmm_amd64.s for AVX2,
// simd_spmm512_amd64.s for AVX-512, which include this file).

// Column-index loads into AX for int32 and int64 indices.
#define IDX32 MOVLQSX (R10)(CX*4), AX
#define IDX64 MOVQ (R10)(CX*8), AX

// SPMM is the row loop of the SpMM strip kernels (AVX2 and AVX-512). SCALARS
// broadcasts alpha and beta; per nonzero, IDX loads its column into AX and
// BCAST broadcasts its value; ZERO, ACC, MUL, BETA and STORE act on the
// accumulator set of the strip; FMAOP, MULOP, STOP and NTOP are the
// fused multiply-add, multiply, store and non-temporal store of the type.
#define SPMM(PTR, PSZ, IDX, SCALARS, BCAST, ZERO, ACC, MUL, BETA, STORE, FMAOP, MULOP, STOP, NTOP) \
	SPMMPTRS; \
	MOVQ flags+96(FP), BX; \
	SCALARS; \
	FIRSTROW(PTR); \
row: \
	ROWEND(PTR, PSZ, SI); \
	ZERO; \
	CMPQ CX, DX; \
	JGE finish; \
nz: \
	IDX; \
	CMPQ AX, cols+72(FP); \
	JAE bad; \
	IMULQ R13, AX; \
	BCAST; \
	ACC(FMAOP); \
	INCQ CX; \
	CMPQ CX, DX; \
	JLT nz; \
finish: \
	MUL(MULOP); \
	TESTQ $1, BX; \
	JZ stores; \
	BETA(FMAOP); \
stores: \
	TESTQ $2, BX; \
	JNZ ntstores; \
	STORE(STOP); \
	JMP next; \
ntstores: \
	STORE(NTOP); \
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
	BADROW(rows+40(FP), ret+104(FP))

// SPMMDELTA is SPMM for delta(b) rows (spmm_delta.go): IDX loads a gap,
// not a column. Each row's column starts at -1 in R15 and moves on by the
// gap plus one; a gap above limit (unsigned, so a negative one too) or a
// column not below cols stops the kernel as a bad column does SPMM, before
// B is read at it. The sums are SPMM's on the decoded columns, the same
// operations in the same order, so C has the bits of SpMM's C.
#define SPMMDELTA(PTR, PSZ, IDX, SCALARS, BCAST, ZERO, ACC, MUL, BETA, STORE, FMAOP, MULOP, STOP, NTOP) \
	SPMMPTRS; \
	MOVQ flags+96(FP), BX; \
	SCALARS; \
	FIRSTROW(PTR); \
row: \
	ROWEND(PTR, PSZ, SI); \
	ZERO; \
	MOVQ $-1, R15; \
	CMPQ CX, DX; \
	JGE finish; \
nz: \
	IDX; \
	CMPQ AX, limit+104(FP); \
	JA bad; \
	LEAQ 1(R15)(AX*1), R15; \
	CMPQ R15, cols+72(FP); \
	JAE bad; \
	MOVQ R15, AX; \
	IMULQ R13, AX; \
	BCAST; \
	ACC(FMAOP); \
	INCQ CX; \
	CMPQ CX, DX; \
	JLT nz; \
finish: \
	MUL(MULOP); \
	TESTQ $1, BX; \
	JZ stores; \
	BETA(FMAOP); \
stores: \
	TESTQ $2, BX; \
	JNZ ntstores; \
	STORE(STOP); \
	JMP next; \
ntstores: \
	STORE(NTOP); \
next: \
	ADDQ $PSZ, R8; \
	ADDQ R14, DI; \
	DECQ R9; \
	JNZ row; \
done: \
	SFENCE; \
	VZEROUPPER; \
	MOVQ $-1, ret+112(FP); \
	RET; \
bad: \
	SFENCE; \
	VZEROUPPER; \
	BADROW(rows+40(FP), ret+112(FP))
