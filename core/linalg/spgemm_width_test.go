package linalg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// TestSparseMmIndexWidth: the sparse product with an asked index width has
// that width (0: the operands' widest), SparseMm's layout and the dense
// reference's values, over every 2-D format, both operand widths, zero and
// non-zero fills; int32 operands with an int64 result take the kernels'
// wide output. Other widths are refused by name.
func TestSparseMmIndexWidth(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, f := range formats2D {
		for _, w := range [][2]int{{32, 32}, {32, 64}, {64, 64}} {
			for _, fill := range []float64{0, 1.5} {
				for _, asked := range []int{0, 32, 64} {
					msg := fmt.Sprintf("%s widths %v fill %v asked %d", f, w, fill, asked)
					a := makeOperand(t, rng, f, dtype.Float64, []int64{7, 5}, w[0], fill)
					b := makeOperand(t, rng, f, dtype.Float64, []int64{5, 9}, w[1], 0)
					plain, err := SparseMm(a, b)
					require.NoError(t, err, msg)
					got, err := SparseMmIndexWidth(a, b, asked)
					require.NoError(t, err, msg)
					want := asked
					if asked == 0 {
						want = plain.IndexWidth()
					}
					require.Equal(t, want, got.IndexWidth(), msg)
					require.Equal(t, plain.Layout(), got.Layout(), msg)
					requireNear(t, refMM(denseRef(t, a), denseRef(t, b)), got, dtype.Float64, msg)
				}
			}
		}
	}
	a := makeOperand(t, rng, formats2D[0], dtype.Float64, []int64{3, 3}, 32, 0)
	_, err := SparseMmIndexWidth(a, a, 16)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.ErrorContains(t, err, "index_width = 16")
}
