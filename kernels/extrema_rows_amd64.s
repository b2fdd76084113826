#include "textflag.h"

// The AVX-512 loops of ExtremaRowsFloat64 and ExtremaRowsFloat32: lane j
// folds row k+j from init in ascending column order, m = b when b > m
// (amax; b < m for amin) or b is NaN, the Go fold's bits: VMAXPD (VMINPD)
// with b first returns m on a tie (-0 and +0 included) and on a NaN, and
// the masked move then takes a NaN b, so a NaN m sticks until a later NaN.

// FOLD folds the gathered values Z1 into the running extrema Z0 with OP
// (VMAXPD or VMINPD).
#define FOLD(OP) \
	OP Z0, Z1, Z0 \
	VCMPPD $3, Z1, Z1, K2 \
	VMOVAPD Z1, K2, Z0

// func extremaRowsF64x8(a, x *float64, idx *[8]int64, n, rn, mode int, init float64)
TEXT ·extremaRowsF64x8(SB), NOSPLIT, $0-56
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ idx+16(FP), AX
	VMOVDQU64 (AX), Z7
	MOVQ n+24(FP), CX
	MOVQ rn+32(FP), R8
	MOVQ mode+40(FP), R10
	VBROADCASTSD init+48(FP), Z6
	MOVQ R8, R9
	SHLQ $6, R9 // eight rows' bytes
	XORQ DX, DX
	TESTQ R10, R10
	JNZ  min64

max64:
	CMPQ DX, CX
	JGE  done64
	VMOVAPD Z6, Z0
	MOVQ SI, BX
	MOVQ R8, R11

max64col:
	KXNORW K1, K1, K1
	VGATHERQPD (BX)(Z7*8), K1, Z1
	FOLD(VMAXPD)
	ADDQ $8, BX
	DECQ R11
	JNZ  max64col
	VMOVUPD Z0, (DI)(DX*8)
	ADDQ R9, SI
	ADDQ $8, DX
	JMP  max64

min64:
	CMPQ DX, CX
	JGE  done64
	VMOVAPD Z6, Z0
	MOVQ SI, BX
	MOVQ R8, R11

min64col:
	KXNORW K1, K1, K1
	VGATHERQPD (BX)(Z7*8), K1, Z1
	FOLD(VMINPD)
	ADDQ $8, BX
	DECQ R11
	JNZ  min64col
	VMOVUPD Z0, (DI)(DX*8)
	ADDQ R9, SI
	ADDQ $8, DX
	JMP  min64

done64:
	VZEROUPPER
	RET

// func extremaRowsF32x8(a *float64, x *float32, idx *[8]int64, n, rn, mode int, init float64)
TEXT ·extremaRowsF32x8(SB), NOSPLIT, $0-56
	MOVQ a+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ idx+16(FP), AX
	VMOVDQU64 (AX), Z7
	MOVQ n+24(FP), CX
	MOVQ rn+32(FP), R8
	MOVQ mode+40(FP), R10
	VBROADCASTSD init+48(FP), Z6
	MOVQ R8, R9
	SHLQ $5, R9 // eight rows' bytes
	XORQ DX, DX
	TESTQ R10, R10
	JNZ  min32

max32:
	CMPQ DX, CX
	JGE  done32
	VMOVAPD Z6, Z0
	MOVQ SI, BX
	MOVQ R8, R11

max32col:
	KXNORW K1, K1, K1
	VGATHERQPS (BX)(Z7*4), K1, Y1
	VCVTPS2PD Y1, Z1
	FOLD(VMAXPD)
	ADDQ $4, BX
	DECQ R11
	JNZ  max32col
	VMOVUPD Z0, (DI)(DX*8)
	ADDQ R9, SI
	ADDQ $8, DX
	JMP  max32

min32:
	CMPQ DX, CX
	JGE  done32
	VMOVAPD Z6, Z0
	MOVQ SI, BX
	MOVQ R8, R11

min32col:
	KXNORW K1, K1, K1
	VGATHERQPS (BX)(Z7*4), K1, Y1
	VCVTPS2PD Y1, Z1
	FOLD(VMINPD)
	ADDQ $4, BX
	DECQ R11
	JNZ  min32col
	VMOVUPD Z0, (DI)(DX*8)
	ADDQ R9, SI
	ADDQ $8, DX
	JMP  min32

done32:
	VZEROUPPER
	RET
