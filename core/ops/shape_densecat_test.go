package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Cat along a dense dim of hybrid tensors: the same dense value as cat of their
// dense forms, every entry kept (nse adds up), flagged coalesced only below two entries.
func TestCatAlongDenseDim(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 3))
	cases := []struct {
		shapes   [][]int64
		denseDim int
		dim      int
		layout   tensor.Layout
	}{
		{[][]int64{{3, 2}, {3, 4}, {3, 1}}, 1, 1, tensor.COO},
		{[][]int64{{2, 3, 2, 3}, {2, 3, 1, 3}}, 2, 2, tensor.COO},
		{[][]int64{{2, 3, 2, 3}, {2, 3, 2, 1}}, 2, -1, tensor.COO},
		{[][]int64{{4, 3, 2}, {4, 3, 3}}, 1, 2, tensor.CSR},
		{[][]int64{{3, 0}, {3, 2}}, 1, 1, tensor.COO},
	}
	for _, tc := range cases {
		var dense, hybrid []*tensor.Tensor
		nse := int64(0)
		for _, s := range tc.shapes {
			d := tensortest.RandomDense(t, rng, dtype.Float64, s, 0.5)
			h, err := convert.ToLayout(d, tc.layout, tensor.ConvertOptions{DenseDim: tc.denseDim, SparseDim: -1})
			require.NoError(t, err)
			dense, hybrid = append(dense, d), append(hybrid, h)
			nse += h.NNZ()
		}
		want, err := Cat(dense, tc.dim)
		require.NoError(t, err)
		got, err := Cat(hybrid, tc.dim)
		require.NoError(t, err, "%v", tc.shapes)
		require.Equal(t, tc.layout, got.Layout())
		require.Equal(t, tc.denseDim, got.DenseDim())
		tensortest.RequireSameDense(t, want, got, "%v along %d", tc.shapes, tc.dim)
		if tc.layout == tensor.COO {
			require.Equal(t, nse, got.NNZ())
			require.Equal(t, nse < 2, got.IsCoalesced())
		}
	}
}

// A non-zero fill value would leave the widened blocks wrong: refused.
func TestCatAlongDenseDimRefusesFillValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 4))
	h, err := convert.ToLayout(tensortest.RandomDense(t, rng, dtype.Float64, []int64{3, 2}, 0.5), tensor.COO, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
	require.NoError(t, err)
	one := dtype.NewArray(dtype.Float64, []int64{})
	one.SetComplex(0, dtype.Real(1))
	f, err := tensor.WithFill(h, one.Data)
	require.NoError(t, err)
	_, err = Cat([]*tensor.Tensor{f, f}, 1)
	require.ErrorContains(t, err, "only with fill value 0")
}
