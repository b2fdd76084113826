package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReverseInto: the reversal of x's runs for the anti-diagonal passes,
// in the assembly and the Go loop, at lengths around the register widths
// (the whole registers and the tail), leaving dst past the run alone.
func TestReverseInto(t *testing.T) {
	t.Run("float64", testReverseInto[float64])
	t.Run("float32", testReverseInto[float32])
}

func testReverseInto[V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(21, 22))
		for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 1000} {
			src := unaligned(randVec[V](r, n))
			dst := make([]V, n+3)
			reverseInto(dst, src)
			want := slices.Clone(src)
			slices.Reverse(want)
			require.Equal(t, want, dst[:n], "n = %d", n)
			require.Equal(t, make([]V, 3), dst[n:], "n = %d: past the run", n)
		}
	})
}
