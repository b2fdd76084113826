package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Softmax on the engine (softmaxNative: CSR and coalesced COO over dim 1)
// equals the COO path (softmaxViaCOO, the implementation before the
// engine): layout, index dtype, indices, flags, fill and values (to 1e-15
// relative; NaN where it gave NaN), for softmax and log_softmax over
// float32 and float64, widths 32 and 64, with empty rows, -inf and NaN.
func TestSoftmaxEngineMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 4))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			x := tensortest.RandomDense(t, rng, d, []int64{8, 6}, 0.5)
			v := x.ValueArray()
			v.SetComplex(1, dtype.Real(math.Inf(-1)))
			v.SetComplex(13, dtype.Real(math.NaN()))
			for j := int64(0); j < 6; j++ {
				v.SetComplex(3*6+j, dtype.Real(0)) // row 3 empty
			}
			for _, l := range []tensor.Layout{tensor.CSR, tensor.COO} {
				in, err := tensor.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
				require.NoError(t, err)
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s w%d log %v", l, d, w, log)
					got, ok, err := softmaxNative(in, 1, log)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					want, err := softmaxViaCOO(in, 1, log)
					require.NoError(t, err, msg)
					require.Equal(t, want.Layout(), got.Layout(), msg)
					require.Equal(t, want.IndexArray().DType, got.IndexArray().DType, msg)
					require.Equal(t, want.IndexArray().Data, got.IndexArray().Data, msg)
					require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
					require.Equal(t, want.FillElem(), got.FillElem(), msg)
					wv, gv := want.ValueArray(), got.ValueArray()
					require.Equal(t, wv.Numel(), gv.Numel(), msg)
					for i := range wv.Numel() {
						a, b := wv.Complex(i).Re(), gv.Complex(i).Re()
						if math.IsNaN(a) || math.IsNaN(b) {
							require.True(t, math.IsNaN(a) && math.IsNaN(b), "%s value %d: %v vs %v", msg, i, a, b)
							continue
						}
						require.InDelta(t, a, b, 1e-15*math.Max(1, math.Abs(a)), "%s value %d", msg, i)
					}
					covered++
				}
			}
		}
	}
	require.Equal(t, 16, covered)
}
