package explain

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestExplainProducts: the plans of mm and matmul for each pairing of
// layouts name the kernel family of the pairing and its conversions.
func TestExplainProducts(t *testing.T) {
	coo, _ := laplacian(t, "")
	conv := func(l tensor.Layout) *tensor.Tensor {
		x, err := convert.ToLayout(coo, l, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1})
		require.NoError(t, err)
		return x
	}
	csr, csc := conv(tensor.CSR), conv(tensor.CSC)
	n := coo.Dims()[0]
	dense, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{n, 3}))
	require.NoError(t, err)
	denseT, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{3, n}))
	require.NoError(t, err)

	r, err := Explain("mm", []*tensor.Tensor{denseT, csr}, Options{})
	require.NoError(t, err)
	require.Equal(t, "kernels.DenseSpMM (dense @ CSR)", r.Kernel)
	require.Equal(t, 3*n*8, r.OutputBytes)

	// sparse @ sparse reads CSR or COO: the CSC operand is converted.
	r, err = Explain("mm", []*tensor.Tensor{csr, csc}, Options{})
	require.NoError(t, err)
	require.Contains(t, r.Kernel, "SpGEMM")
	require.Equal(t, plan.Convert, r.Path)
	require.Equal(t, "mat2", r.Converts[0].Operand)
	require.Equal(t, "sparse_csr", r.Converts[0].To)

	// CSC @ a dense matrix: the transposes, with their scratch counted.
	r, err = Explain("matmul", []*tensor.Tensor{csc, dense}, Options{})
	require.NoError(t, err)
	require.Contains(t, r.Kernel, "DenseSpMM on the transposes")
	require.Greater(t, r.Bytes, r.OutputBytes)

	// Mixed dtypes: the cast is a conversion, and a note says what it leaves open.
	x32, err := tensor.NewStrided(dtype.NewArray(dtype.Float32, []int64{n}))
	require.NoError(t, err)
	r, err = Explain("mv", []*tensor.Tensor{csr, x32}, Options{})
	require.NoError(t, err)
	require.Equal(t, "vec", r.Converts[0].Operand)
	require.Equal(t, "float64", r.Converts[0].To)
	require.NotEmpty(t, r.Notes)

	// dense @ dense.
	r, err = Explain("mm", []*tensor.Tensor{denseT, dense}, Options{})
	require.NoError(t, err)
	require.Equal(t, plan.Dense, r.Path)
	require.Equal(t, "strided", r.Best.Format)
}

// banded is an n x n COO matrix with the main diagonal full and the first
// upper and lower diagonals holding every entry whose index modulo 10 is
// below keep.
func banded(t *testing.T, n, keep int64) *tensor.Tensor {
	var rows, cols []int64
	for i := range n {
		rows, cols = append(rows, i), append(cols, i)
		if i+1 < n && i%10 < keep {
			rows, cols = append(rows, i, i+1), append(cols, i+1, i)
		}
	}
	vals := make([]float64, len(rows))
	for i := range vals {
		vals[i] = 1
	}
	nnz := int64(len(vals))
	a, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, nnz), dtype.Float64Array(vals, nnz), []int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	a, err = convert.Coalesce(a)
	require.NoError(t, err)
	return a
}

// TestExplainDIABreakEven pins the rule's threshold between 60% and 73%
// full: a change of diaBreakEven outside that range fails here.
func TestExplainDIABreakEven(t *testing.T) {
	for _, c := range []struct {
		keep int64
		dia  bool
	}{{4, false}, {6, true}} {
		a := banded(t, 1000, c.keep)
		d, ok := diagonals(a)
		require.True(t, ok)
		r, err := Explain("mv", []*tensor.Tensor{a, vec(a)}, Options{})
		require.NoError(t, err)
		require.Equal(t, c.dia, r.Best.Format != "sparse_csr", "%.2f full: %+v", d.fullness(), r.Best)
	}
}
