package linalg

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestSparseAddmmNaNFillInput: an all-sparse addmm whose input has a NaN
// fill keeps input's stored values (the sum does not split the NaN fill
// off them), here with an empty inner dim, the product being zeros.
func TestSparseAddmmNaNFillInput(t *testing.T) {
	nan := math.NaN()
	in, err := tensor.NewCOO(dtype.Int64Array([]int64{1, 0}, 2, 1), dtype.Float64Array([]float64{-0.25}, 1), []int64{2, 1}, tensor.BuildOptions{})
	require.NoError(t, err)
	in, err = tensor.WithFill(in, tensor.ScalarBytes(dtype.Float64, dtype.Real(nan)))
	require.NoError(t, err)
	empty := func(r, c int64) *tensor.Tensor {
		x, err := tensor.NewCOO(dtype.Int64Array(nil, 2, 0), dtype.Float64Array(nil, 0), []int64{r, c}, tensor.BuildOptions{})
		require.NoError(t, err)
		x, err = tensor.WithFill(x, tensor.ScalarBytes(dtype.Float64, dtype.Real(math.Inf(1))))
		require.NoError(t, err)
		return x
	}
	for _, k := range []int64{0, 3} {
		got, err := SparseAddmm(in, empty(2, k), empty(k, 1), dtype.IntScalar(1), dtype.IntScalar(-1))
		require.NoError(t, err)
		want := []complex128{complex(nan, 0), -0.25}
		if k > 0 { // -(inf * inf * k) = -inf
			want = []complex128{complex(nan, 0), complex(math.Inf(-1), 0)}
		}
		requireIEEE(t, dmat{shape: []int64{2, 1}, v: want}, got, dtype.Float64, "k")
	}
}
