#include "textflag.h"
#include "rowkernel_amd64.h"

// Row-group kernels of float64 mv (see simd_rowpairs_amd64.go), groups of
// two rows (XMM registers) or four (YMM): for each group g of s rows (R9
// of them), over its stored columns k = ptr[g] .. ptr[g+1]-1 (CX .. DX),
//
//	[s0 .. s(s-1)] += [x[idx[k]] ..] * [val[s*k] .. val[s*k+s-1]]
//
// one multiply then one add of the column's s values (the group's rows in
// one register, each row summed from zero in storage order: the bits of
// the Go loops of RowPairsRun and RowGroupsRun), then y[s*g ..] = the sums,
// plus their old values where flags&1. R11 walks the values (8*s bytes a
// stored column). A column index outside [0, cols) or a pointer that
// decreases or passes end stops the kernel and returns the offending group
// (relative to the range); -1 means done.

#define IDX32(off, i, r) MOVLQSX off(R10)(i*4), r
#define IDX64(off, i, r) MOVQ off(R10)(i*8), r

// x[AX] into every lane of an XMM (pairs) or YMM (fours) register.
#define BCAST2(r) VMOVDDUP (R12)(AX*8), r
#define BCAST4(r) VBROADCASTSD (R12)(AX*8), r

// GROUPCOL adds column CX+OFF/ISZ's products (its values VOFF bytes past
// R11) into ACC, through T.
#define GROUPCOL(IDX, OFF, BCAST, VOFF, T, ACC) \
	COLIDX(IDX, OFF, AX); \
	BCAST(T); \
	VMULPD VOFF(R11), T, T; \
	VADDPD T, ACC, ACC

// GROUPPREFETCH prefetches the values and column indices (ISZ bytes each)
// ahead of a group's first (R11, CX), as SPMVPREFETCH does for CSR's rows:
// two lines of values 4 KB on (a stencil's pair stores some 128 bytes of
// them) and the indices 256 entries on.
#define GROUPPREFETCH(ISZ) \
	PREFETCHT0 4096(R11); \
	PREFETCHT0 4160(R11); \
	PREFETCHT0 256*ISZ(R10)(CX*ISZ)

// ROWGROUPS is the kernel for groups of VSZ/8 rows (VSZ = 1 << VSH bytes of
// values a column), its sums in ACC (X0 or Y0) through T1 and T2.
#define ROWGROUPS(PTR, PSZ, IDX, ISZ, BCAST, VSZ, VSH, ACC, T1, T2) \
	SPMVPTRS; \
	MOVQ flags+64(FP), BX; \
	FIRSTROW(PTR); \
	MOVQ CX, AX; \
	SHLQ $VSH, AX; \
	ADDQ AX, R11; \
row: \
	ROWEND(PTR, PSZ, SI); \
	VXORPD X0, X0, X0; \
	GROUPPREFETCH(ISZ); \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JGT single; \
two: \
	GROUPCOL(IDX, 0, BCAST, 0, T1, ACC); \
	GROUPCOL(IDX, ISZ, BCAST, VSZ, T2, ACC); \
	ADDQ $2, CX; \
	ADDQ $(2*VSZ), R11; \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JLE two; \
single: \
	CMPQ CX, DX; \
	JGE finish; \
	GROUPCOL(IDX, 0, BCAST, 0, T1, ACC); \
	INCQ CX; \
	ADDQ $VSZ, R11; \
finish: \
	TESTQ $1, BX; \
	JZ store; \
	VADDPD (DI), ACC, ACC; \
store: \
	VMOVUPD ACC, (DI); \
	ADDQ $PSZ, R8; \
	ADDQ $VSZ, DI; \
	DECQ R9; \
	JNZ row; \
	ROWTAIL(rows+40(FP), ret+72(FP))

// func rowPairsF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int
TEXT ·rowPairsF64I32(SB), NOSPLIT, $0-80
	ROWGROUPS(PTR32, 4, IDX32, 4, BCAST2, 16, 4, X0, X1, X2)

// func rowPairsF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int
TEXT ·rowPairsF64I64(SB), NOSPLIT, $0-80
	ROWGROUPS(PTR64, 8, IDX64, 8, BCAST2, 16, 4, X0, X1, X2)

// func rowFoursF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int
TEXT ·rowFoursF64I32(SB), NOSPLIT, $0-80
	ROWGROUPS(PTR32, 4, IDX32, 4, BCAST4, 32, 5, Y0, Y1, Y2)

// func rowFoursF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int
TEXT ·rowFoursF64I64(SB), NOSPLIT, $0-80
	ROWGROUPS(PTR64, 8, IDX64, 8, BCAST4, 32, 5, Y0, Y1, Y2)
