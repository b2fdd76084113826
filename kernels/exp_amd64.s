#include "textflag.h"
#include "map4_amd64.h"

// OCT8 stores val in the eight float64 lanes at sym+off (a 512-bit
// operation reads them whole, a 256-bit one the first four).
#define OCT8(sym, off, val) \
	QUAD4(sym, off, val); \
	QUAD4(sym, off+32, val)

// Exp of four float64 lanes at a time (AVX2 and FMA) and of eight
// (AVX-512), bit for bit ExpFloat64 (exp_scalar.go): the same constants
// and the same sequence of roundings, fused where it fuses. Only lanes
// with -708 <= x <= 709 take it, where 2^k is a normal number; a group
// with any other lane (NaN, +-Inf, overflow, underflow to subnormal or
// zero) stops the loop and is left to ExpFloat64 itself (exp_amd64.go).

OCT8(expconst<>, 0, $1.44269504088896338700e+00)
#define LOG2E expconst<>+0(SB)
OCT8(expconst<>, 64, $6.93147180369123816490e-01)
#define LN2HI expconst<>+64(SB)
OCT8(expconst<>, 128, $1.90821492927058770002e-10)
#define LN2LO expconst<>+128(SB)
OCT8(expconst<>, 192, $1.6059043836821613e-10)
#define C13 expconst<>+192(SB)
OCT8(expconst<>, 256, $2.08767569878681e-09)
#define C12 expconst<>+256(SB)
OCT8(expconst<>, 320, $2.505210838544172e-08)
#define C11 expconst<>+320(SB)
OCT8(expconst<>, 384, $2.755731922398589e-07)
#define C10 expconst<>+384(SB)
OCT8(expconst<>, 448, $2.7557319223985893e-06)
#define C9 expconst<>+448(SB)
OCT8(expconst<>, 512, $2.48015873015873e-05)
#define C8 expconst<>+512(SB)
OCT8(expconst<>, 576, $0.0001984126984126984)
#define C7 expconst<>+576(SB)
OCT8(expconst<>, 640, $0.001388888888888889)
#define C6 expconst<>+640(SB)
OCT8(expconst<>, 704, $0.008333333333333333)
#define C5 expconst<>+704(SB)
OCT8(expconst<>, 768, $0.041666666666666664)
#define C4 expconst<>+768(SB)
OCT8(expconst<>, 832, $0.16666666666666666)
#define C3 expconst<>+832(SB)
OCT8(expconst<>, 896, $0.5)
#define C2 expconst<>+896(SB)
OCT8(expconst<>, 960, $1.0)
#define ONE expconst<>+960(SB)
OCT8(expconst<>, 1024, $-708.0)
#define LO expconst<>+1024(SB)
OCT8(expconst<>, 1088, $709.0)
#define HI expconst<>+1088(SB)
OCT8(expconst<>, 1152, $4503599627371519.0)
#define SHIFT expconst<>+1152(SB)
GLOBL expconst<>(SB), RODATA|NOPTR, $1216

// EXPN sets R0 to exp of R0 (every lane in [-708, 709]) with registers
// R1-R6 of one width (Y: ROUND is VROUNDPD; Z: VRNDSCALEPD): k =
// round(x log2e); rh = x - k ln2hi (exact); c = k ln2lo; r = rh - c; dr =
// (rh - r) - c; p by Horner; s = r^2 p + (dr r + dr); y = (1 + r) +
// (((1 - (1 + r)) + r) + s); times 2^k, whose bits are those of k + 2^52 +
// 1023 shifted left 52.
#define EXPN(ROUND, R0, R1, R2, R3, R4, R5, R6) \
	VMULPD LOG2E, R0, R1 \
	ROUND $0, R1, R1 \
	VMOVAPD R0, R2 \
	VFNMADD231PD LN2HI, R1, R2 \
	VMULPD LN2LO, R1, R3 \
	VSUBPD R3, R2, R4 \
	VSUBPD R4, R2, R2 \
	VSUBPD R3, R2, R2 \
	VMOVUPD C13, R3 \
	VFMADD213PD C12, R4, R3 \
	VFMADD213PD C11, R4, R3 \
	VFMADD213PD C10, R4, R3 \
	VFMADD213PD C9, R4, R3 \
	VFMADD213PD C8, R4, R3 \
	VFMADD213PD C7, R4, R3 \
	VFMADD213PD C6, R4, R3 \
	VFMADD213PD C5, R4, R3 \
	VFMADD213PD C4, R4, R3 \
	VFMADD213PD C3, R4, R3 \
	VFMADD213PD C2, R4, R3 \
	VFMADD213PD R2, R4, R2 \
	VMULPD R4, R4, R5 \
	VFMADD213PD R2, R5, R3 \
	VADDPD ONE, R4, R5 \
	VMOVUPD ONE, R6 \
	VSUBPD R5, R6, R6 \
	VADDPD R4, R6, R6 \
	VADDPD R3, R6, R6 \
	VADDPD R6, R5, R0 \
	VADDPD SHIFT, R1, R1 \
	VPSLLQ $52, R1, R1 \
	VMULPD R1, R0, R0

#define EXP4 EXPN(VROUNDPD, Y0, Y1, Y2, Y3, Y4, Y5, Y6)
#define EXP8 EXPN(VRNDSCALEPD, Z0, Z1, Z2, Z3, Z4, Z5, Z6)

// INRANGE sets AX to 15 when every lane of Y0 is in [-708, 709] (false
// for NaN); it uses Y1 and Y2.
#define INRANGE \
	VCMPPD $0x1D, LO, Y0, Y1 \
	VCMPPD $0x12, HI, Y0, Y2 \
	VANDPD Y1, Y2, Y1 \
	VMOVMSKPD Y1, AX

// INRANGE8 sets AX to 255 when every lane of Z0 is in [-708, 709].
#define INRANGE8 \
	VCMPPD $0x1D, LO, Z0, K1 \
	VCMPPD $0x12, HI, Z0, K1, K1 \
	KMOVW K1, AX

// func expF64x4(dst, src *float64, n int) int
//
// dst[i] = ExpFloat64(src[i]) for i < n (a multiple of 4), four at a time,
// up to the first group of four with a lane out of [-708, 709]; returns
// how many it wrote.
TEXT ·expF64x4(SB), NOSPLIT, $0-32
	MAP4F64(INRANGE, EXP4)

// func expF32x4(dst, src *float32, n int) int
//
// dst[i] = float32(ExpFloat64(float64(src[i]))) for i < n (a multiple of
// 4), as expF64x4 does on the widened values, then narrowed.
TEXT ·expF32x4(SB), NOSPLIT, $0-32
	MAP4F32(INRANGE, EXP4)

// MAP8 is MAP4 eight lanes at a time (n a multiple of 8) with Z0.
#define MAP8(LOAD, STORE) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	XORQ DX, DX; \
loop: \
	CMPQ DX, CX; \
	JGE done; \
	LOAD; \
	INRANGE8; \
	CMPQ AX, $255; \
	JNE done; \
	EXP8; \
	STORE; \
	ADDQ $8, DX; \
	JMP loop; \
done: \
	MOVQ DX, ret+24(FP); \
	VZEROUPPER; \
	RET

// The loads and stores of MAP8 for float64 and float32 (widened, narrowed).
#define LOAD8F64 VMOVUPD (SI)(DX*8), Z0
#define STORE8F64 VMOVUPD Z0, (DI)(DX*8)
#define LOAD8F32 VCVTPS2PD (SI)(DX*4), Z0
#define STORE8F32 VCVTPD2PS Z0, Y0; VMOVUPS Y0, (DI)(DX*4)

// func expF64x8(dst, src *float64, n int) int
//
// expF64x4 eight lanes at a time (AVX-512), n a multiple of 8.
TEXT ·expF64x8(SB), NOSPLIT, $0-32
	MAP8(LOAD8F64, STORE8F64)

// func expF32x8(dst, src *float32, n int) int
//
// expF32x4 eight lanes at a time (AVX-512), n a multiple of 8.
TEXT ·expF32x8(SB), NOSPLIT, $0-32
	MAP8(LOAD8F32, STORE8F32)
