package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Softmax on the engine (softmaxNative: CSR, CSC and coalesced COO over
// every dim) equals the COO path (softmaxViaCOO, the implementation before
// the engine): layout, index dtype, indices, flags, fill and values (to
// 1e-15 relative; NaN where it gave NaN), for softmax and log_softmax over
// float32 and float64, widths 32 and 64, 1-, 2- and 3-d shapes, with empty
// rows and columns, -inf and NaN.
func TestSoftmaxEngineMatchesCOOPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 4))
	covered := 0
	cases := []struct {
		l     tensor.Layout
		shape []int64
	}{{tensor.CSR, []int64{8, 6}}, {tensor.CSC, []int64{8, 6}}, {tensor.COO, []int64{8, 6}}, {tensor.COO, []int64{4, 3, 5}}, {tensor.COO, []int64{7}}}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			for _, c := range cases {
				x := tensortest.RandomDense(t, rng, d, c.shape, 0.5)
				v := x.Values()
				v.SetComplex(1, dtype.Real(math.Inf(-1)))
				v.SetComplex(5, dtype.Real(math.NaN()))
				last := c.shape[len(c.shape)-1]
				for j := int64(0); j < last && len(c.shape) > 1; j++ {
					v.SetComplex(3*last+j, dtype.Real(0)) // a row empty
				}
				for i := int64(2); i < v.Numel(); i += last {
					v.SetComplex(i, dtype.Real(0)) // a column empty
				}
				in, err := convert.ToLayout(x, c.l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
				require.NoError(t, err)
				for dim := range c.shape {
					for _, log := range []bool{false, true} {
						msg := fmt.Sprintf("%s %v %s w%d dim %d log %v", c.l, c.shape, d, w, dim, log)
						got, ok, err := softmaxNative(in, dim, log)
						require.NoError(t, err, msg)
						require.True(t, ok, msg)
						want, err := softmaxViaCOO(in, dim, log)
						require.NoError(t, err, msg)
						requireSameSoftmax(t, want, got, msg)
						covered++
					}
				}
			}
		}
	}
	require.Equal(t, 2*2*2*(2+2+2+3+1), covered)
}

// requireSameSoftmax compares two softmax results.
func requireSameSoftmax(t *testing.T, want, got *tensor.Tensor, msg string) {
	require.Equal(t, want.Layout(), got.Layout(), msg)
	require.Equal(t, want.Indices().DType, got.Indices().DType, msg)
	require.Equal(t, want.Indices().Data, got.Indices().Data, msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
	require.Equal(t, want.FillElem(), got.FillElem(), msg)
	wv, gv := want.Values(), got.Values()
	require.Equal(t, wv.Numel(), gv.Numel(), msg)
	for i := range wv.Numel() {
		a, b := wv.Complex(i).Re(), gv.Complex(i).Re()
		if math.IsNaN(a) || math.IsNaN(b) {
			require.True(t, math.IsNaN(a) && math.IsNaN(b), "%s value %d: %v vs %v", msg, i, a, b)
			continue
		}
		require.InDelta(t, a, b, 1e-15*math.Max(1, math.Abs(a)), "%s value %d", msg, i)
	}
}

// Softmax over the columns allocates its result (values, and the indices
// of a CSR input) plus two accumulators a column: a 200K-row Laplacian
// (1M entries) in CSR and COO, dims 0 and 1.
func TestSoftmaxAllocatesResultPlusColumns(t *testing.T) {
	for _, l := range []tensor.Layout{tensor.CSR, tensor.COO} {
		x := benchLaplacian(t, 447, l)
		for _, dim := range []int{0, 1} {
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Softmax(x, dim, false) })
			res := uint64(len(r.Values().Data))
			if l != tensor.COO { // a COO input's indices are shared
				res += uint64(len(r.Indices().Data))
			}
			limit := res + 16*uint64(x.Dims()[1]) + 256<<10
			require.LessOrEqual(t, got, limit, "%s dim %d: %d bytes allocated, limit %d", l, dim, got, limit)
		}
	}
}
