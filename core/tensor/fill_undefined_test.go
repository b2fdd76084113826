package tensor_test

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/require"
)

// undefCOO is an uncoalesced 3x4 COO with an undefined fill, storing a 0
// and a 1 (the values a stand-in fill could take) and a duplicate.
func undefCOO(t *testing.T) *tensor.Tensor {
	idx := dtype.Int64Array([]int64{0, 2, 0, 0, 0, 1, 3, 3}, 2, 4)
	c, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{0, 1, 2.5, -1}, 4), []int64{3, 4}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err := tensor.WithUndefinedFill(c)
	require.NoError(t, err)
	return u
}

// TestUndefinedFillRefusals: to_dense, a strided conversion, a change of
// dense dims and block padding are refused by name; a strided tensor cannot
// take an undefined fill; giving a value makes the dense form.
func TestUndefinedFillRefusals(t *testing.T) {
	u := undefCOO(t)
	_, err := convert.ToDense(u)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "fill_value")
	_, err = convert.ToLayout(u, tensor.Strided, tensor.DefaultConvert())
	require.Error(t, err)
	opt := tensor.DefaultConvert()
	opt.BlockSize = [2]int64{1, 2}
	_, err = convert.ToLayout(u, tensor.BSR, opt)
	require.Equal(t, errs.ErrUnsupported, errs.CodeOf(err))
	opt = tensor.DefaultConvert()
	opt.DenseDim = 1
	_, err = convert.ToLayout(u, tensor.COO, opt)
	require.Equal(t, errs.ErrUnsupported, errs.CodeOf(err))
	d, err := convert.ToDense(u)
	require.Nil(t, d)
	require.Error(t, err)
	s, err := convert.ToDense(tensor.Refill(undefCOO(t), make([]byte, 8)))
	require.NoError(t, err)
	_, err = tensor.WithUndefinedFill(s)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	v, err := tensor.WithFill(u, dtype.Float64Array([]float64{7}, 1).Data)
	require.NoError(t, err)
	d, err = convert.ToDense(v)
	require.NoError(t, err)
	require.Equal(t, []float64{0, 7, 7, 1.5, 7, 7, 7, 7, 7, 1, 7, 7}, dtype.AsSlice[float64](d.Values()))
}

// TestWithSlotFillKinds: an array of shape (0,) is the undefined fill; an
// array of another dtype is a dtype error (the RFC's TypeError).
func TestWithSlotFillKinds(t *testing.T) {
	idx := dtype.Int64Array([]int64{0, 1}, 1, 2)
	c, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2, 3, 4}, 2, 2), []int64{3, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err := tensor.WithSlotFill(c, tensor.CastArray(dtype.Float64Array([]float64{}, 0), dtype.Float32))
	require.NoError(t, err)
	require.True(t, u.UndefinedFill())
	_, err = tensor.WithSlotFill(c, tensor.CastArray(dtype.Float64Array([]float64{1, 2}, 2), dtype.Float32))
	require.Equal(t, errs.ErrDType, errs.CodeOf(err))
	require.Contains(t, err.Error(), "fill_value")
	p, err := tensor.WithSlotFill(c, dtype.Float64Array([]float64{1, 2}, 2))
	require.NoError(t, err)
	require.True(t, p.PerSlotFill())
}

// TestUndefinedFillRefusesBatchPadding: a batched CSR holds as many entries
// in every batch (torch's rule), so a COO whose batches specify different
// numbers of elements is refused, not padded with specified elements.
func TestUndefinedFillRefusesBatchPadding(t *testing.T) {
	idx := dtype.Int64Array([]int64{0, 0, 1, 0, 1, 0, 1, 1, 0}, 3, 3)
	c, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{2, 2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err := tensor.WithUndefinedFill(c)
	require.NoError(t, err)
	_, err = convert.ToLayout(u, tensor.CSR, tensor.DefaultConvert())
	require.Error(t, err)
	require.Contains(t, err.Error(), "same number of specified elements")
	// Equal batches need no padding.
	idx = dtype.Int64Array([]int64{0, 1, 0, 1, 1, 0}, 3, 2)
	c, err = tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2}, 2), []int64{2, 2, 2}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err = tensor.WithUndefinedFill(c)
	require.NoError(t, err)
	r, err := convert.ToLayout(u, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	require.True(t, r.UndefinedFill())
}
