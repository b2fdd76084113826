package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Where of a bool strided condition with strided tensors or numbers runs
// through engine.Choose and gives whereStrided's result bit for bit: mixed
// dtypes promote, numbers on either side, -0 and NaN kept.
func TestWhereChooseMatchesWhereStrided(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 9))
	shape := []int64{4, 9}
	mk := func(d dtype.DType) *tensor.Tensor {
		a := dtype.NewArray(d, shape)
		for i := range a.Numel() {
			v := []float64{math.Copysign(0, -1), math.NaN(), 2.5, -7, 0}[rng.IntN(5)]
			if !d.IsFloat() {
				v = float64(rng.IntN(5))
			}
			a.SetComplex(i, dtype.Real(v))
		}
		x, err := tensor.NewStrided(a)
		require.NoError(t, err)
		return x
	}
	cond := mk(dtype.Bool)
	operands := []Operand{
		TensorOperand(mk(dtype.Float64)), TensorOperand(mk(dtype.Float32)), TensorOperand(mk(dtype.Int32)),
		NumberOperand(dtype.FloatNumber(math.Copysign(0, -1))), NumberOperand(dtype.IntNumber(-3)),
	}
	for i, x := range operands {
		for j, y := range operands {
			if x.Tensor == nil && y.Tensor == nil {
				continue
			}
			got, err := Where(cond, x, y)
			require.NoError(t, err)
			xs, err := whereOperand("x", x, cond)
			require.NoError(t, err)
			ys, err := whereOperand("y", y, cond)
			require.NoError(t, err)
			want, err := whereStrided([]*tensor.Tensor{cond, xs, ys}, resultType(x, y))
			require.NoError(t, err)
			require.Equal(t, want.DType(), got.DType(), "operands %d, %d", i, j)
			require.Equal(t, want.Values().Data, got.Values().Data, "operands %d, %d", i, j)
		}
	}
}
