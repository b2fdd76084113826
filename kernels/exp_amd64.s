#include "textflag.h"
#include "map4_amd64.h"

// Exp of four float64 lanes at a time (AVX2 and FMA), bit for bit Go's
// math.Exp on amd64 with FMA: the same method (Shibata, ISC 2010: x =
// k ln2 + r, r reduced by 16, a Taylor polynomial, four squarings of
// (1 + r)), the same constants and the same sequence of roundings, fused
// where math.Exp fuses. Only lanes with -708 <= x <= 709 take it, where
// 2^k is a normal number; a group of four with any other lane (NaN, +-Inf,
// overflow, underflow to subnormal or zero) stops the loop and is left to
// math.Exp itself (exp_amd64.go).

QUAD4(expconst<>, 0, $1.4426950408889634073599246810018920)
#define LOG2E expconst<>+0(SB)
QUAD4(expconst<>, 32, $0.69314718055966295651160180568695068359375)
#define LN2U expconst<>+32(SB)
QUAD4(expconst<>, 64, $0.28235290563031577122588448175013436025525412068e-12)
#define LN2L expconst<>+64(SB)
QUAD4(expconst<>, 96, $0.0625)
#define SIXTEENTH expconst<>+96(SB)
QUAD4(expconst<>, 128, $2.4801587301587301587e-5)
#define C8 expconst<>+128(SB)
QUAD4(expconst<>, 160, $1.9841269841269841270e-4)
#define C7 expconst<>+160(SB)
QUAD4(expconst<>, 192, $1.3888888888888888889e-3)
#define C6 expconst<>+192(SB)
QUAD4(expconst<>, 224, $8.3333333333333333333e-3)
#define C5 expconst<>+224(SB)
QUAD4(expconst<>, 256, $4.1666666666666666667e-2)
#define C4 expconst<>+256(SB)
QUAD4(expconst<>, 288, $1.6666666666666666667e-1)
#define C3 expconst<>+288(SB)
QUAD4(expconst<>, 320, $0.5)
#define HALF expconst<>+320(SB)
QUAD4(expconst<>, 352, $1.0)
#define ONE expconst<>+352(SB)
QUAD4(expconst<>, 384, $2.0)
#define TWO expconst<>+384(SB)
QUAD4(expconst<>, 416, $-708.0)
#define LO expconst<>+416(SB)
QUAD4(expconst<>, 448, $709.0)
#define HI expconst<>+448(SB)
QUAD4(expconst<>, 480, $1023)
#define BIAS expconst<>+480(SB)
GLOBL expconst<>(SB), RODATA|NOPTR, $512

// EXP4 sets Y0 to exp of Y0 (four lanes, all in [-708, 709]); it uses
// Y1-Y3 and X2.
#define EXP4 \
	VMULPD LOG2E, Y0, Y1 \
	VCVTPD2DQY Y1, X2 \
	VCVTDQ2PD X2, Y1 \
	VFNMADD231PD LN2U, Y1, Y0 \
	VFNMADD231PD LN2L, Y1, Y0 \
	VMULPD SIXTEENTH, Y0, Y0 \
	VMOVUPD C8, Y1 \
	VFMADD213PD C7, Y0, Y1 \
	VFMADD213PD C6, Y0, Y1 \
	VFMADD213PD C5, Y0, Y1 \
	VFMADD213PD C4, Y0, Y1 \
	VFMADD213PD C3, Y0, Y1 \
	VFMADD213PD HALF, Y0, Y1 \
	VFMADD213PD ONE, Y0, Y1 \
	VMULPD Y1, Y0, Y0 \
	VADDPD TWO, Y0, Y1 \
	VMULPD Y1, Y0, Y0 \
	VADDPD TWO, Y0, Y1 \
	VMULPD Y1, Y0, Y0 \
	VADDPD TWO, Y0, Y1 \
	VMULPD Y1, Y0, Y0 \
	VADDPD TWO, Y0, Y1 \
	VFMADD213PD ONE, Y1, Y0 \
	VPMOVSXDQ X2, Y3 \
	VPADDQ BIAS, Y3, Y3 \
	VPSLLQ $52, Y3, Y3 \
	VMULPD Y3, Y0, Y0

// INRANGE sets AX to 15 when every lane of Y0 is in [-708, 709] (false
// for NaN); it uses Y1 and Y2.
#define INRANGE \
	VCMPPD $0x1D, LO, Y0, Y1 \
	VCMPPD $0x12, HI, Y0, Y2 \
	VANDPD Y1, Y2, Y1 \
	VMOVMSKPD Y1, AX

// func expF64x4(dst, src *float64, n int) int
//
// dst[i] = math.Exp(src[i]) for i < n (a multiple of 4), four at a time,
// up to the first group of four with a lane out of [-708, 709]; returns
// how many it wrote.
TEXT ·expF64x4(SB), NOSPLIT, $0-32
	MAP4F64(INRANGE, EXP4)

// func expF32x4(dst, src *float32, n int) int
//
// dst[i] = float32(math.Exp(float64(src[i]))) for i < n (a multiple of 4),
// as expF64x4 does on the widened values, then narrowed.
TEXT ·expF32x4(SB), NOSPLIT, $0-32
	MAP4F32(INRANGE, EXP4)
