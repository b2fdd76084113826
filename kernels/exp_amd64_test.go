package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Exp gives ExpFloat64's bits on every value, float64 and float32
// (widened, narrowed), with the eight-lane assembly, the four-lane one and
// without, at every offset of a group of four (lengths 0 to 7 and the
// whole list from several starts).
func TestExpIsExpFloat64(t *testing.T) {
	old := useExp512
	defer func() { useExp512 = old }()
	for _, wide := range []bool{false, old} {
		useExp512 = wide
		testByFours(t, expCases(rand.New(rand.NewPCG(7, 8))), Exp[float64], Exp[float32], ExpFloat64)
	}
}

// With AVX-512 the eight-lane loop takes every whole group of eight, NaN,
// infinities, overflow and subnormal results included (no value is left
// to the scalar function).
func TestExp8TakesEveryLane(t *testing.T) {
	if !useExp512 || !useSIMD {
		t.Skip("no AVX-512")
	}
	x := expCases(rand.New(rand.NewPCG(11, 12)))
	x = x[:len(x)&^7]
	y := make([]float64, len(x))
	require.Equal(t, len(x), expF64x8(&y[0], &x[0], len(x)))
	x32, y32 := make([]float32, len(x)), make([]float32, len(x))
	for i, v := range x {
		x32[i] = float32(v)
	}
	require.Equal(t, len(x), expF32x8(&y32[0], &x32[0], len(x)))
}
