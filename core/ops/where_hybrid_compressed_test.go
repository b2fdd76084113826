package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestWhereHybridCompressed: where with a strided condition beside a hybrid
// CSR or CSC tensor (2 sparse dims, 1 dense dim) whose rows store unequal
// counts: the result keeps the operand's layout and dense dim. It used to
// come back with every dim sparse, which CSR reads as a batch dim, refused
// with "batched sparse_csr tensors need the same number of specified
// elements" (masked_fill with a dense mask reaches the same path).
func TestWhereHybridCompressed(t *testing.T) {
	// 3 x 2 x 2: row 0 stores (0,1), row 1 nothing, row 2 (2,0)
	x := tensortest.MustDense(t, []float64{0, 0, 1, 2, 0, 0, 0, 0, 3, 4, 0, 0}, 3, 2, 2)
	cond := tensortest.MustDense(t, []float64{1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1}, 3, 2, 2)
	want := tensortest.MustDense(t, []float64{0, 9, 9, 2, 9, 9, 0, 9, 9, 9, 0, 0}, 3, 2, 2)
	for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
		h, err := convert.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
		require.NoError(t, err, l)
		got, err := Where(cond, TensorOperand(h), NumberOperand(dtype.FloatNumber(9)))
		require.NoError(t, err, l)
		require.Equal(t, l, got.Layout())
		require.Equal(t, 1, got.DenseDim(), "%s keeps its dense dim", l)
		tensortest.RequireSameDense(t, want, got, "%s", l)
	}
}
