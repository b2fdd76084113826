package kernels

import "math"

// The constants of ExpFloat64 (and of exp_amd64.s, which repeats them):
// 16/ln2; ln2/16 in two parts, the high one with 24 trailing zero bits so
// that k times it is exact for |k| < 2^24; 1.5 * 2^52, which rounds a sum
// to an integer held in the low bits of its mantissa; the clamp of x
// (past it exp is +Inf or rounds to 0); and the fast path's range of the
// four-lane assembly, where 2^k is a normal number.
const (
	expInvLn2N = 0x1.71547652b82fep+04 // 16/ln2
	expLn2NHi  = 0x1.62e42fep-05       // ln2/16, high part
	expLn2NLo  = 0x1.f473de6af278fp-34 // ln2/16 - expLn2NHi
	expShift   = 0x1.8p+52
	expMin     = -746.0
	expMax     = 710.0
	expLo      = -708.0
	expHi      = 709.0
)

// expCoef are the Taylor coefficients 1/7!, 1/6!, ..., 1/2! of exp(r) =
// 1 + r + r^2 q(r), Horner's order: |r| <= ln2/32 leaves a truncation error
// below r^8/8! = 1.2e-18.
var expCoef = [6]float64{1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2}

// expTableHi[j] is 2^(j/16) rounded to float64, expTableLo[j] the rest
// (TestExpTable checks both against a 300-bit reference).
var expTableHi = [16]float64{0x1p+00, 0x1.0b5586cf9890fp+00, 0x1.172b83c7d517bp+00, 0x1.2387a6e756238p+00,
	0x1.306fe0a31b715p+00, 0x1.3dea64c123422p+00, 0x1.4bfdad5362a27p+00, 0x1.5ab07dd485429p+00,
	0x1.6a09e667f3bcdp+00, 0x1.7a11473eb0187p+00, 0x1.8ace5422aa0dbp+00, 0x1.9c49182a3f09p+00,
	0x1.ae89f995ad3adp+00, 0x1.c199bdd85529cp+00, 0x1.d5818dcfba487p+00, 0x1.ea4afa2a490dap+00}

var expTableLo = [16]float64{0, 0x1.8a62e4adc610bp-54, -0x1.19041b9d78a76p-55, 0x1.9b07eb6c70573p-54,
	0x1.6f46ad23182e4p-55, 0x1.ada0911f09ebcp-55, 0x1.d4397afec42e2p-56, 0x1.6324c054647adp-54,
	-0x1.bdd3413b26456p-54, -0x1.41577ee04992fp-55, 0x1.6e9f156864b27p-54, 0x1.c7c46b071f2bep-56,
	0x1.7a1cd345dcc81p-54, 0x1.11065895048ddp-55, 0x1.2ed02d75b3707p-55, -0x1.e9c23179c2893p-54}

// ExpFloat64 is exp(x) within 1 ulp of the exact value (0.53 ulp at most
// measured over normal results, 0.75 over subnormal ones, which round
// twice; not always math.Exp's bits: Go's amd64 math.Exp errs by up to 1.6
// ulps and overflows early, near 709.45), and exact IEEE special
// cases: exp(NaN) = NaN (quieted, sign and payload kept), exp(+Inf) = +Inf, exp(-Inf) = 0, +Inf past the
// overflow threshold, a subnormal or 0 rounded once below the normal
// range. x (clamped to [-746, 710]) = (16k + j) ln2/16 + r with 16k + j =
// round(16 x / ln2), 0 <= j < 16 and |r| <= ln2/32; exp(x) = 2^k 2^(j/16)
// exp(r), 2^(j/16) = T from a table of two parts, exp(r) - 1 by a degree-7
// Taylor polynomial p(r) = r + r^2 q(r), summed as Thi + (Thi p + Tlo),
// times 2^k rounded once. Kernels' Exp runs the same sequence of roundings
// in SIMD lanes, bit for bit.
func ExpFloat64(x float64) float64 {
	if x != x {
		return x + x // quiet, as the assembly's arithmetic makes it
	}
	x = min(max(x, expMin), expMax)
	kj := math.FMA(x, expInvLn2N, expShift) - expShift // round(16 x / ln2), exact
	y := expReduced(x, kj)
	k := int64(kj) >> 4
	if k >= -1022 && k <= 1023 {
		return y * math.Float64frombits(uint64(k+1023)<<52)
	}
	return expScaleEdge(y, k)
}

// expReduced is 2^(j/16) exp(x - kj ln2/16) for j = kj mod 16, near [1, 2).
// Products that are not fused are converted explicitly: the compiler may
// otherwise fuse them into an add, which the assembly does not.
func expReduced(x, kj float64) float64 {
	r := math.FMA(-kj, expLn2NLo, math.FMA(-kj, expLn2NHi, x))
	q := expCoef[0]
	for _, a := range expCoef[1:] {
		q = math.FMA(q, r, a)
	}
	p := math.FMA(float64(r*r), q, r)
	j := int64(kj) & 15
	hi := expTableHi[j]
	return hi + math.FMA(hi, p, expTableLo[j])
}

// expScaleEdge is y 2^k where 2^k is not a normal number, rounded once as
// VSCALEFPD does: scaled in two steps, the first exact, the second the
// only rounding (into the subnormal range or to +Inf).
func expScaleEdge(y float64, k int64) float64 {
	if k > 0 {
		return y * math.Float64frombits(uint64(k+1022)<<52) * 2
	}
	return y * math.Float64frombits(uint64(k+1023+64)<<52) * 0x1p-64
}
