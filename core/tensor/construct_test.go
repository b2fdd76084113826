package tensor_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

func csr(crow, col []int64, vals []float64, size []int64, opt tensor.BuildOptions) (*tensor.Tensor, error) {
	return tensor.NewCompressed(tensor.CSR, dtype.Int64Array(crow), dtype.Int64Array(col), dtype.Float64Array(vals), size, opt)
}

// TestConstructorsRefuseBadInput covers the bad inputs of the issue: each is
// refused with a message naming the argument and the rule, with the right code.
func TestConstructorsRefuseBadInput(t *testing.T) {
	cases := []struct {
		name  string
		build func() (*tensor.Tensor, error)
		code  errs.Code
		msg   string
	}{
		{"coo index out of range", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{0, 5}, 1, 2), dtype.Float64Array([]float64{1, 2}), []int64{3}, tensor.BuildOptions{})
		}, errs.ErrIndex, "indices[0, 1] = 5 is out of range"},
		{"coo negative index", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{0, -1}, 1, 2), dtype.Float64Array([]float64{1, 2}), []int64{3}, tensor.BuildOptions{})
		}, errs.ErrIndex, "negative index -1"},
		{"coo negative index even unchecked", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{-1}, 1, 1), dtype.Float64Array([]float64{1}), nil, tensor.BuildOptions{NoCheck: true})
		}, errs.ErrIndex, "negative index"},
		{"coo nnz mismatch", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{0, 1}, 1, 2), dtype.Float64Array([]float64{1, 2, 3}), []int64{3}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "nnz from indices: 2, nnz from values: 3"},
		{"coo float indices", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Float64Array([]float64{0, 1}, 1, 2), dtype.Float64Array([]float64{1, 2}), nil, tensor.BuildOptions{})
		}, errs.ErrDType, "indices: expected int32 or int64"},
		{"coo size rank", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{0, 1}, 1, 2), dtype.Float64Array([]float64{1, 2}), []int64{3, 3}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "size: [3, 3] has 2 dims"},
		{"coo declared coalesced but not", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{1, 0}, 1, 2), dtype.Float64Array([]float64{1, 2}), []int64{3}, tensor.BuildOptions{Coalesced: true})
		}, errs.ErrInvalidArgument, "declared coalesced"},
		{"size overflows int64", func() (*tensor.Tensor, error) {
			return tensor.NewCOO(dtype.Int64Array([]int64{0, 0, 0}, 3, 1), dtype.Float64Array([]float64{1}), []int64{1 << 40, 1 << 40, 1 << 40}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "overflows int64"},
		{"crow not monotone", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 2, 1, 2}, []int64{0, 1}, []float64{1, 2}, []int64{3, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "crow_indices[1] = 2 > crow_indices[2] = 1: must not decrease"},
		{"crow last != nnz", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 1, 1}, []int64{0, 1}, []float64{1, 2}, []int64{2, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "crow_indices[2] = 1: must equal nnz = 2"},
		{"crow first != 0", func() (*tensor.Tensor, error) {
			return csr([]int64{1, 2, 2}, []int64{0, 1}, []float64{1, 2}, []int64{2, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "crow_indices[0] = 1: must be 0"},
		{"col out of range", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 1, 2}, []int64{0, 2}, []float64{1, 2}, []int64{2, 2}, tensor.BuildOptions{})
		}, errs.ErrIndex, "col_indices[1] = 2 is out of range"},
		{"cols unsorted in a row", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 2, 2}, []int64{1, 0}, []float64{1, 2}, []int64{2, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "col_indices[1] = 0 follows 1"},
		{"cols repeated in a row", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 2, 2}, []int64{1, 1}, []float64{1, 2}, []int64{2, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "sorted and distinct"},
		{"values length disagrees", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 1, 2}, []int64{0, 1}, []float64{1, 2, 3}, []int64{2, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "values: shape [3]"},
		{"crow length disagrees with size", func() (*tensor.Tensor, error) {
			return csr([]int64{0, 1, 2}, []int64{0, 1}, []float64{1, 2}, []int64{3, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "crow_indices: last dimension has 3 entries, expected size[0] / 1 + 1 = 4"},
		{"index dtypes differ", func() (*tensor.Tensor, error) {
			return tensor.NewCompressed(tensor.CSR, dtype.Int64Array([]int64{0, 1}), dtype.Int32Array([]int32{0}), dtype.Float64Array([]float64{1}), nil, tensor.BuildOptions{})
		}, errs.ErrDType, "must have the same dtype"},
		{"blocksize does not divide", func() (*tensor.Tensor, error) {
			return tensor.NewCompressed(tensor.BSR, dtype.Int64Array([]int64{0, 1}), dtype.Int64Array([]int64{0}), dtype.Float64Array(make([]float64, 4), 1, 2, 2), []int64{3, 2}, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "Tensor size(-2) 3 needs to be divisible by blocksize[0] 2"},
		{"not a compressed layout", func() (*tensor.Tensor, error) {
			return tensor.NewCompressed(tensor.COO, dtype.Int64Array([]int64{0}), dtype.Int64Array([]int64{}), dtype.Float64Array(nil), nil, tensor.BuildOptions{})
		}, errs.ErrInvalidArgument, "layout: expected"},
		{"unknown dtype", func() (*tensor.Tensor, error) {
			return tensor.NewStrided(dtype.Array{DType: dtype.DType(999), Shape: []int64{1}, Data: make([]byte, 8)})
		}, errs.ErrDType, "unknown dtype code 999"},
		{"buffer too short", func() (*tensor.Tensor, error) {
			return tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{2}, Data: make([]byte, 8)})
		}, errs.ErrInvalidArgument, "buffer has 8 bytes"},
		{"data shape negative", func() (*tensor.Tensor, error) {
			return tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{2, -1}, Data: []byte{}})
		}, errs.ErrInvalidArgument, "data.shape[1] = -1: sizes must be non-negative"},
		{"data shape overflows", func() (*tensor.Tensor, error) {
			return tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{1 << 40, 1 << 40}, Data: []byte{}})
		}, errs.ErrInvalidArgument, "data.shape = [1099511627776, 1099511627776]: the number of elements overflows int64"},
		{"negative size", func() (*tensor.Tensor, error) {
			return tensor.Empty(tensor.CSR, dtype.Float64, []int64{-1, 2}, [2]int64{}, 0)
		}, errs.ErrInvalidArgument, "non-negative"},
		{"empty bsr needs blocksize", func() (*tensor.Tensor, error) {
			return tensor.Empty(tensor.BSR, dtype.Float64, []int64{2, 2}, [2]int64{}, 0)
		}, errs.ErrInvalidArgument, "blocksize"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, err := c.build()
			require.Error(t, err)
			require.Nil(t, x)
			require.Equal(t, c.code, errs.CodeOf(err), err.Error())
			require.Contains(t, err.Error(), c.msg)
		})
	}
}

// TestConstructorsLeaveInputsUntouched checks a refused construction changes nothing.
func TestConstructorsLeaveInputsUntouched(t *testing.T) {
	crow, col, vals := dtype.Int64Array([]int64{0, 2, 1}), dtype.Int64Array([]int64{1, 0}), dtype.Float64Array([]float64{1, 2})
	before := [][]byte{append([]byte(nil), crow.Data...), append([]byte(nil), col.Data...), append([]byte(nil), vals.Data...)}
	_, err := tensor.NewCompressed(tensor.CSR, crow, col, vals, []int64{2, 2}, tensor.BuildOptions{})
	require.Error(t, err)
	require.Equal(t, before, [][]byte{crow.Data, col.Data, vals.Data})
}

func TestSizeInference(t *testing.T) {
	coo, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1, 1, 2, 0, 2}, 2, 3), dtype.Float64Array([]float64{3, 4, 5}), nil, tensor.BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, []int64{2, 3}, coo.Dims())
	bsr, err := tensor.NewCompressed(tensor.BSR, dtype.Int64Array([]int64{0, 1, 2}), dtype.Int64Array([]int64{0, 1}), dtype.Float64Array(make([]float64, 12), 2, 2, 3), nil, tensor.BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, []int64{4, 6}, bsr.Dims())
	require.Equal(t, [2]int64{2, 3}, bsr.BlockSize())
	csc, err := tensor.NewCompressed(tensor.CSC, dtype.Int32Array([]int32{0, 1, 1, 2}), dtype.Int32Array([]int32{4, 0}), dtype.Float64Array([]float64{1, 2}), nil, tensor.BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, []int64{5, 3}, csc.Dims())
	require.Equal(t, 32, csc.IndexWidth())
}

func TestBatchedCompressedComponents(t *testing.T) {
	x := tensortest.MustDense(t, []float64{1, 0, 2, 3, 4, 0, 5, 6}, 2, 2, 2)
	c, err := convert.ToLayout(x, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	crow, err := tensor.Component(c, tensor.CompCrowIndices)
	require.NoError(t, err)
	require.Equal(t, []int64{2, 3}, crow.Shape)
	require.Equal(t, []int32{0, 1, 3, 0, 1, 3}, dtype.AsSlice[int32](crow))
	col, _ := tensor.Component(c, tensor.CompColIndices)
	require.Equal(t, []int64{2, 3}, col.Shape)
	require.Equal(t, []int32{0, 0, 1, 0, 0, 1}, dtype.AsSlice[int32](col))
	v, _ := tensor.Component(c, tensor.CompValues)
	require.Equal(t, []int64{2, 3}, v.Shape)
	// rebuilding from torch's per-batch components gives the same tensor
	back, err := tensor.NewCompressed(tensor.CSR, crow, col, v, nil, tensor.BuildOptions{})
	require.NoError(t, err)
	tensortest.RequireSameDense(t, x, back)
	_, err = tensor.Component(c, tensor.CompCcolIndices)
	require.Error(t, err)
	_, err = tensor.Component(c, tensor.CompIndices)
	require.Error(t, err)
}

// TestNewStridedCopy checks that the tensor keeps a copy, not data, and that
// bad data is refused as NewStrided refuses it.
func TestNewStridedCopy(t *testing.T) {
	data := dtype.Float64Array([]float64{1, 2, 3, 4}, 2, 2)
	x, err := tensor.NewStridedCopy(data)
	require.NoError(t, err)
	dtype.AsSlice[float64](data)[0], data.Shape[0] = 9, 5
	v, err := tensor.Component(x, tensor.CompRawValues)
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 3, 4}, dtype.AsSlice[float64](v))
	require.Equal(t, []int64{2, 2}, x.Dims())

	bad := dtype.Array{DType: dtype.Float64, Shape: []int64{2}, Data: make([]byte, 8)}
	_, want := tensor.NewStrided(bad)
	_, err = tensor.NewStridedCopy(bad)
	require.Equal(t, want, err)
}

// NonNegative skips NewCOO's scan for negative indices (the mmio reader,
// whose parse checked every index, builds with it): a negative index that
// NoCheck alone refuses passes unseen, so the caller's promise is what
// keeps the tensor valid.
func TestNewCOONonNegativeSkipsScan(t *testing.T) {
	idx := func() dtype.Array { return dtype.Int64Array([]int64{0, -1}, 1, 2) }
	vals := dtype.Float64Array([]float64{1, 2})
	_, err := tensor.NewCOO(idx(), vals, []int64{3}, tensor.BuildOptions{NoCheck: true})
	require.ErrorContains(t, err, "negative index -1")
	_, err = tensor.NewCOO(idx(), vals, []int64{3}, tensor.BuildOptions{NoCheck: true, NonNegative: true})
	require.NoError(t, err)
}
