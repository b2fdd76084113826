#include "textflag.h"
#include "map4_amd64.h"

// Exp of four float64 lanes at a time (AVX2 and FMA) and of eight
// (AVX-512), bit for bit ExpFloat64 (exp_scalar.go): the same constants,
// table and sequence of roundings, fused where it fuses. The eight-lane
// loop takes every lane: x is clamped to [-746, 710] (NaN kept) and
// VSCALEFPD scales by 2^k with one rounding, as ExpFloat64's edge path
// does, so NaN, the infinities, overflow and subnormal results need no
// branch. The four-lane loop multiplies by 2^k's bits, exact only where
// 2^k is a normal number: a group of four with a lane outside [-708, 709]
// stops it and is left to ExpFloat64 itself (exp_amd64.go).

QUAD4(expconst<>, 0, $0x40371547652b82fe) // 16/ln2
#define INVLN2N expconst<>+0(SB)
QUAD4(expconst<>, 32, $0x4338000000000000) // 1.5 * 2^52
#define SHIFT expconst<>+32(SB)
QUAD4(expconst<>, 64, $0x3fa62e42fe000000) // ln2/16, high part
#define LN2NHI expconst<>+64(SB)
QUAD4(expconst<>, 96, $0x3ddf473de6af278f) // ln2/16, low part
#define LN2NLO expconst<>+96(SB)
QUAD4(expconst<>, 128, $0x3f2a01a01a01a01a) // 1/7!
#define C7 expconst<>+128(SB)
QUAD4(expconst<>, 160, $0x3f56c16c16c16c17) // 1/6!
#define C6 expconst<>+160(SB)
QUAD4(expconst<>, 192, $0x3f81111111111111) // 1/5!
#define C5 expconst<>+192(SB)
QUAD4(expconst<>, 224, $0x3fa5555555555555) // 1/4!
#define C4 expconst<>+224(SB)
QUAD4(expconst<>, 256, $0x3fc5555555555555) // 1/3!
#define C3 expconst<>+256(SB)
QUAD4(expconst<>, 288, $0x3fe0000000000000) // 1/2!
#define C2 expconst<>+288(SB)
QUAD4(expconst<>, 320, $0xc086200000000000) // -708
#define LO expconst<>+320(SB)
QUAD4(expconst<>, 352, $0x4086280000000000) // 709
#define HI expconst<>+352(SB)
QUAD4(expconst<>, 384, $0xc087500000000000) // -746
#define CLAMPLO expconst<>+384(SB)
QUAD4(expconst<>, 416, $0x4086300000000000) // 710
#define CLAMPHI expconst<>+416(SB)
QUAD4(expconst<>, 448, $0x3fb0000000000000) // 1/16
#define SIXTEENTH expconst<>+448(SB)
QUAD4(expconst<>, 480, $16368) // 1023 * 16, an integer
#define EXPBIAS expconst<>+480(SB)
GLOBL expconst<>(SB), RODATA|NOPTR, $512

// exptab<> is ExpFloat64's expTableHi (the first 128 bytes) and
// expTableLo: 2^(j/16) in two parts.
DATA exptab<>+0(SB)/8, $0x3ff0000000000000
DATA exptab<>+8(SB)/8, $0x3ff0b5586cf9890f
DATA exptab<>+16(SB)/8, $0x3ff172b83c7d517b
DATA exptab<>+24(SB)/8, $0x3ff2387a6e756238
DATA exptab<>+32(SB)/8, $0x3ff306fe0a31b715
DATA exptab<>+40(SB)/8, $0x3ff3dea64c123422
DATA exptab<>+48(SB)/8, $0x3ff4bfdad5362a27
DATA exptab<>+56(SB)/8, $0x3ff5ab07dd485429
DATA exptab<>+64(SB)/8, $0x3ff6a09e667f3bcd
DATA exptab<>+72(SB)/8, $0x3ff7a11473eb0187
DATA exptab<>+80(SB)/8, $0x3ff8ace5422aa0db
DATA exptab<>+88(SB)/8, $0x3ff9c49182a3f090
DATA exptab<>+96(SB)/8, $0x3ffae89f995ad3ad
DATA exptab<>+104(SB)/8, $0x3ffc199bdd85529c
DATA exptab<>+112(SB)/8, $0x3ffd5818dcfba487
DATA exptab<>+120(SB)/8, $0x3ffea4afa2a490da
DATA exptab<>+128(SB)/8, $0x0000000000000000
DATA exptab<>+136(SB)/8, $0x3c98a62e4adc610b
DATA exptab<>+144(SB)/8, $0xbc819041b9d78a76
DATA exptab<>+152(SB)/8, $0x3c99b07eb6c70573
DATA exptab<>+160(SB)/8, $0x3c86f46ad23182e4
DATA exptab<>+168(SB)/8, $0x3c8ada0911f09ebc
DATA exptab<>+176(SB)/8, $0x3c7d4397afec42e2
DATA exptab<>+184(SB)/8, $0x3c96324c054647ad
DATA exptab<>+192(SB)/8, $0xbc9bdd3413b26456
DATA exptab<>+200(SB)/8, $0xbc841577ee04992f
DATA exptab<>+208(SB)/8, $0x3c96e9f156864b27
DATA exptab<>+216(SB)/8, $0x3c7c7c46b071f2be
DATA exptab<>+224(SB)/8, $0x3c97a1cd345dcc81
DATA exptab<>+232(SB)/8, $0x3c811065895048dd
DATA exptab<>+240(SB)/8, $0x3c82ed02d75b3707
DATA exptab<>+248(SB)/8, $0xbc9e9c23179c2893
GLOBL exptab<>(SB), RODATA|NOPTR, $256

// EXP4 sets Y0 to exp of Y0 (every lane in [-708, 709]) with Y1-Y7, R8
// and R9: t = x 16/ln2 + 1.5 * 2^52 (kj = t - 1.5 * 2^52 = round(16 x /
// ln2), j = kj mod 16 the low four bits of t); r = (x - kj ln2hi) - kj
// ln2lo; Thi, Tlo gathered at j; q by Horner; p = r^2 q + r; y = Thi +
// (Thi p + Tlo); times 2^k, k = kj >> 4, whose bits are t's mantissa
// shifted right 4 (dropping j) and left 52 after 1023 * 16 is added.
#define EXP4 \
	VMOVUPD INVLN2N, Y1 \
	VFMADD213PD SHIFT, Y0, Y1 \
	VSUBPD SHIFT, Y1, Y2 \
	VFNMADD231PD LN2NHI, Y2, Y0 \
	VFNMADD231PD LN2NLO, Y2, Y0 \
	VPSLLQ $60, Y1, Y3 \
	VPSRLQ $60, Y3, Y3 \
	LEAQ exptab<>+0(SB), R8 \
	LEAQ exptab<>+128(SB), R9 \
	VPCMPEQQ Y4, Y4, Y4 \
	VGATHERQPD Y4, (R8)(Y3*8), Y5 \
	VPCMPEQQ Y4, Y4, Y4 \
	VGATHERQPD Y4, (R9)(Y3*8), Y6 \
	VMOVUPD C7, Y7 \
	VFMADD213PD C6, Y0, Y7 \
	VFMADD213PD C5, Y0, Y7 \
	VFMADD213PD C4, Y0, Y7 \
	VFMADD213PD C3, Y0, Y7 \
	VFMADD213PD C2, Y0, Y7 \
	VMULPD Y0, Y0, Y4 \
	VFMADD213PD Y0, Y4, Y7 \
	VFMADD213PD Y6, Y5, Y7 \
	VADDPD Y7, Y5, Y0 \
	VPADDQ EXPBIAS, Y1, Y1 \
	VPSRLQ $4, Y1, Y1 \
	VPSLLQ $52, Y1, Y1 \
	VMULPD Y1, Y0, Y0

// INRANGE sets AX to 15 when every lane of Y0 is in [-708, 709] (false
// for NaN); it uses Y1 and Y2.
#define INRANGE \
	VCMPPD $0x1D, LO, Y0, Y1 \
	VCMPPD $0x12, HI, Y0, Y2 \
	VANDPD Y1, Y2, Y1 \
	VMOVMSKPD Y1, AX

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

// EXP8 sets X to exp of X, eight lanes, with T, K, H, L and Q and the
// constants EXP8CONST loads: EXP4's sequence on x clamped to [-746, 710]
// (VMAXPD and VMINPD return their second source, x, when it is NaN), the
// table read by VPERMI2PD (bit 3 of j picks the register of entries 8-15),
// and the scaling by VSCALEFPD by floor(kj / 16) = k.
#define EXP8(X, T, K, H, L, Q) \
	VMAXPD X, Z30, X \
	VMINPD X, Z31, X \
	VMOVAPD Z17, T \
	VFMADD231PD Z16, X, T \
	VSUBPD Z17, T, K \
	VFNMADD231PD Z18, K, X \
	VFNMADD231PD Z19, K, X \
	VMULPD Z15, K, K \
	VMOVAPD T, H \
	VPERMI2PD Z27, Z26, H \
	VPERMI2PD Z29, Z28, T \
	VMOVAPD Z20, Q \
	VFMADD213PD Z21, X, Q \
	VFMADD213PD Z22, X, Q \
	VFMADD213PD Z23, X, Q \
	VFMADD213PD Z24, X, Q \
	VFMADD213PD Z25, X, Q \
	VMULPD X, X, L \
	VFMADD213PD X, L, Q \
	VFMADD213PD T, H, Q \
	VADDPD Q, H, X \
	VSCALEFPD K, X, X

// EXP8CONST loads EXP8's constants: Z15 1/16, Z16 16/ln2, Z17 1.5 * 2^52,
// Z18-Z19 ln2/16, Z20-Z25 1/7! to 1/2!, Z26-Z27 the table's high parts,
// Z28-Z29 its low parts, Z30-Z31 the clamp.
#define EXP8CONST \
	VBROADCASTSD SIXTEENTH, Z15 \
	VBROADCASTSD INVLN2N, Z16 \
	VBROADCASTSD SHIFT, Z17 \
	VBROADCASTSD LN2NHI, Z18 \
	VBROADCASTSD LN2NLO, Z19 \
	VBROADCASTSD C7, Z20 \
	VBROADCASTSD C6, Z21 \
	VBROADCASTSD C5, Z22 \
	VBROADCASTSD C4, Z23 \
	VBROADCASTSD C3, Z24 \
	VBROADCASTSD C2, Z25 \
	VMOVUPD exptab<>+0(SB), Z26 \
	VMOVUPD exptab<>+64(SB), Z27 \
	VMOVUPD exptab<>+128(SB), Z28 \
	VMOVUPD exptab<>+192(SB), Z29 \
	VBROADCASTSD CLAMPLO, Z30 \
	VBROADCASTSD CLAMPHI, Z31

// MAP8 is the body of func(dst, src *T, n int) int: dst[i] = exp(src[i])
// for i < n (a multiple of 8), sixteen lanes at a time in two independent
// groups of eight, then a last eight; it returns n. LOAD(off, R) sets R to
// the eight lanes of src from DX + off, STORE(off, R) writes them to dst.
#define MAP8(LOAD, STORE) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	EXP8CONST; \
	XORQ DX, DX; \
loop: \
	LEAQ 16(DX), AX; \
	CMPQ AX, CX; \
	JGT last; \
	LOAD(0, Z0, Y0); \
	LOAD(8, Z6, Y6); \
	EXP8(Z0, Z1, Z2, Z3, Z4, Z5); \
	EXP8(Z6, Z7, Z8, Z9, Z10, Z11); \
	STORE(0, Z0, Y0); \
	STORE(8, Z6, Y6); \
	MOVQ AX, DX; \
	JMP loop; \
last: \
	CMPQ DX, CX; \
	JGE done; \
	LOAD(0, Z0, Y0); \
	EXP8(Z0, Z1, Z2, Z3, Z4, Z5); \
	STORE(0, Z0, Y0); \
done: \
	MOVQ CX, ret+24(FP); \
	VZEROUPPER; \
	RET

// The loads and stores of MAP8 for float64 and float32 (widened,
// narrowed); Y is Z's lower half.
#define LOAD8F64(off, Z, Y) VMOVUPD (off*8)(SI)(DX*8), Z
#define STORE8F64(off, Z, Y) VMOVUPD Z, (off*8)(DI)(DX*8)
#define LOAD8F32(off, Z, Y) VCVTPS2PD (off*4)(SI)(DX*4), Z
#define STORE8F32(off, Z, Y) VCVTPD2PS Z, Y; VMOVUPS Y, (off*4)(DI)(DX*4)

// func expF64x8(dst, src *float64, n int) int
//
// dst[i] = ExpFloat64(src[i]) for i < n (a multiple of 8), eight lanes at
// a time (AVX-512); returns n.
TEXT ·expF64x8(SB), NOSPLIT, $0-32
	MAP8(LOAD8F64, STORE8F64)

// func expF32x8(dst, src *float32, n int) int
//
// expF64x8 on float32 values, widened and narrowed.
TEXT ·expF32x8(SB), NOSPLIT, $0-32
	MAP8(LOAD8F32, STORE8F32)
