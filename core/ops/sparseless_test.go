package ops

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// sparseless builds a COO tensor with no sparse dim, as torch's
// sparse_coo_tensor(torch.empty(0, nse), values, size): indices (0, nse).
func sparseless(t *testing.T, width int, vals []float64, valShape []int64, size []int64) *tensor.Tensor {
	t.Helper()
	idt := dtype.Int64
	if width == 32 {
		idt = dtype.Int32
	}
	v := dtype.Float64Array(vals)
	v.Shape = valShape
	x, err := tensor.NewCOO(dtype.NewArray(idt, []int64{0, valShape[0]}), v, size, tensor.BuildOptions{})
	require.NoError(t, err)
	return x
}

// sparselessCases are torch's scalars and all-dense COO tensors (the
// coalesce test of test_sparse.py among them), with their dense values.
func sparselessCases(t *testing.T) map[string]*tensor.Tensor {
	cases := map[string]*tensor.Tensor{}
	for _, w := range []int{32, 64} {
		cases[fmt.Sprintf("0-d, one entry, int%d", w)] = sparseless(t, w, []float64{5}, []int64{1}, []int64{})
		cases[fmt.Sprintf("0-d, no entry, int%d", w)] = sparseless(t, w, []float64{}, []int64{0}, []int64{})
		cases[fmt.Sprintf("0-d, three entries, int%d", w)] = sparseless(t, w, []float64{1, 2, 3}, []int64{3}, nil)
		cases[fmt.Sprintf("[2], four entries, int%d", w)] = sparseless(t, w, []float64{1, 2, 3, 4, 5, 6, 7, 8}, []int64{4, 2}, []int64{2})
		cases[fmt.Sprintf("[2, 3], two entries, int%d", w)] = sparseless(t, w, []float64{1, 2, 3, 4, 5, 6, 0, -1, 0, 2, 0, 1}, []int64{2, 2, 3}, []int64{2, 3})
	}
	return cases
}

func TestSparselessCOOConstruction(t *testing.T) {
	x := sparseless(t, 64, []float64{1, 2, 3, 4, 5, 6, 7, 8}, []int64{4, 2}, []int64{2})
	require.Equal(t, 0, x.SparseDim())
	require.Equal(t, 1, x.DenseDim())
	require.Equal(t, int64(4), x.NNZ())
	require.False(t, x.IsCoalesced())
	idx, err := tensor.Component(x, tensor.CompRawIndices)
	require.NoError(t, err)
	require.Equal(t, []int64{0, 4}, idx.Shape)
	d, _ := denseOf(t, x)
	require.Equal(t, []float64{16, 20}, d) // the entries' sum
	one := sparseless(t, 32, []float64{5}, []int64{1}, []int64{})
	require.True(t, one.IsCoalesced())
	require.Equal(t, 32, one.IndexWidth())
	// the checks stay: nse must agree, dense sizes must match the values
	_, err = tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, 2}), dtype.Float64Array([]float64{1, 2, 3}), []int64{}, tensor.BuildOptions{})
	require.ErrorContains(t, err, "nnz from indices: 2, nnz from values: 3")
	v := dtype.Float64Array([]float64{1, 2})
	v.Shape = []int64{1, 2}
	_, err = tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, 1}), v, []int64{3}, tensor.BuildOptions{})
	require.ErrorContains(t, err, "dense dim 0 has size 3 but values.shape[1] = 2")
	_, err = tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, 1}), v, []int64{}, tensor.BuildOptions{})
	require.ErrorContains(t, err, "expected sparse_dim + dense_dim = 0 + 1")
	_, err = tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, 1}), dtype.Float64Array([]float64{1}), []int64{}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	// CSF still needs a level to compress
	_, err = tensor.Empty(tensor.CSF, dtype.Float64, []int64{2}, [2]int64{1, 1}, 1)
	require.Error(t, err)
}

// Every operation keeps to_dense(op(A)) == op(to_dense(A)) on tensors with no sparse dim.
func TestSparselessCOOOperations(t *testing.T) {
	two := dtype.FloatNumber(2)
	ops := map[string]func(x *tensor.Tensor) (*tensor.Tensor, error){
		"coalesce": convert.Coalesce,
		"clone":    func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(x), nil },
		"float32":  func(x *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(x, dtype.Float32) },
		"int64":    func(x *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(x, dtype.Int64) },
		"neg":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("neg", x, UnaryArgs{}) },
		"abs":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("abs", x, UnaryArgs{}) },
		"cos":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return UnaryByName("cos", x, UnaryArgs{}) },
		"x + x": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(x), TensorOperand(x), BinaryArgs{})
		},
		"x - x.coalesce()": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			c, err := convert.Coalesce(x)
			require.NoError(t, err)
			return BinaryByName("sub", TensorOperand(x), TensorOperand(c), BinaryArgs{})
		},
		"x * x": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(x), TensorOperand(x), BinaryArgs{})
		},
		"x * 2": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("mul", TensorOperand(x), NumberOperand(two), BinaryArgs{})
		},
		"x / 2": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("div", TensorOperand(x), NumberOperand(two), BinaryArgs{})
		},
		"sum":  func(x *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(x, nil, "sum") },
		"amax": func(x *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(x, nil, "amax") },
		"to strided": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return convert.ToLayout(x, tensor.Strided, tensor.DefaultConvert())
		},
		"unsqueeze(0)": func(x *tensor.Tensor) (*tensor.Tensor, error) { return Unsqueeze(x, 0) },
		"width 64":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToIndexWidth(x, 64) },
	}
	denseOps := map[string]func(x *tensor.Tensor) (*tensor.Tensor, error){ // the dense reference where it differs
		"x - x.coalesce()": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("sub", TensorOperand(x), TensorOperand(x), BinaryArgs{})
		},
		"clone":      func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(x), nil },
		"coalesce":   func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(x), nil },
		"to strided": func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(x), nil },
		"width 64":   func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(x), nil },
	}
	for name, x := range sparselessCases(t) {
		dx, err := convert.ToDense(x)
		require.NoError(t, err, name)
		for opName, op := range ops {
			msg := name + ": " + opName
			got, err := op(x)
			require.NoError(t, err, msg)
			ref := op
			if d, ok := denseOps[opName]; ok {
				ref = d
			}
			want, err := ref(dx)
			require.NoError(t, err, msg)
			gd, gshape := denseOf(t, got)
			wd, wshape := denseOf(t, want)
			require.Equal(t, wshape, gshape, msg)
			require.InDeltaSlice(t, wd, gd, 1e-12, msg)
			require.Equal(t, got.DType(), want.DType(), msg)
		}
		c, err := convert.Coalesce(x)
		require.NoError(t, err, name)
		require.True(t, c.IsCoalesced(), name)
		require.LessOrEqual(t, c.NNZ(), int64(1), "%s: coalesce sums every entry into one", name)
		require.Equal(t, tensor.COO, c.Layout(), name)
		require.Equal(t, 0, c.SparseDim(), name)
		require.Equal(t, x.IndexWidth(), c.IndexWidth(), name)
		eq, err := convert.Equal(x, dx)
		require.NoError(t, err, name)
		require.True(t, eq, name)
		require.NotEmpty(t, x.String(), name)
		require.NotPanics(t, func() { _ = x.Format() }, name)
	}
}

// A strided 0-d tensor converts to a COO with no sparse dim, as torch's
// tensor(5.).to_sparse(): one entry, or none for a zero.
func TestScalarToSparse(t *testing.T) {
	for _, v := range []float64{5, 0} {
		d, err := tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{}, Data: dtype.Float64Array([]float64{v}).Data})
		require.NoError(t, err)
		s, err := convert.ToLayout(d, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		require.Equal(t, 0, s.SparseDim())
		require.True(t, s.IsCoalesced())
		want := int64(1)
		if v == 0 {
			want = 0
		}
		require.Equal(t, want, s.NNZ())
		got, _ := denseOf(t, s)
		require.Equal(t, []float64{v}, got)
	}
}

// The shape and indexing operators on tensors with no sparse dim: each gives
// the dense answer or a clear refusal, never a panic.
func TestSparselessCOOShapeOperators(t *testing.T) {
	ops := map[string]func(x *tensor.Tensor) (*tensor.Tensor, error){
		"select(0, 1)": func(x *tensor.Tensor) (*tensor.Tensor, error) { return Select(x, 0, 1) },
		"index_select(0, [1, 1])": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return IndexSelect(x, 0, dtype.Int64Array([]int64{1, 1}))
		},
		"cat([x, x], 0)":       func(x *tensor.Tensor) (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{x, x}, 0) },
		"narrow_copy(0, 0, 1)": func(x *tensor.Tensor) (*tensor.Tensor, error) { return NarrowCopy(x, 0, 0, 1) },
		"transpose(0, -1)":     func(x *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(x, 0, -1) },
		"reshape(-1)":          func(x *tensor.Tensor) (*tensor.Tensor, error) { return Reshape(x, []int64{-1}) },
		"squeeze":              func(x *tensor.Tensor) (*tensor.Tensor, error) { return Squeeze(x, nil) },
		"sum(0)":               func(x *tensor.Tensor) (*tensor.Tensor, error) { return Reduce(x, []int{0}, "sum") },
		"to csr": func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return convert.ToLayout(x, tensor.CSR, tensor.DefaultConvert())
		},
	}
	for name, x := range sparselessCases(t) {
		if x.NDim() == 0 {
			continue
		}
		dx, err := convert.ToDense(x)
		require.NoError(t, err, name)
		for opName, op := range ops {
			msg := name + ": " + opName
			var got *tensor.Tensor
			require.NotPanics(t, func() { got, err = op(x) }, msg)
			if err != nil {
				require.NotEqual(t, errs.ErrInternal, errs.CodeOf(err), msg)
				continue
			}
			want, err := op(dx)
			require.NoError(t, err, msg)
			gd, gshape := denseOf(t, got)
			wd, wshape := denseOf(t, want)
			require.Equal(t, wshape, gshape, msg)
			require.InDeltaSlice(t, wd, gd, 1e-12, msg)
		}
	}
}

// torch reads a 0-d values array as one entry: sparse_coo_tensor(empty(0, 1), 5.0, ()).
func TestCOOScalarValuesAreOneEntry(t *testing.T) {
	v := dtype.Float64Array([]float64{5})
	v.Shape = []int64{}
	x, err := tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, 1}), v, []int64{}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, []int64{1}, x.Values().Shape)
	require.Equal(t, []int64{}, v.Shape, "the caller's array is untouched")
	got, _ := denseOf(t, x)
	require.Equal(t, []float64{5}, got)
	_, err = tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{0, 2}), v, []int64{}, tensor.BuildOptions{})
	require.ErrorContains(t, err, "nnz from indices: 2, nnz from values: 1")
	idx := dtype.Int64Array([]int64{1})
	idx.Shape = []int64{1, 1}
	y, err := tensor.NewCOO(idx, v, []int64{2}, tensor.BuildOptions{})
	require.NoError(t, err)
	got, _ = denseOf(t, y)
	require.Equal(t, []float64{0, 5}, got)
}
