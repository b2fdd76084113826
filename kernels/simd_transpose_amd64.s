#include "textflag.h"

// func transpose64(dst, src unsafe.Pointer, quads, groups, lds, ldd, stream int)
//
// Transposes 4x4 blocks of 8-byte elements: for each of groups column
// groups g (src columns 4g..4g+3, dst rows 4g..4g+3) and each of quads row
// groups q (src rows 4q..4q+3, dst columns 4q..4q+3), the block at src +
// 4q*lds + 32g lands at dst + 4g*ldd + 32q, transposed. Strides are in
// bytes. The shuffles move bits only, so any 8-byte type is served.
// stream&1 stores with non-temporal moves (dst and ldd 32-byte aligned).
TEXT ·transpose64(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ groups+24(FP), R9
	MOVQ lds+32(FP), R10
	MOVQ ldd+40(FP), R11
	LEAQ (R10)(R10*2), R12 // 3*lds
	LEAQ (R11)(R11*2), R13 // 3*ldd
	TESTQ R9, R9
	JZ done

group:
	MOVQ SI, AX // src cursor down the rows
	MOVQ DI, BX // dst cursor along the row
	MOVQ quads+16(FP), CX
	TESTQ CX, CX
	JZ nextgroup

quad:
	// Each source row is a stream of its own: more than the hardware
	// prefetchers follow, so fetch eight lines ahead by hand.
	PREFETCHT0 512(AX)
	PREFETCHT0 512(AX)(R10*1)
	PREFETCHT0 512(AX)(R10*2)
	PREFETCHT0 512(AX)(R12*1)
	VMOVUPD (AX), Y0
	VMOVUPD (AX)(R10*1), Y1
	VMOVUPD (AX)(R10*2), Y2
	VMOVUPD (AX)(R12*1), Y3
	VUNPCKLPD Y1, Y0, Y4 // r0c0 r1c0 | r0c2 r1c2
	VUNPCKHPD Y1, Y0, Y5 // r0c1 r1c1 | r0c3 r1c3
	VUNPCKLPD Y3, Y2, Y6 // r2c0 r3c0 | r2c2 r3c2
	VUNPCKHPD Y3, Y2, Y7 // r2c1 r3c1 | r2c3 r3c3
	VPERM2F128 $0x20, Y6, Y4, Y0
	VPERM2F128 $0x20, Y7, Y5, Y1
	VPERM2F128 $0x31, Y6, Y4, Y2
	VPERM2F128 $0x31, Y7, Y5, Y3
	TESTQ $1, stream+48(FP)
	JNZ nt
	VMOVUPD Y0, (BX)
	VMOVUPD Y1, (BX)(R11*1)
	VMOVUPD Y2, (BX)(R11*2)
	VMOVUPD Y3, (BX)(R13*1)
	JMP stored
nt:
	VMOVNTPD Y0, (BX)
	VMOVNTPD Y1, (BX)(R11*1)
	VMOVNTPD Y2, (BX)(R11*2)
	VMOVNTPD Y3, (BX)(R13*1)
stored:
	LEAQ (AX)(R10*4), AX
	ADDQ $32, BX
	DECQ CX
	JNZ quad

nextgroup:
	ADDQ $32, SI
	LEAQ (DI)(R11*4), DI
	DECQ R9
	JNZ group

done:
	SFENCE
	VZEROUPPER
	RET
