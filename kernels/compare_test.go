package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
)

// compareRef is Go's comparison of x and y under op.
func compareRef[V float32 | float64](op VecCmp, x, y V) byte {
	r := [...]bool{x == y, x != y, x < y, x <= y, x > y, x >= y}[op]
	if r {
		return 1
	}
	return 0
}

// compareInputs are n pairs drawn from a small set of values with NaN,
// both zeros and both infinities, so that ties and unordered pairs are
// frequent, and a few random ones.
func compareInputs(n int, seed uint64) (x, y []float64) {
	special := []float64{math.NaN(), 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 1, -1, 2.5}
	rng := rand.New(rand.NewPCG(seed, 7))
	pick := func() float64 {
		if rng.IntN(4) == 0 {
			return rng.NormFloat64()
		}
		return special[rng.IntN(len(special))]
	}
	x, y = make([]float64, n), make([]float64, n)
	for i := range x {
		x[i], y[i] = pick(), pick()
	}
	return x, y
}

// VecCompare64 and VecCompare32 give Go's comparison at every element,
// NaN and signed zeros included, at lengths around the groups of eight
// (the Go tail) and across the assembly's call boundary.
func TestVecCompareMatchesGo(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 63, 64, 1000, compareCallLen + 13} {
		x, y := compareInputs(n, uint64(n))
		x32, y32 := make([]float32, n), make([]float32, n)
		for i := range x {
			x32[i], y32[i] = float32(x[i]), float32(y[i])
		}
		for op := VecEq; op <= VecGe; op++ {
			z, z32 := make([]byte, n), make([]byte, n)
			for i := range z {
				z[i], z32[i] = 9, 9 // every byte must be written
			}
			VecCompare64(op, z, x, y)
			VecCompare32(op, z32, x32, y32)
			for i := range x {
				if want := compareRef(op, x[i], y[i]); z[i] != want {
					t.Fatalf("n=%d op=%d: float64 %v vs %v at %d gave %d, want %d", n, op, x[i], y[i], i, z[i], want)
				}
				if want := compareRef(op, x32[i], y32[i]); z32[i] != want {
					t.Fatalf("n=%d op=%d: float32 %v vs %v at %d gave %d, want %d", n, op, x32[i], y32[i], i, z32[i], want)
				}
			}
		}
	}
}
