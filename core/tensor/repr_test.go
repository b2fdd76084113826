package tensor_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// The expected texts are what torch 1.13 prints for the same tensors.
func TestReprMatchesTorch(t *testing.T) {
	x := tensortest.MustDense(t, []float64{1, 2, 3, 4}, 2, 2)
	c, _ := convert.ToLayout(x, tensor.CSR, tensor.DefaultConvert())
	require.Equal(t, "tensor(crow_indices=tensor([0, 2, 4]),\n       col_indices=tensor([0, 1, 0, 1]),\n       values=tensor([1., 2., 3., 4.]), size=(2, 2), nnz=4,\n       dtype=torch.float64, layout=torch.sparse_csr)", c.String())
	f32, _ := convert.ToDType(c, dtype.Float32)
	require.Equal(t, "tensor(crow_indices=tensor([0, 2, 4]),\n       col_indices=tensor([0, 1, 0, 1]),\n       values=tensor([1., 2., 3., 4.]), size=(2, 2), nnz=4,\n       layout=torch.sparse_csr)", f32.String())
	coo, _ := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 1, 2, 0, 2}, 2, 3), dtype.Int64Array([]int64{3, 4, 5}), nil, tensor.BuildOptions{})
	require.Equal(t, "tensor(indices=tensor([[0, 1, 1],\n                       [2, 0, 2]]),\n       values=tensor([3, 4, 5]),\n       size=(2, 3), nnz=3, layout=torch.sparse_coo)", coo.String())
	require.Equal(t, "tensor([[1., 2.],\n        [3., 4.]], dtype=torch.float64)", x.String())
	frac := tensortest.MustDense(t, []float64{0.5, -1.25, 1000}, 3)
	require.Equal(t, "tensor([ 5.0000e-01, -1.2500e+00,  1.0000e+03], dtype=torch.float64)", frac.String())
	small := tensortest.MustDense(t, []float64{0.5, -1.25}, 2)
	require.Equal(t, "tensor([ 0.5000, -1.2500], dtype=torch.float64)", small.String())
	e, _ := tensor.Empty(tensor.COO, dtype.Float32, []int64{2, 3}, [2]int64{}, 0)
	require.Equal(t, "tensor(indices=tensor([], size=(2, 0)),\n       values=tensor([], size=(0,)),\n       size=(2, 3), nnz=0, layout=torch.sparse_coo)", e.String())
	b, _ := convert.ToDType(tensortest.MustDense(t, []float64{0, 1}, 2), dtype.Bool)
	require.Equal(t, "tensor([False,  True])", b.String())
	z, _ := convert.ToDType(tensortest.MustDense(t, []float64{1, 2}, 2), dtype.Complex128)
	require.Equal(t, "tensor([1.+0.j, 2.+0.j], dtype=torch.complex128)", z.String())
}

func TestReprSummarisesLargeTensors(t *testing.T) {
	v := make([]float64, 2000)
	for i := range v {
		v[i] = float64(i)
	}
	s := tensortest.MustDense(t, v, 2000).String()
	require.Equal(t, "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n        1.9990e+03], dtype=torch.float64)", s)
}
