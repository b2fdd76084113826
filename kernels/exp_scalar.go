package kernels

import "math"

// The constants of ExpFloat64 (and of exp_amd64.s, which repeats them):
// ln 2 in two parts, the high one with 21 trailing zero bits so that k
// times it is exact for |k| < 2^21, and the Taylor coefficients 1/n! of
// exp(r) = 1 + r + r^2 (1/2! + r/3! + ... + r^11/13!).
const (
	expLog2E = 1.44269504088896338700e+00
	expLn2Hi = 6.93147180369123816490e-01 // 0x3fe62e42fee00000
	expLn2Lo = 1.90821492927058770002e-10 // 0x3dea39ef35793c76
	expLo    = -708.0                     // the fast path's range: 2^k is
	expHi    = 709.0                      // a normal number
)

// expCoef are 1/13!, 1/12!, ..., 1/2!, Horner's order.
var expCoef = [12]float64{1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800,
	1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 1.0 / 2}

// ExpFloat64 is exp(x) within 1 ulp of the exact value (0.61 ulp at most
// measured over normal results, 0.74 over subnormal ones, which round
// twice; not always math.Exp's bits: Go's amd64 math.Exp errs by up to 1.6
// ulps and overflows early, near 709.45), and exact IEEE special
// cases: exp(NaN) = NaN, exp(+Inf) = +Inf, exp(-Inf) = 0, +Inf past the
// overflow threshold, a subnormal or 0 rounded once below the normal
// range. x = k ln2 + r with k = round(x / ln2) and |r| <= ln2/2 (r kept
// with its rounding error dr), exp(r) by a degree-13 Taylor polynomial
// summed as 1 + r + (r^2 p(r) + dr (1 + r)) with the rounding error of
// 1 + r carried, times 2^k through the exponent bits. Kernels' Exp runs
// the same sequence of roundings in SIMD lanes, bit for bit.
func ExpFloat64(x float64) float64 {
	if !(x >= expLo && x <= expHi) {
		return expEdge(x)
	}
	k := math.RoundToEven(float64(x * expLog2E))
	return expReduced(x, k) * math.Float64frombits(uint64(int64(k)+1023)<<52)
}

// expReduced is exp(x - k ln2), near [sqrt(1/2), sqrt(2)]. Products that
// are not fused are converted explicitly: the compiler may otherwise fuse
// them into an add, which the assembly does not.
func expReduced(x, k float64) float64 {
	rh := math.FMA(-k, expLn2Hi, x) // exact
	c := float64(k * expLn2Lo)
	r := rh - c
	dr := (rh - r) - c // r's rounding error
	p := expCoef[0]
	for _, a := range expCoef[1:] {
		p = math.FMA(p, r, a)
	}
	s := math.FMA(float64(r*r), p, math.FMA(dr, r, dr))
	hi := 1 + r
	lo := (1 - hi) + r // 1 + r's rounding error
	return hi + (lo + s)
}

// expEdge is ExpFloat64 outside [-708, 709]: NaN, overflow to +Inf,
// underflow to 0, and the scaling by 2^k in two exact steps where 2^k is
// not a normal number (the second one the only rounding, into the
// subnormal range or to +Inf).
func expEdge(x float64) float64 {
	switch {
	case x != x:
		return x
	case x > 710:
		return math.Inf(1)
	case x < -746:
		return 0
	}
	k := math.RoundToEven(float64(x * expLog2E)) // -1076 <= k <= 1024
	y := expReduced(x, k)
	if k > 0 {
		return y * math.Float64frombits(uint64(int64(k)+1022)<<52) * 2
	}
	return y * math.Float64frombits(uint64(int64(k)+1023+64)<<52) * 0x1p-64
}
