#include "textflag.h"
#include "rowkernel_amd64.h"

// Row-pair kernels of float64 mv (see simd_rowpairs_amd64.go): for each
// group g of two rows (R9 of them), over its stored columns k = ptr[g] ..
// ptr[g+1]-1 (CX .. DX),
//
//	[s0 s1] += [x[idx[k]] x[idx[k]]] * [val[2k] val[2k+1]]
//
// one multiply then one add of a 16-byte pair a column (both rows of the
// group in one register, each row summed from zero in storage order: the
// bits of the Go loop of RowPairsRun), then [y[2g] y[2g+1]] = [s0 s1],
// plus their old values where flags&1. R11 walks the value pairs (16 bytes
// a stored column). A column index outside [0, cols) or a pointer that
// decreases or passes end stops the kernel and returns the offending group
// (relative to the range); -1 means done.

#define IDX32(off, i, r) MOVLQSX off(R10)(i*4), r
#define IDX64(off, i, r) MOVQ off(R10)(i*8), r

// PAIRCOL adds column CX+OFF/ISZ's products (its pair at R11+16*OFF/ISZ,
// VOFF bytes) into X0, through T.
#define PAIRCOL(IDX, OFF, VOFF, T) \
	COLIDX(IDX, OFF, AX); \
	VMOVDDUP (R12)(AX*8), T; \
	VMULPD VOFF(R11), T, T; \
	VADDPD T, X0, X0

// PAIRPREFETCH prefetches the value pairs and column indices (ISZ bytes
// each) some 256 stored columns past a group's first (R11, CX), as
// SPMVPREFETCH does for CSR's rows: two lines of pairs, as a group of a
// stencil stores some 128 bytes of them.
#define PAIRPREFETCH(ISZ) \
	PREFETCHT0 4096(R11); \
	PREFETCHT0 4160(R11); \
	PREFETCHT0 256*ISZ(R10)(CX*ISZ)

#define ROWPAIRS(PTR, PSZ, IDX, ISZ) \
	SPMVPTRS; \
	MOVQ flags+64(FP), BX; \
	FIRSTROW(PTR); \
	MOVQ CX, AX; \
	SHLQ $4, AX; \
	ADDQ AX, R11; \
row: \
	ROWEND(PTR, PSZ, SI); \
	VXORPD X0, X0, X0; \
	PAIRPREFETCH(ISZ); \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JGT single; \
two: \
	PAIRCOL(IDX, 0, 0, X1); \
	PAIRCOL(IDX, ISZ, 16, X2); \
	ADDQ $2, CX; \
	ADDQ $32, R11; \
	LEAQ 2(CX), AX; \
	CMPQ AX, DX; \
	JLE two; \
single: \
	CMPQ CX, DX; \
	JGE finish; \
	PAIRCOL(IDX, 0, 0, X1); \
	INCQ CX; \
	ADDQ $16, R11; \
finish: \
	TESTQ $1, BX; \
	JZ store; \
	VADDPD (DI), X0, X0; \
store: \
	VMOVUPD X0, (DI); \
	ADDQ $PSZ, R8; \
	ADDQ $16, DI; \
	DECQ R9; \
	JNZ row; \
	ROWTAIL(rows+40(FP), ret+72(FP))

// func rowPairsF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int
TEXT ·rowPairsF64I32(SB), NOSPLIT, $0-80
	ROWPAIRS(PTR32, 4, IDX32, 4)

// func rowPairsF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols, flags int) int
TEXT ·rowPairsF64I64(SB), NOSPLIT, $0-80
	ROWPAIRS(PTR64, 8, IDX64, 8)
