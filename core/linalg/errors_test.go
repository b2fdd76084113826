package linalg

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Shapes, dtypes and scalars that disagree are refused with a message that
// names the argument, and the inputs stay as they were.
func TestLinalgRefusals(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	sp := func(d dtype.DType, shape ...int64) *tensor.Tensor {
		x, err := convert.ToLayout(tensortest.RandomDense(t, rng, d, shape, 0.5), tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		return x
	}
	dn := func(d dtype.DType, shape ...int64) *tensor.Tensor {
		return tensortest.RandomDense(t, rng, d, shape, 0.5)
	}
	coo := func(d dtype.DType, shape ...int64) *tensor.Tensor {
		x, err := convert.ToLayout(tensortest.RandomDense(t, rng, d, shape, 0.5), tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		return x
	}
	a, b := sp(dtype.Float64, 5, 4), dn(dtype.Float64, 5, 3)
	before := tensor.Clone(a)
	one := dtype.IntScalar(1)
	cases := []struct {
		name string
		run  func() (*tensor.Tensor, error)
		code errs.Code
		msg  string
	}{
		{"mm shapes", func() (*tensor.Tensor, error) { return Mm(a, b) }, errs.ErrInvalidArgument, "mm: Argument #2 (mat2): expected dim 0 size 4 (the columns of mat1), got 5"},
		{"mm 3-D", func() (*tensor.Tensor, error) { return Mm(a, dn(dtype.Float64, 2, 4, 3)) }, errs.ErrInvalidArgument, "mm: Argument #2 (mat2): expected a 2-D tensor, got a 3-D tensor"},
		{"mm nil", func() (*tensor.Tensor, error) { return Mm(nil, b) }, errs.ErrInvalidArgument, "mm: Argument #1 (mat1): is nil"},
		{"sparse.mm shapes", func() (*tensor.Tensor, error) { return SparseMm(a, sp(dtype.Float64, 5, 3)) }, errs.ErrInvalidArgument, "sparse.mm: Argument #2 (mat2): expected dim 0 size 4"},
		{"mm bool", func() (*tensor.Tensor, error) { return Mm(sp(dtype.Bool, 2, 2), sp(dtype.Bool, 2, 2)) }, errs.ErrDType, "dtype bool is not supported"},
		{"mv shapes", func() (*tensor.Tensor, error) { return Mv(a, dn(dtype.Float64, 5)) }, errs.ErrInvalidArgument, "mv: Argument #2 (vec): expected dim 0 size 4 (the columns of mat), got 5"},
		{"mv 2-D vec", func() (*tensor.Tensor, error) { return Mv(a, dn(dtype.Float64, 4, 1)) }, errs.ErrInvalidArgument, "mv: Argument #2 (vec): expected a 1-D tensor"},
		{"addmm input", func() (*tensor.Tensor, error) {
			return Addmm(dn(dtype.Float64, 4, 3), a, dn(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "addmm: Argument #1 (input): size [4, 3] cannot broadcast to the result size [5, 3]"},
		{"addmm input ignored but checked", func() (*tensor.Tensor, error) {
			return Addmm(dn(dtype.Float64, 2), a, dn(dtype.Float64, 4, 3), dtype.IntScalar(0), one)
		}, errs.ErrInvalidArgument, "addmm: Argument #1 (input)"},
		{"addmm mat2", func() (*tensor.Tensor, error) { return Addmm(dn(dtype.Float64, 5, 3), a, b, one, one) }, errs.ErrInvalidArgument, "addmm: Argument #3 (mat2): expected dim 0 size 4 (the columns of mat1), got 5"},
		{"addmm sparse input size", func() (*tensor.Tensor, error) {
			return Addmm(sp(dtype.Float64, 1, 3), a, sp(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "a sparse input does not broadcast"},
		{"addmm complex alpha", func() (*tensor.Tensor, error) {
			return Addmm(dn(dtype.Float64, 5, 3), a, dn(dtype.Float64, 4, 3), one, dtype.Complex128Scalar(1i))
		}, errs.ErrInvalidArgument, "addmm: alpha = (0+1i) is complex"},
		{"addmm float alpha for int", func() (*tensor.Tensor, error) {
			return Addmm(dn(dtype.Int64, 5, 3), sp(dtype.Int64, 5, 4), dn(dtype.Int64, 4, 3), one, dtype.Real(0.5))
		}, errs.ErrInvalidArgument, "addmm: alpha = 0.5 must be an integer"},
		{"addmv input", func() (*tensor.Tensor, error) { return Addmv(dn(dtype.Float64, 4), a, dn(dtype.Float64, 4), one, one) }, errs.ErrInvalidArgument, "addmv: Argument #1 (input): size [4] cannot broadcast to the result size [5] (dim 0 has size 4, expected 5 or 1)"},
		{"bmm batch", func() (*tensor.Tensor, error) { return Bmm(dn(dtype.Float64, 2, 3, 4), dn(dtype.Float64, 3, 4, 2)) }, errs.ErrInvalidArgument, "bmm: Argument #2 (mat2): expected dim 0 size 2 (the batch size of mat1), got 3"},
		{"bmm inner", func() (*tensor.Tensor, error) { return Bmm(dn(dtype.Float64, 2, 3, 4), dn(dtype.Float64, 2, 5, 2)) }, errs.ErrInvalidArgument, "bmm: Argument #2 (mat2): expected dim 1 size 4"},
		{"bmm 2-D", func() (*tensor.Tensor, error) { return Bmm(a, b) }, errs.ErrInvalidArgument, "bmm: Argument #1 (mat1): expected a 3-D tensor"},
		{"hspmm shapes", func() (*tensor.Tensor, error) { return Hspmm(a, b) }, errs.ErrInvalidArgument, "hspmm: Argument #2 (mat2): expected dim 0 size 4"},
		{"sspaddmm input", func() (*tensor.Tensor, error) {
			return Sspaddmm(coo(dtype.Float64, 5, 2), coo(dtype.Float64, 5, 4), dn(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "sspaddmm: Argument #1 (input): expected size [5, 3]"},
		// torch's layouts only: sspaddmm(COO, COO, strided), sampled_addmm(CSR, strided, strided).
		{"sspaddmm dense input", func() (*tensor.Tensor, error) {
			return Sspaddmm(b, coo(dtype.Float64, 5, 4), dn(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "sspaddmm: Argument #1 (input): expected a sparse_coo tensor, got strided"},
		{"sspaddmm CSR input", func() (*tensor.Tensor, error) {
			return Sspaddmm(sp(dtype.Float64, 5, 3), coo(dtype.Float64, 5, 4), dn(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "sspaddmm: Argument #1 (input): expected a sparse_coo tensor, got sparse_csr"},
		{"sspaddmm CSR mat1", func() (*tensor.Tensor, error) {
			return Sspaddmm(coo(dtype.Float64, 5, 3), a, dn(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "sspaddmm: Argument #2 (mat1): expected a sparse_coo tensor, got sparse_csr"},
		{"sspaddmm sparse mat2", func() (*tensor.Tensor, error) {
			return Sspaddmm(coo(dtype.Float64, 5, 3), coo(dtype.Float64, 5, 4), coo(dtype.Float64, 4, 3), one, one)
		}, errs.ErrInvalidArgument, "sspaddmm: Argument #3 (mat2): expected a strided tensor, got sparse_coo"},
		{"sampled_addmm COO input", func() (*tensor.Tensor, error) {
			return SampledAddmm(coo(dtype.Float64, 5, 3), dn(dtype.Float64, 5, 2), dn(dtype.Float64, 2, 3), one, one)
		}, errs.ErrInvalidArgument, "sparse.sampled_addmm: Argument #1 (input): expected a sparse_csr tensor, got sparse_coo"},
		{"sampled_addmm dense input", func() (*tensor.Tensor, error) {
			return SampledAddmm(b, dn(dtype.Float64, 5, 2), dn(dtype.Float64, 2, 3), one, one)
		}, errs.ErrInvalidArgument, "sparse.sampled_addmm: Argument #1 (input): expected a sparse_csr tensor, got strided"},
		{"sampled_addmm sparse mat1", func() (*tensor.Tensor, error) {
			return SampledAddmm(sp(dtype.Float64, 5, 3), sp(dtype.Float64, 5, 2), dn(dtype.Float64, 2, 3), one, one)
		}, errs.ErrInvalidArgument, "sparse.sampled_addmm: Argument #2 (mat1): expected a strided tensor, got sparse_csr"},
		{"sampled_addmm sparse mat2", func() (*tensor.Tensor, error) {
			return SampledAddmm(sp(dtype.Float64, 5, 3), dn(dtype.Float64, 5, 2), coo(dtype.Float64, 2, 3), one, one)
		}, errs.ErrInvalidArgument, "sparse.sampled_addmm: Argument #3 (mat2): expected a strided tensor, got sparse_coo"},
		{"sampled_addmm mat1", func() (*tensor.Tensor, error) {
			return SampledAddmm(sp(dtype.Float64, 5, 3), dn(dtype.Float64, 4, 2), dn(dtype.Float64, 2, 3), one, one)
		}, errs.ErrInvalidArgument, "sparse.sampled_addmm: Argument #2 (mat1): expected dim 0 size 5 (the rows of input), got 4"},
		{"sampled_addmm mat2", func() (*tensor.Tensor, error) {
			return SampledAddmm(sp(dtype.Float64, 5, 3), dn(dtype.Float64, 5, 2), dn(dtype.Float64, 2, 4), one, one)
		}, errs.ErrInvalidArgument, "sparse.sampled_addmm: Argument #3 (mat2): expected dim 1 size 3 (the columns of input), got 4"},
		{"matmul 4-D", func() (*tensor.Tensor, error) { return Matmul(dn(dtype.Float64, 1, 1, 1, 1), b) }, errs.ErrInvalidArgument, "matmul: Argument #1 (input): expected a 1-D or 2-D or 3-D tensor"},
		{"matmul shapes", func() (*tensor.Tensor, error) { return Matmul(dn(dtype.Float64, 3), dn(dtype.Float64, 4)) }, errs.ErrInvalidArgument, "input and other shapes cannot be multiplied"},
	}
	for _, c := range cases {
		r, err := c.run()
		require.Error(t, err, c.name)
		require.Nil(t, r, c.name)
		require.Equal(t, c.code, errs.CodeOf(err), "%s: %v", c.name, err)
		require.Contains(t, err.Error(), c.msg, c.name)
	}
	requireUntouched(t, before, a, "refusals")
}

// A sparse @ sparse product above the memory limit fails with ErrTooLarge
// before its result is allocated; within the limit it succeeds.
func TestLinalgSpGEMMMemoryLimit(t *testing.T) {
	old := tensor.MemoryLimit()
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	// An arrow matrix: a full first row and column make its square dense.
	n := int64(200)
	var idx []int64
	var rows, cols []int64
	for i := int64(0); i < n; i++ {
		rows, cols = append(rows, 0, i), append(cols, i, 0)
	}
	idx = append(rows, cols...)
	vals := dtype.NewArray(dtype.Float64, []int64{2 * n})
	for i := range dtype.AsSlice[float64](vals) {
		dtype.AsSlice[float64](vals)[i] = 1
	}
	a, err := tensor.NewCOO(dtype.Int64Array(idx, 2, 2*n), vals, []int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	for _, layout := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
		x, err := convert.ToLayout(a, layout, tensor.DefaultConvert())
		require.NoError(t, err)
		require.NoError(t, tensor.SetMemoryLimit(100_000)) // n*n entries need 480 kB or more
		_, err = SparseMm(x, x)
		require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%s: %v", layout, err)
		require.Contains(t, err.Error(), "more than the memory limit")
		require.NoError(t, tensor.SetMemoryLimit(old))
		p, err := SparseMm(x, x)
		require.NoError(t, err)
		require.Equal(t, n*n, p.NNZ(), layout.String())
	}
}
