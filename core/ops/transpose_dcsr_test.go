package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestTransposeDCSRRelabels: a DCSR's (DCSC's) transpose is the DCSC
// (DCSR) of the same arrays, whatever the fill and index width: the dense
// values are the dense transpose's, the values are shared (by address), and
// transposing back gives the layout it started from.
func TestTransposeDCSRRelabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	sc := ewShape{"6x4", []int64{6, 4}, 0}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int32, dtype.Complex64} {
		dense := ewDense(rng, d, sc)
		f := ewFill(d)
		for _, fill := range []*dtype.Scalar{nil, &f} {
			for _, l := range []tensor.Layout{tensor.DCSR, tensor.DCSC} {
				for _, w := range []int{32, 64} {
					x, err := tensor.ToIndexWidth(ewBuild(t, dense, ewFormat{l.String(), l, false}, sc, fill), w)
					require.NoError(t, err)
					msg := x.Layout().String() + "/" + d.String()
					got, err := Transpose(x, 0, 1)
					require.NoError(t, err, msg)
					require.Equal(t, map[tensor.Layout]tensor.Layout{tensor.DCSR: tensor.DCSC, tensor.DCSC: tensor.DCSR}[l], got.Layout(), msg)
					dx, err := tensor.ToDense(x)
					require.NoError(t, err)
					want, err := Transpose(dx, 0, 1)
					require.NoError(t, err)
					ewRequireSameDense(t, want, got, msg)
					require.Same(t, &x.ValueArray().Data[0], &got.ValueArray().Data[0], "%s: the values are shared", msg)
					back, err := Transpose(got, 1, 0)
					require.NoError(t, err)
					require.Equal(t, l, back.Layout(), msg)
					ewRequireSameDense(t, dx, back, msg)
				}
			}
		}
	}
}
