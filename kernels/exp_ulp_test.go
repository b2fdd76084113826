package kernels

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// refPrec is the precision of the reference exponential.
const refPrec = 160

// refLn2 is ln 2 to refPrec bits: 2 atanh(1/3) = 2 sum 3^-(2j+1)/(2j+1).
var refLn2 = func() *big.Float {
	third := new(big.Float).SetPrec(refPrec).Quo(big.NewFloat(1), big.NewFloat(3))
	ninth := new(big.Float).SetPrec(refPrec).Mul(third, third)
	sum, pow := new(big.Float).SetPrec(refPrec), new(big.Float).SetPrec(refPrec).Set(third)
	for j := int64(0); j < 60; j++ {
		term := new(big.Float).SetPrec(refPrec).Quo(pow, new(big.Float).SetInt64(2*j+1))
		sum.Add(sum, term)
		pow.Mul(pow, ninth)
	}
	return sum.Mul(sum, big.NewFloat(2))
}()

// refExp is exp(x) to about refPrec bits (x finite): x = k ln2 + r, the
// Taylor series of exp(r) summed until its terms vanish, times 2^k.
func refExp(x float64) *big.Float {
	k := math.RoundToEven(x / math.Ln2)
	r := new(big.Float).SetPrec(refPrec).SetFloat64(x)
	kl := new(big.Float).SetPrec(refPrec).Mul(refLn2, new(big.Float).SetFloat64(k))
	r.Sub(r, kl)
	sum, term := new(big.Float).SetPrec(refPrec).SetInt64(1), new(big.Float).SetPrec(refPrec).SetInt64(1)
	for n := int64(1); n < 60; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(n))
		sum.Add(sum, term)
	}
	return sum.SetMantExp(sum, int(k))
}

// ulpError is |got - exp(x)| in units of the last place of the float64
// nearest exp(x) (subnormal spacing below the normal range, +Inf counted
// as 2^1024; past MaxFloat64 + ulp/2, where IEEE rounding gives +Inf, 0
// for +Inf and +Inf for anything else).
func ulpError(got float64, want *big.Float) float64 {
	limit := new(big.Float).SetPrec(refPrec).SetFloat64(math.MaxFloat64)
	limit.Add(limit, new(big.Float).SetMantExp(big.NewFloat(1), 970))
	if want.Cmp(limit) >= 0 {
		if math.IsInf(got, 1) {
			return 0
		}
		return math.Inf(1)
	}
	e := want.MantExp(nil) // want = m 2^e, 1/2 <= m < 1
	ulp := new(big.Float).SetMantExp(big.NewFloat(1), max(e-53, -1074))
	g := new(big.Float).SetPrec(refPrec)
	if math.IsInf(got, 1) {
		g.SetMantExp(big.NewFloat(1), 1024)
	} else {
		g.SetFloat64(got)
	}
	d, _ := g.Quo(g.Sub(g, want), ulp).Float64()
	return math.Abs(d)
}

// expSweep is x over [-746, 710] in even steps, random values in each
// range (tiny, [-1, 1], [-10, 10], the fast path's [-708, 709], results
// below the normal range, near overflow) and values a few ulps either
// side of (j + 1/2) ln2, where the reduction's k changes.
func expSweep(rng *rand.Rand, n int) []float64 {
	var xs []float64
	for i := range n {
		xs = append(xs, -746+1456*float64(i)/float64(n))
	}
	ranges := [][2]float64{{-1e-6, 1e-6}, {-1, 1}, {-10, 10}, {-708, 709}, {-745.2, -708}, {709, 709.79}}
	for _, r := range ranges {
		for range n / 4 {
			xs = append(xs, r[0]+(r[1]-r[0])*rng.Float64())
		}
	}
	for j := -1075; j < 1024; j += 7 {
		x := (float64(j) + 0.5) * math.Ln2
		for d := -3; d <= 3; d++ {
			xs = append(xs, x+float64(d)*math.Ldexp(1, math.Ilogb(x)-52))
		}
	}
	return xs
}

// ExpFloat64 is within 1 ulp of the exact exponential (measured against a
// 160-bit reference) over the sweep, and within 2 ulps of math.Exp's
// result: Go's amd64 math.Exp is itself up to ~1.6 ulps off (exp(-326.126)
// is 1.61 ulps above the exact value, ExpFloat64 0.39 below) and gives
// +Inf for some finite results (exp(709.454) = 1.29e308).
func TestExpFloat64Accuracy(t *testing.T) {
	n := 40000
	if testing.Short() {
		n = 8000
	}
	worst, worstX, differ, mathWorst := 0.0, 0.0, 0, 0.0
	xs := expSweep(rand.New(rand.NewPCG(3, 4)), n)
	for _, x := range xs {
		got := ExpFloat64(x)
		ref := refExp(x)
		if e := ulpError(got, ref); e > worst {
			worst, worstX = e, x
		}
		want := math.Exp(x)
		if !math.IsInf(want, 1) {
			mathWorst = max(mathWorst, ulpError(want, ref))
		}
		if got != want && !math.IsInf(want, 1) {
			differ++
			gap := math.Abs(float64(int64(math.Float64bits(got)) - int64(math.Float64bits(want))))
			require.LessOrEqual(t, gap, 2.0, "exp(%v) = %v, math.Exp %v", x, got, want)
		}
	}
	t.Logf("%d values: max error %.4f ulp at %v (math.Exp's %.4f); %d differ from math.Exp", len(xs), worst, worstX, mathWorst, differ)
	require.Less(t, worst, 1.0, "max ulp error at %v", worstX)
}

// ExpFloat64's special cases are IEEE's: NaN, the infinities, overflow to
// +Inf and underflow to +0 past the thresholds, exp(+-0) = 1, and a
// subnormal result rounded once.
func TestExpFloat64Special(t *testing.T) {
	require.True(t, math.IsNaN(ExpFloat64(math.NaN())))
	require.Equal(t, math.Inf(1), ExpFloat64(math.Inf(1)))
	require.Equal(t, math.Float64bits(0), math.Float64bits(ExpFloat64(math.Inf(-1))))
	require.Equal(t, 1.0, ExpFloat64(0))
	require.Equal(t, 1.0, ExpFloat64(math.Copysign(0, -1)))
	require.Equal(t, 1.0, ExpFloat64(5e-324))
	require.Equal(t, math.Inf(1), ExpFloat64(709.7827128933841))                           // just past ln(MaxFloat64 + ulp/2)
	require.Less(t, ulpError(ExpFloat64(709.782712893384), refExp(709.782712893384)), 1.0) // finite, 213 ulps below the maximum
	require.Equal(t, math.Inf(1), ExpFloat64(1e300))
	require.Equal(t, 0.0, ExpFloat64(-745.1332191019412)) // exp < 2^-1075: rounds to 0
	require.Equal(t, 5e-324, ExpFloat64(-745.1332191019411))
	require.Equal(t, 0.0, ExpFloat64(-1e300))
	for _, x := range []float64{-708.5, -720, -730.25, -740, -744.9, -745} { // subnormal results
		require.Less(t, ulpError(ExpFloat64(x), refExp(x)), 1.0, "exp(%v)", x)
	}
}

// ExpFloat64's table holds 2^(j/16) in two parts (the high one rounded to
// nearest, their sum within 2^-100 relative of the exact power), and its
// reduction constants are 16/ln2 rounded and ln2/16 split with 24 trailing
// zero bits in the high part.
func TestExpTable(t *testing.T) {
	root := new(big.Float).SetPrec(refPrec).SetInt64(2)
	for range 4 {
		root.Sqrt(root)
	}
	p := new(big.Float).SetPrec(refPrec).SetInt64(1)
	for j := range 16 {
		hi, _ := p.Float64()
		require.Equal(t, hi, expTableHi[j], "2^(%d/16) rounded", j)
		sum := new(big.Float).SetPrec(refPrec).SetFloat64(expTableHi[j])
		sum.Add(sum, new(big.Float).SetFloat64(expTableLo[j]))
		d, _ := sum.Sub(sum, p).Float64()
		require.Less(t, math.Abs(d), 0x1p-100, "2^(%d/16) in two parts", j)
		p.Mul(p, root)
	}
	n16 := new(big.Float).SetPrec(refPrec).SetInt64(16)
	inv, _ := new(big.Float).SetPrec(refPrec).Quo(n16, refLn2).Float64()
	require.Equal(t, inv, expInvLn2N)
	require.Zero(t, math.Float64bits(expLn2NHi)&(1<<24-1), "ln2/16's high part has 24 trailing zero bits")
	l := new(big.Float).SetPrec(refPrec).Quo(refLn2, n16)
	l.Sub(l, new(big.Float).SetFloat64(expLn2NHi))
	lo, _ := l.Float64()
	require.Equal(t, lo, expLn2NLo)
}
