#include "textflag.h"
#include "rowkernel_amd64.h"

// AVX-512 row kernels of float64 SpMV (see simd_spmv512_amd64.go): the
// arguments, flags and checks of the kernels of simd_spmv_amd64.s, but each
// row is taken eight entries at a time under a lane mask (a masked load of
// the indices and values, a masked gather of x, one FMA), so that a row of
// up to eight entries, empty rows included, is one pass with no branch that
// depends on its length. Rows of varying length (a graph) otherwise
// mispredict the exits of the unrolled and remainder loops at most rows,
// and each misprediction throws away the gathers in flight.


// The columns of the lanes (Y2 or Z2), zero in the lanes off the mask.
#define LOAD32 VMOVDQU32.Z (R10)(CX*4), K1, Y2
#define LOAD64 VMOVDQU64.Z (R10)(CX*8), K1, Z2

// K2: the lanes of K1 whose column is not below cols (unsigned, so a
// negative one too), against cols broadcast in Z13.
#define CMP32 VPCMPUD $5, Y13, Y2, K1, K2
#define CMP64 VPCMPUQ $5, Z13, Z2, K1, K2

// Z4 = x at the columns of the lanes of K3 (K3 is cleared).
#define GATHER32 VGATHERDPD (R12)(Y2*8), K3, Z4
#define GATHER64 VGATHERQPD (R12)(Z2*8), K3, Z4

// cols for the unsigned compares: int32 columns are compared with
// min(cols, 2^31), which every valid column is below.
#define BCAST32 \
	MOVQ $0x80000000, AX; \
	CMPQ R13, AX; \
	CMOVQLT R13, AX; \
	VPBROADCASTD AX, Z13
#define BCAST64 VPBROADCASTQ R13, Z13

#define SPMVZ(PTR, PSZ, ISZ, BCAST, LOAD, CMP, GATHER) \
	SPMVARGS; \
	BCAST; \
	FIRSTROW(PTR); \
row: \
	ROWEND(PTR, PSZ, SI); \
	VPXORQ Z0, Z0, Z0; \
	SPMVPREFETCH(ISZ); \
lanes: \
	MOVQ DX, AX; \
	SUBQ CX, AX; \
	MOVQ $8, R14; \
	CMPQ AX, R14; \
	CMOVQGT R14, AX; \
	MOVQ $0xff, R14; \
	BZHIQ AX, R14, R14; \
	KMOVW R14, K1; \
	LOAD; \
	CMP; \
	KORTESTW K2, K2; \
	JNZ bad; \
	VMOVUPD.Z (R11)(CX*8), K1, Z3; \
	KMOVW K1, K3; \
	VPXORQ Z4, Z4, Z4; \
	GATHER; \
	VFMADD231PD Z3, Z4, Z0; \
	ADDQ AX, CX; \
	CMPQ CX, DX; \
	JLT lanes; \
	VEXTRACTF64X4 $1, Z0, Y1; \
	VADDPD Y1, Y0, Y0; \
	VEXTRACTF128 $1, Y0, X1; \
	VADDPD X1, X0, X0; \
	VPERMILPD $1, X0, X1; \
	VADDSD X1, X0, X0; \
	SPMVNEXT(PSZ); \
ROWTAIL(rows+40(FP), ret+88(FP))

// func spmvF64Z8I32(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·spmvF64Z8I32(SB), NOSPLIT, $0-96
	SPMVZ(PTR32, 4, 4, BCAST32, LOAD32, CMP32, GATHER32)

// func spmvF64Z8I64(ptr, idx, val, x, y unsafe.Pointer, rows, end, cols int, alpha, beta float64, flags int) int
TEXT ·spmvF64Z8I64(SB), NOSPLIT, $0-96
	SPMVZ(PTR64, 8, 8, BCAST64, LOAD64, CMP64, GATHER64)
