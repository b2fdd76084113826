package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// VecBinary64 and VecScalar64 must be the Go loop bit for bit for every
// op, at every length 0-37 (the groups of four and the tails) and every
// offset into the arrays, over edge values (signed zeros, infinities,
// NaN, subnormals, huge and tiny) mixed with random ones.
func TestVecArithIsTheGoLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 11))
	edges := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324,
		-5e-324, math.MaxFloat64, -math.MaxFloat64, 1e-300, 3}
	draw := func() float64 {
		if rng.IntN(4) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
	}
	const n = 40
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i], y[i] = draw(), draw()
	}
	same := func(want, got float64) bool {
		return math.Float64bits(want) == math.Float64bits(got) || (want != want && got != got)
	}
	for op := VecAdd; op <= VecRDiv; op++ {
		for off := range 3 {
			for m := 0; off+m <= n-3; m++ {
				xs, ys := x[off:off+m], y[off+1:off+1+m]
				z := make([]float64, m)
				VecBinary64(op, z, xs, ys)
				for i := range z {
					want := vecOp64(op, xs[i], ys[i])
					require.True(t, same(want, z[i]), "op %d %v, %v: %v, want %v", op, xs[i], ys[i], z[i], want)
				}
				c := draw()
				VecScalar64(op, z, xs, c)
				for i := range z {
					want := vecOp64(op, xs[i], c)
					require.True(t, same(want, z[i]), "op %d %v, number %v: %v, want %v", op, xs[i], c, z[i], want)
				}
			}
		}
	}
	require.Equal(t, 5.0, vecOp64(VecRSub, 2, 7))
	require.Equal(t, 3.5, vecOp64(VecRDiv, 2, 7))
}

// VecNeg64 flips the sign bit of every value, a NaN's (of any payload) and
// a zero's too, at every length 0-37 and offset: Go's -x bit for bit.
func TestVecNegFlipsTheSignBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	const n = 40
	x := make([]float64, n)
	for i := range x {
		switch rng.IntN(4) {
		case 0:
			x[i] = math.Float64frombits(0x7ff8000000000000 | rng.Uint64()&0x8007ffffffffffff) // NaN, either sign, any payload
		case 1:
			x[i] = math.Copysign(0, float64(rng.IntN(2)*2-1))
		default:
			x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(600)-300))
		}
	}
	for off := range 3 {
		for m := 0; off+m <= n; m++ {
			xs := x[off : off+m]
			z := make([]float64, m)
			VecNeg64(z, xs)
			for i := range z {
				require.Equal(t, math.Float64bits(xs[i])^(1<<63), math.Float64bits(z[i]), "offset %d length %d: -%v", off, m, xs[i])
			}
		}
	}
}
