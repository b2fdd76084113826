package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Where on the engine (whereNative: a bool condition and a tensor of its
// pattern, a number for the other side) equals the merge of the three
// operands (whereMerge, the implementation before the engine): layout,
// index dtype, pattern, values and fill bit for bit, coalesced flag, over
// CSR, CSC and COO x dtypes x index widths x the number on either side x
// condition and tensor fills.
func TestWhereEngineMatchesMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 6))
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Float16, dtype.Int64, dtype.Int8, dtype.Bool, dtype.Complex128} {
		for _, w := range []int{32, 64} {
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
				x, err := convert.ToLayout(tensortest.RandomDense(t, rng, d, []int64{7, 9}, 0.4), l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
				require.NoError(t, err)
				for _, tfill := range []int64{0, 1} {
					xt, err := tensor.WithFill(x, tensor.ScalarBytes(d, dtype.IntScalar(tfill)))
					require.NoError(t, err)
					cond, err := BinaryByName("ne", TensorOperand(xt), NumberOperand(dtype.IntNumber(0)), BinaryArgs{})
					require.NoError(t, err)
					num := NumberOperand(dtype.IntNumber(1))
					if d.IsFloat() || d.IsComplex() {
						num = NumberOperand(dtype.FloatNumber(-2.5))
					}
					for _, numberFirst := range []bool{false, true} {
						a, b := TensorOperand(xt), num
						if numberFirst {
							a, b = b, a
						}
						msg := fmt.Sprintf("%s %s w%d fill %d number first %v", l, d, w, tfill, numberFirst)
						as, err := whereOperand("x", a, cond)
						require.NoError(t, err)
						bs, err := whereOperand("y", b, cond)
						require.NoError(t, err)
						out := resultType(a, b)
						got, ok, err := whereNative(cond, a, b, as, bs, out)
						require.NoError(t, err, msg)
						if out != d || (l == tensor.COO && w == 32) { // a promoting number; int32 COO (the merge widens it)
							require.False(t, ok, msg)
							continue
						}
						require.True(t, ok, msg)
						want, err := whereMerge(cond, a, b, as, bs, out)
						require.NoError(t, err, msg)
						require.Equal(t, want.Layout(), got.Layout(), msg)
						require.Equal(t, want.DType(), got.DType(), msg)
						require.Equal(t, want.IndexWidth(), got.IndexWidth(), msg)
						require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), msg)
						require.Equal(t, want.Indices().Data, got.Indices().Data, msg)
						for i, lv := range want.Levels() {
							require.Equal(t, lv.Pos.Data, got.Levels()[i].Pos.Data, msg)
							require.Equal(t, lv.Crd.Data, got.Levels()[i].Crd.Data, msg)
						}
						require.Equal(t, want.Values().Data, got.Values().Data, msg)
						require.Equal(t, want.FillElem(), got.FillElem(), msg)
						covered++
					}
				}
			}
		}
	}
	require.Greater(t, covered, 100)
}
