package autograd

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// dense2 is a strided float64 leaf of shape (m, n) holding v.
func dense2(t *testing.T, v []float64, m, n int64) *Var {
	t.Helper()
	d, err := tensor.NewStrided(dtype.Float64Array(v, m, n))
	require.NoError(t, err)
	x, err := Leaf(d, true)
	require.NoError(t, err)
	return x
}

// Gather's copy map: cat([x, x], 1) sends each element of x the sum of the two
// gradients copied from it; index_select with a repeated index adds them too.
func TestGatherScattersByNumber(t *testing.T) {
	x := dense2(t, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	y, err := Gather("CatBackward0", []*Var{x, x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return ops.Cat(ts, 1) })
	require.NoError(t, err)
	seed, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 3, 10, 20, 30, 4, 5, 6, 40, 50, 60}, 2, 6))
	require.NoError(t, err)
	require.NoError(t, Backward(y, seed, false))
	require.Equal(t, []float64{11, 22, 33, 44, 55, 66}, values64(t, x.Grad()))

	s, err := convert.ToLayout(x.Tensor(), tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	xs, err := Leaf(s, true)
	require.NoError(t, err)
	idx := dtype.Int64Array([]int64{2, 2, 0})
	y, err = Gather("IndexSelectBackward0", []*Var{xs}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return ops.IndexSelect(ts[0], 1, idx) })
	require.NoError(t, err)
	seed, err = tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	require.NoError(t, err)
	require.NoError(t, Backward(y, seed, false))
	g := xs.Grad()
	require.Equal(t, tensor.CSR, g.Layout())
	require.Equal(t, []float64{3, 0, 3, 6, 0, 9}, values64(t, g))
}

// prod's gradient divides by no zero: one zero in a row gets the product of the
// others and the rest nothing; two zeros give the row nothing.
func TestProdGradientWithZeros(t *testing.T) {
	x := dense2(t, []float64{2, 0, 3, 0, 0, 1, 2, 4, 5}, 3, 3)
	y, err := Prod(x, []int{1})
	require.NoError(t, err)
	require.Equal(t, "ProdBackward1", y.Fn().Name())
	seed, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 1, 2}, 3))
	require.NoError(t, err)
	require.NoError(t, Backward(y, seed, false))
	require.Equal(t, []float64{0, 6, 0, 0, 0, 0, 40, 20, 16}, values64(t, x.Grad()))
}
