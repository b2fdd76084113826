package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestBlockedHybridWithOtherLayout: a hybrid BSR operand (block over its two
// sparse dims, a dense dim after them) with a COO or CSC operand: the block
// size applies to the BSR's sparse dims, not to a split with fewer dense
// dims where it need not divide (found by internal/proptest, seed 1 cases
// 1481 and 54504).
func TestBlockedHybridWithOtherLayout(t *testing.T) {
	dense := tensortest.MustDense(t, []float64{0, 0, 0, 1, 0, 1}, 1, 2, 3)
	bsr, err := convert.ToLayout(dense, tensor.BSR, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1, BlockSize: [2]int64{1, 2}})
	require.NoError(t, err)
	other := tensortest.MustDense(t, []float64{-5, 2, 0, 0, 3, -1}, 1, 2, 3)
	coo, err := convert.ToLayout(other, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	csc, err := convert.ToLayout(other, tensor.CSC, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	for _, o := range []*tensor.Tensor{coo, csc} {
		got, err := BinaryByName("add", TensorOperand(bsr), TensorOperand(o), BinaryArgs{})
		require.NoError(t, err, "add %s", o.Layout())
		tensortest.RequireSameDense(t, tensortest.MustDense(t, []float64{-5, 2, 0, 1, 3, 0}, 1, 2, 3), got, "add %s", o.Layout())
		got, err = Where(bsr, TensorOperand(o), NumberOperand(dtype.FloatNumber(7)))
		require.NoError(t, err, "where %s", o.Layout())
		tensortest.RequireSameDense(t, tensortest.MustDense(t, []float64{7, 7, 7, 0, 7, -1}, 1, 2, 3), got, "where %s", o.Layout())
	}
}
