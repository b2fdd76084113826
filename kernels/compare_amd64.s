#include "textflag.h"

// The comparisons of VecCompare64 and VecCompare32, eight values a step
// (AVX2): VCMPPD/VCMPPS with the predicate of Go's operator (ordered, so a
// NaN compares false; NEQ unordered, so x != NaN is true), the sign bits
// of the lanes gathered by VMOVMSKPD/VMOVMSKPS into eight bits, and PDEP
// with 0x0101010101010101 spreading bit j to byte j (0 or 1), stored as
// one quadword. n is a multiple of 8. DI = z, SI = x, BX = y, CX = n,
// DX the index, R8 the spreading mask.

// Predicates (imm8 of VCMPPD): EQ_OQ, NEQ_UQ, LT_OS, LE_OS, GT_OS, GE_OS.
#define PEQ $0x00
#define PNE $0x04
#define PLT $0x01
#define PLE $0x02
#define PGT $0x0E
#define PGE $0x0D

// CLOOP64 compares two groups of four float64 a step.
#define CLOOP64(label, P) \
label: \
	CMPQ DX, CX; \
	JGE done; \
	VMOVUPD (SI)(DX*8), Y0; \
	VMOVUPD 32(SI)(DX*8), Y1; \
	VCMPPD P, (BX)(DX*8), Y0, Y0; \
	VCMPPD P, 32(BX)(DX*8), Y1, Y1; \
	VMOVMSKPD Y0, AX; \
	VMOVMSKPD Y1, R9; \
	SHLQ $4, R9; \
	ORQ R9, AX; \
	PDEPQ R8, AX, AX; \
	MOVQ AX, (DI)(DX*1); \
	ADDQ $8, DX; \
	JMP label

// CLOOP32 compares one group of eight float32 a step.
#define CLOOP32(label, P) \
label: \
	CMPQ DX, CX; \
	JGE done; \
	VMOVUPS (SI)(DX*4), Y0; \
	VCMPPS P, (BX)(DX*4), Y0, Y0; \
	VMOVMSKPS Y0, AX; \
	PDEPQ R8, AX, AX; \
	MOVQ AX, (DI)(DX*1); \
	ADDQ $8, DX; \
	JMP label

// SETUP loads the arguments and jumps to the op's loop (VecEq falls through).
#define SETUP \
	MOVQ op+0(FP), AX; \
	MOVQ z+8(FP), DI; \
	MOVQ x+16(FP), SI; \
	MOVQ y+24(FP), BX; \
	MOVQ n+32(FP), CX; \
	MOVQ $0x0101010101010101, R8; \
	XORQ DX, DX; \
	CMPQ AX, $1; \
	JEQ ne; \
	CMPQ AX, $2; \
	JEQ lt; \
	CMPQ AX, $3; \
	JEQ le; \
	CMPQ AX, $4; \
	JEQ gt; \
	CMPQ AX, $5; \
	JEQ ge

// func vecCompareF64x8(op int, z *byte, x, y *float64, n int)
TEXT ·vecCompareF64x8(SB), NOSPLIT, $0-40
	SETUP
	CLOOP64(eq, PEQ)
	CLOOP64(ne, PNE)
	CLOOP64(lt, PLT)
	CLOOP64(le, PLE)
	CLOOP64(gt, PGT)
	CLOOP64(ge, PGE)
done:
	VZEROUPPER
	RET

// func vecCompareF32x8(op int, z *byte, x, y *float32, n int)
TEXT ·vecCompareF32x8(SB), NOSPLIT, $0-40
	SETUP
	CLOOP32(eq, PEQ)
	CLOOP32(ne, PNE)
	CLOOP32(lt, PLT)
	CLOOP32(le, PLE)
	CLOOP32(gt, PGT)
	CLOOP32(ge, PGE)
done:
	VZEROUPPER
	RET
