package linalg

import (
	"fmt"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// Helpers of the matmul family tests: operands in every format, a dense
// reference written out in complex128, and a tolerant comparison.

// testFormat is a layout to build an operand in; uncoalesced marks a COO
// tensor whose entries are split in two and shuffled.
type testFormat struct {
	layout      tensor.Layout
	uncoalesced bool
}

func (f testFormat) String() string {
	if f.uncoalesced {
		return "sparse_coo(uncoalesced)"
	}
	return f.layout.String()
}

var (
	formats2D = []testFormat{{layout: tensor.COO}, {layout: tensor.COO, uncoalesced: true}, {layout: tensor.CSR}, {layout: tensor.CSC},
		{layout: tensor.BSR}, {layout: tensor.BSC}, {layout: tensor.DCSR}, {layout: tensor.DCSC}, {layout: tensor.CSF}}
	testDTypes  = []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128, dtype.Int64}
	indexWidths = []int{32, 64}
	// productShapes are (m, k, n) of m x k @ k x n: ordinary, empty and degenerate.
	productShapes = [][3]int64{{5, 4, 3}, {6, 4, 1}, {0, 4, 3}, {5, 0, 3}, {5, 4, 0}, {1, 1, 1}}
)

// blockFor picks a block size that divides both sizes of a matrix.
func blockFor(rows, cols int64) [2]int64 {
	b := [2]int64{1, 1}
	if rows%2 == 0 {
		b[0] = 2
	}
	if cols%2 == 0 {
		b[1] = 2
	}
	return b
}

// makeOperand makes a random tensor of the format with about 40% of its
// elements stored, the given index width and, when fill is not zero, that
// fill value for its unspecified elements.
func makeOperand(t *testing.T, rng *rand.Rand, f testFormat, d dtype.DType, shape []int64, width int, fill float64) *tensor.Tensor {
	t.Helper()
	dense := tensortest.RandomDense(t, rng, d, shape, 0.4)
	if f.layout == tensor.Strided {
		return dense
	}
	nd := len(shape)
	opt := tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: width, BlockSize: blockFor(shape[nd-2], shape[nd-1])}
	x, err := convert.ToLayout(dense, f.layout, opt)
	require.NoError(t, err, "ToLayout(%s)", f)
	if f.uncoalesced {
		x = uncoalesce(t, rng, x)
	}
	if fill != 0 {
		x, err = tensor.WithFill(x, tensor.ScalarBytes(d, dtype.Real(fill)))
		require.NoError(t, err)
	}
	return x
}

// uncoalesce splits every entry of a coalesced COO tensor into two whose
// values add up to it, in shuffled order.
func uncoalesce(t *testing.T, rng *rand.Rand, x *tensor.Tensor) *tensor.Tensor {
	idx, err := tensor.Component(x, tensor.CompIndices)
	require.NoError(t, err)
	s, nnz := idx.Shape[0], idx.Shape[1]
	perm := rng.Perm(int(2 * nnz))
	ni := dtype.NewArray(idx.DType, []int64{s, 2 * nnz})
	nv := dtype.NewArray(x.DType(), []int64{2 * nnz})
	for e := int64(0); e < 2*nnz; e++ {
		src := int64(perm[e]) % nnz
		for dim := int64(0); dim < s; dim++ {
			tensor.SetIndex(ni, dim*2*nnz+e, idx.Index(dim*nnz+src))
		}
		v := x.Values().Complex(src)
		one := dtype.IntScalar(1)
		if int64(perm[e]) < nnz {
			nv.SetComplex(e, one)
		} else {
			nv.SetComplex(e, v.Add(one.Neg()))
		}
	}
	u, err := tensor.NewCOO(ni, nv, slices.Clone(x.Dims()), tensor.BuildOptions{})
	require.NoError(t, err)
	return u
}

// dmat is a dense reference tensor in complex128.
type dmat struct {
	shape []int64
	v     []complex128
}

func denseRef(t *testing.T, x *tensor.Tensor) dmat {
	t.Helper()
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	v := make([]complex128, d.Values().Numel())
	for i := range v {
		c := d.Values().Complex(int64(i))
		v[i] = complex(c.Re(), c.Im())
	}
	return dmat{shape: slices.Clone(d.Dims()), v: v}
}

// refMM is the reference product of (B?, m, k) and (B?, k, n) arrays.
func refMM(a, b dmat) dmat {
	na, nb := len(a.shape), len(b.shape)
	m, k, n := a.shape[na-2], a.shape[na-1], b.shape[nb-1]
	batches := int64(1)
	if na == 3 {
		batches = a.shape[0]
	}
	out := make([]complex128, batches*m*n)
	for bt := int64(0); bt < batches; bt++ {
		for i := int64(0); i < m; i++ {
			row := out[bt*m*n+i*n : bt*m*n+(i+1)*n]
			for q := int64(0); q < k; q++ {
				x := a.v[bt*m*k+i*k+q]
				if x == 0 {
					continue // the operands hold no NaN or infinity
				}
				for j := range row {
					row[j] += x * b.v[bt*k*n+q*n+int64(j)]
				}
			}
		}
	}
	shape := []int64{m, n}
	if na == 3 {
		shape = []int64{batches, m, n}
	}
	return dmat{shape: shape, v: out}
}

// axpby returns alpha*x + beta*y elementwise (y broadcast by index function).
func axpby(alpha complex128, x dmat, beta complex128, y func(i int) complex128) dmat {
	out := dmat{shape: x.shape, v: make([]complex128, len(x.v))}
	for i, xv := range x.v {
		out.v[i] = alpha * xv
		if beta != 0 {
			out.v[i] += beta * y(i)
		}
	}
	return out
}

// tolerance is the comparison bound of a dtype.
func tolerance(d dtype.DType) float64 {
	switch d {
	case dtype.Float32, dtype.Complex64:
		return 1e-4
	case dtype.Float16, dtype.BFloat16:
		return 3e-2
	case dtype.Float64, dtype.Complex128:
		return 1e-10
	}
	return 0
}

// requireNear asserts that got has the shape and dense value of want.
func requireNear(t *testing.T, want dmat, got *tensor.Tensor, d dtype.DType, msg string) {
	t.Helper()
	require.NotNil(t, got, msg)
	require.Equal(t, d, got.DType(), "%s: dtype", msg)
	g := denseRef(t, got)
	require.True(t, slices.Equal(want.shape, g.shape), "%s: shape %v, want %v", msg, g.shape, want.shape)
	tol := tolerance(d)
	for i := range want.v {
		w, x := want.v[i], g.v[i]
		if cmplx.Abs(w-x) > tol*(1+cmplx.Abs(w)) || (tol == 0 && w != x) {
			require.Failf(t, "values differ", "%s: element %d = %v, want %v\nwant %v\ngot  %v", msg, i, x, w, want.v, g.v)
		}
	}
}

// testScalars are the alpha and beta of a dtype's tests.
func testScalars(d dtype.DType) (alpha, beta dtype.Scalar, ac, bc complex128) {
	switch {
	case d.IsComplex():
		return dtype.Complex128Scalar(complex(0.5, 1)), dtype.Complex128Scalar(complex(-1, 0.25)), complex(0.5, 1), complex(-1, 0.25)
	case d.IsFloat():
		return dtype.Real(1.5), dtype.Real(-0.5), 1.5, -0.5
	}
	return dtype.IntScalar(3), dtype.IntScalar(-2), 3, -2
}

// fillFor is the non-zero fill of a dtype's tests.
func fillFor(d dtype.DType) float64 {
	if d.IsFloat() || d.IsComplex() {
		return 1.5
	}
	return 2
}

func caseName(op string, f testFormat, d dtype.DType, w int, shape [3]int64, fill float64) string {
	return fmt.Sprintf("%s %s %s int%d m,k,n=%v fill=%g", op, f, d, w, shape, fill)
}

// requireUntouched asserts that an operation left its operand as it was.
func requireUntouched(t *testing.T, before, after *tensor.Tensor, msg string) {
	t.Helper()
	eq, err := convert.Equal(before, after)
	require.NoError(t, err)
	require.True(t, eq, "%s: input modified", msg)
	require.Equal(t, before.FillElem(), after.FillElem(), "%s: fill modified", msg)
}
