#include "textflag.h"
#include "rowkernel_amd64.h"

// Row kernels of float64 SpMV (see simd_spmv_amd64.go): for each row r of a
// row range,
//
//	y[r] = alpha * sum_t val[t] * x[idx[t]] (+ beta * y[r] if flags&1)
//
// with two FMA accumulators over a loop unrolled four times (on the 5-point
// Laplacian, best of interleaved runs 4.6 against 4.8 ms single-threaded on
// 1M rows; equal on a 100-row matrix), no bounds checks of Go's, and a software
// prefetch of the values and indices ahead at each row (SPMVPREFETCH; with
// a distance of some 20 rows, on the 20M-nonzero Laplacian, medians of ten
// runs 19.0 against 21.9 ms without, two goroutines; streaming stores of y were slower, 18.1 against 16.0 ms
// best: single 8-byte non-temporal stores fill no line at once): a column
// index outside [0, cols) or a row pointer that decreases or passes end
// stops the kernel and returns the offending row (relative to the range);
// -1 means done.

#define IDX32(off, i, r) MOVLQSX off(R10)(i*4), r
#define IDX64(off, i, r) MOVQ off(R10)(i*8), r

#define SPMV(PTR, PSZ, IDX, ISZ) \
	SPMVARGS; \
	FIRSTROW(PTR); \
row: \
	ROWEND(PTR, PSZ, SI); \
	VXORPD X0, X0, X0; \
	VXORPD X1, X1, X1; \
	SPMVPREFETCH(ISZ); \
	LEAQ 4(CX), AX; \
	CMPQ AX, DX; \
	JGT single; \
quad: \
	COLIDX(IDX, 0, AX); \
	COLIDX(IDX, ISZ, R14); \
	VMOVSD (R11)(CX*8), X2; \
	VFMADD231SD (R12)(AX*8), X2, X0; \
	VMOVSD 8(R11)(CX*8), X3; \
	VFMADD231SD (R12)(R14*8), X3, X1; \
	COLIDX(IDX, 2*ISZ, AX); \
	COLIDX(IDX, 3*ISZ, R14); \
	VMOVSD 16(R11)(CX*8), X2; \
	VFMADD231SD (R12)(AX*8), X2, X0; \
	VMOVSD 24(R11)(CX*8), X3; \
	VFMADD231SD (R12)(R14*8), X3, X1; \
	ADDQ $4, CX; \
	LEAQ 4(CX), AX; \
	CMPQ AX, DX; \
	JLE quad; \
single: \
	CMPQ CX, DX; \
	JGE finish; \
	COLIDX(IDX, 0, AX); \
	VMOVSD (R11)(CX*8), X2; \
	VFMADD231SD (R12)(AX*8), X2, X0; \
	INCQ CX; \
	JMP single; \
finish: \
	VADDSD X1, X0, X0; \
	SPMVNEXT(PSZ); \
done: \
	MOVQ $-1, ret+88(FP); \
	RET; \
bad: \
	BADROW(rows+40(FP), ret+88(FP))

// func spmvF64I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·spmvF64I32(SB), NOSPLIT, $0-96
	SPMV(PTR32, 4, IDX32, 4)

// func spmvF64I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·spmvF64I64(SB), NOSPLIT, $0-96
	SPMV(PTR64, 8, IDX64, 8)
