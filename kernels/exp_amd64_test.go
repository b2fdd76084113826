package kernels

import (
	"math/rand/v2"
	"testing"
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
