#include "textflag.h"
#include "map4_amd64.h"

// Log of four float64 lanes at a time (AVX2), bit for bit Go's math.Log
// on amd64: the same method (x = 2^k f with f in (sqrt(2)/2, sqrt(2)],
// s = (f-1)/(f+1), the polynomial in s^2 of fdlibm's log), the same
// constants and the same sequence of roundings (no fused operation, as
// math.Log has none). Only positive normal finite lanes take it; a group
// of four with any other lane (zero, negative, subnormal, +Inf, NaN)
// stops the loop and is left to math.Log itself.

QUAD4(logconst<>, 0, $7.07106781186547524401e-01)
#define HSQRT2 logconst<>+0(SB)
QUAD4(logconst<>, 32, $6.93147180369123816490e-01)
#define LN2HI logconst<>+32(SB)
QUAD4(logconst<>, 64, $1.90821492927058770002e-10)
#define LN2LO logconst<>+64(SB)
QUAD4(logconst<>, 96, $6.666666666666735130e-01)
#define L1 logconst<>+96(SB)
QUAD4(logconst<>, 128, $3.999999999940941908e-01)
#define L2 logconst<>+128(SB)
QUAD4(logconst<>, 160, $2.857142874366239149e-01)
#define L3 logconst<>+160(SB)
QUAD4(logconst<>, 192, $2.222219843214978396e-01)
#define L4 logconst<>+192(SB)
QUAD4(logconst<>, 224, $1.818357216161805012e-01)
#define L5 logconst<>+224(SB)
QUAD4(logconst<>, 256, $1.531383769920937332e-01)
#define L6 logconst<>+256(SB)
QUAD4(logconst<>, 288, $1.479819860511658591e-01)
#define L7 logconst<>+288(SB)
QUAD4(logconst<>, 320, $0.5)
#define LHALF logconst<>+320(SB)
QUAD4(logconst<>, 352, $1.0)
#define LONE logconst<>+352(SB)
QUAD4(logconst<>, 384, $2.0)
#define LTWO logconst<>+384(SB)
QUAD4(logconst<>, 416, $4503599627371518.0)
#define MAGICK logconst<>+416(SB)
QUAD4(logconst<>, 448, $0x000FFFFFFFFFFFFF)
#define MANT logconst<>+448(SB)
QUAD4(logconst<>, 480, $0x3FE0000000000000)
#define HALFBITS logconst<>+480(SB)
QUAD4(logconst<>, 512, $0x4330000000000000)
#define EXPBITS logconst<>+512(SB)
QUAD4(logconst<>, 544, $0x0010000000000000)
#define MINNORM logconst<>+544(SB)
QUAD4(logconst<>, 576, $0x7FF0000000000000)
#define POSINF logconst<>+576(SB)
GLOBL logconst<>(SB), RODATA|NOPTR, $608

// LOG4 sets Y0 to log of Y0 (four positive normal finite lanes); it uses
// Y1-Y6. f in [0.5, 1) is doubled (and k lowered) when f <= sqrt(2)/2:
// math.Log's amd64 code compares "not less than" the other way round, so
// f == sqrt(2)/2 is doubled too (TestLogIsMathLog checks it at every
// exponent).
#define LOG4 \
	VANDPD MANT, Y0, Y2 \
	VORPD HALFBITS, Y2, Y2 \
	VPSRLQ $52, Y0, Y1 \
	VPOR EXPBITS, Y1, Y1 \
	VSUBPD MAGICK, Y1, Y1 \
	VCMPPD $0x12, HSQRT2, Y2, Y0 \
	VANDPD LONE, Y0, Y3 \
	VSUBPD Y3, Y1, Y1 \
	VADDPD LONE, Y3, Y3 \
	VMULPD Y3, Y2, Y2 \
	VSUBPD LONE, Y2, Y2 \
	VADDPD LTWO, Y2, Y0 \
	VDIVPD Y0, Y2, Y3 \
	VMULPD Y3, Y3, Y4 \
	VMULPD Y4, Y4, Y5 \
	VMULPD L7, Y5, Y6 \
	VADDPD L5, Y6, Y6 \
	VMULPD Y5, Y6, Y6 \
	VADDPD L3, Y6, Y6 \
	VMULPD Y5, Y6, Y6 \
	VADDPD L1, Y6, Y6 \
	VMULPD Y6, Y4, Y4 \
	VMULPD L6, Y5, Y6 \
	VADDPD L4, Y6, Y6 \
	VMULPD Y5, Y6, Y6 \
	VADDPD L2, Y6, Y6 \
	VMULPD Y6, Y5, Y5 \
	VADDPD Y5, Y4, Y4 \
	VMULPD LHALF, Y2, Y0 \
	VMULPD Y2, Y0, Y0 \
	VADDPD Y0, Y4, Y4 \
	VMULPD Y4, Y3, Y3 \
	VMULPD LN2LO, Y1, Y4 \
	VADDPD Y4, Y3, Y3 \
	VSUBPD Y3, Y0, Y0 \
	VSUBPD Y2, Y0, Y0 \
	VMULPD LN2HI, Y1, Y1 \
	VSUBPD Y0, Y1, Y0

// LOGRANGE sets AX to 15 when every lane of Y0 is positive, normal and
// finite (as bits: 0x0010000000000000 <= x < 0x7FF0000000000000, signed,
// so negative lanes fail); it uses Y1 and Y7.
#define LOGRANGE \
	VMOVDQU MINNORM, Y7 \
	VPCMPGTQ Y0, Y7, Y1 \
	VMOVDQU POSINF, Y7 \
	VPCMPGTQ Y0, Y7, Y7 \
	VPANDN Y7, Y1, Y1 \
	VMOVMSKPD Y1, AX

// func logF64x4(dst, src *float64, n int) int
//
// dst[i] = math.Log(src[i]) for i < n (a multiple of 4), four at a time,
// up to the first group of four with a lane that is not positive, normal
// and finite; returns how many it wrote.
TEXT ·logF64x4(SB), NOSPLIT, $0-32
	MAP4F64(LOGRANGE, LOG4)

// func logF32x4(dst, src *float32, n int) int
//
// dst[i] = float32(math.Log(float64(src[i]))) for i < n (a multiple of 4),
// as logF64x4 does on the widened values, then narrowed.
TEXT ·logF32x4(SB), NOSPLIT, $0-32
	MAP4F32(LOGRANGE, LOG4)
