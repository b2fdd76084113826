#include "textflag.h"

// The AVX-512 loops of SumColumnsFloat64 and SumRowsFloat64: every lane
// folds its own column (row) in ascending order, one rounded add (and,
// for squares, one rounded multiply first) per element, as the Go loops.

// ADDCOL adds the eight values at BX+off into ACC; SQCOL adds their
// squares (each rounded, then added).
#define ADDCOL(off, ACC) \
	VMOVUPD off(BX), Z8 \
	VADDPD Z8, ACC, ACC

#define SQCOL(off, ACC) \
	VMOVUPD off(BX), Z8 \
	VMULPD Z8, Z8, Z8 \
	VADDPD Z8, ACC, ACC

// func sumColsF64x8(a, x *float64, w, rows, stride, sq int)
TEXT ·sumColsF64x8(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ w+16(FP), CX
	MOVQ rows+24(FP), R8
	MOVQ stride+32(FP), R9
	SHLQ $3, R9
	MOVQ sq+40(FP), R10
	XORQ DX, DX

cols32:
	LEAQ 32(DX), AX
	CMPQ AX, CX
	JG   cols8
	VMOVUPD (DI)(DX*8), Z0
	VMOVUPD 64(DI)(DX*8), Z1
	VMOVUPD 128(DI)(DX*8), Z2
	VMOVUPD 192(DI)(DX*8), Z3
	LEAQ (SI)(DX*8), BX
	MOVQ R8, R11
	TESTQ R10, R10
	JNZ  sq32

add32:
	ADDCOL(0, Z0)
	ADDCOL(64, Z1)
	ADDCOL(128, Z2)
	ADDCOL(192, Z3)
	ADDQ R9, BX
	DECQ R11
	JNZ  add32
	JMP  store32

sq32:
	SQCOL(0, Z0)
	SQCOL(64, Z1)
	SQCOL(128, Z2)
	SQCOL(192, Z3)
	ADDQ R9, BX
	DECQ R11
	JNZ  sq32

store32:
	VMOVUPD Z0, (DI)(DX*8)
	VMOVUPD Z1, 64(DI)(DX*8)
	VMOVUPD Z2, 128(DI)(DX*8)
	VMOVUPD Z3, 192(DI)(DX*8)
	ADDQ $32, DX
	JMP  cols32

cols8:
	CMPQ DX, CX
	JGE  done
	VMOVUPD (DI)(DX*8), Z0
	LEAQ (SI)(DX*8), BX
	MOVQ R8, R11
	TESTQ R10, R10
	JNZ  sq8

add8:
	ADDCOL(0, Z0)
	ADDQ R9, BX
	DECQ R11
	JNZ  add8
	JMP  store8

sq8:
	SQCOL(0, Z0)
	ADDQ R9, BX
	DECQ R11
	JNZ  sq8

store8:
	VMOVUPD Z0, (DI)(DX*8)
	ADDQ $8, DX
	JMP  cols8

done:
	VZEROUPPER
	RET

// func sumRowsF64x8(a, x *float64, idx *[8]int64, n, rn, sq int)
TEXT ·sumRowsF64x8(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ idx+16(FP), AX
	VMOVDQU64 (AX), Z7
	MOVQ n+24(FP), CX
	MOVQ rn+32(FP), R8
	MOVQ sq+40(FP), R10
	MOVQ R8, R9
	SHLQ $6, R9 // eight rows' bytes
	XORQ DX, DX

rows:
	CMPQ DX, CX
	JGE  rdone
	VPXORQ Z0, Z0, Z0
	MOVQ SI, BX
	MOVQ R8, R11
	TESTQ R10, R10
	JNZ  rsq

radd:
	KXNORW K1, K1, K1
	VGATHERQPD (BX)(Z7*8), K1, Z1
	VADDPD Z1, Z0, Z0
	ADDQ $8, BX
	DECQ R11
	JNZ  radd
	JMP  rstore

rsq:
	KXNORW K1, K1, K1
	VGATHERQPD (BX)(Z7*8), K1, Z1
	VMULPD Z1, Z1, Z1
	VADDPD Z1, Z0, Z0
	ADDQ $8, BX
	DECQ R11
	JNZ  rsq

rstore:
	VMOVUPD Z0, (DI)(DX*8)
	ADDQ R9, SI
	ADDQ $8, DX
	JMP  rows

rdone:
	VZEROUPPER
	RET
