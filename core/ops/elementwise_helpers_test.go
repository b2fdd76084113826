package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// ewShape is a shape case of the element-wise property tests.
type ewShape struct {
	name     string
	shape    []int64
	denseDim int
}

var ewShapes = []ewShape{
	{"4x6", []int64{4, 6}, 0},
	{"empty", []int64{0, 3}, 0},
	{"one", []int64{1, 1}, 0},
	{"hybrid", []int64{4, 6, 2}, 1},
	{"batched", []int64{2, 4, 6}, 0},
}

// ewFormat names a storage format of the property tests ("coo-u" is an
// uncoalesced COO with split, reordered duplicates).
type ewFormat struct {
	name   string
	layout tensor.Layout
	dups   bool
}

var ewFormats = []ewFormat{
	{"strided", tensor.Strided, false}, {"coo", tensor.COO, false}, {"coo-u", tensor.COO, true},
	{"csr", tensor.CSR, false}, {"csc", tensor.CSC, false}, {"bsr", tensor.BSR, false}, {"bsc", tensor.BSC, false},
	{"dcsr", tensor.DCSR, false}, {"csf", tensor.CSF, false},
}

var ewDTypes = []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Bool, dtype.Complex128}

// ewMoreDTypes are the remaining dtypes, tried by the unary property test.
var ewMoreDTypes = []dtype.DType{dtype.Float16, dtype.BFloat16, dtype.Int8, dtype.UInt8, dtype.Int16, dtype.Int32, dtype.Complex64}

// ewFill is the non-zero fill value used for dtype d.
func ewFill(d dtype.DType) dtype.Scalar {
	switch {
	case d == dtype.Bool:
		return dtype.IntScalar(1)
	case d.IsInteger():
		return dtype.IntScalar(3)
	case d.IsComplex():
		return dtype.Complex128Scalar(complex(0.5, -1))
	}
	return dtype.Real(0.5)
}

// ewDense is a dense tensor of about half non-zero elements; its batches
// (dims before the last two non-dense ones) share one pattern, as batched
// compressed tensors need. Values include negatives, fractions, and small
// magnitudes so that asin, atanh and friends see their domain.
func ewDense(rng *rand.Rand, d dtype.DType, sc ewShape) *tensor.Tensor {
	a := dtype.NewArray(d, sc.shape)
	nb := len(sc.shape) - sc.denseDim - 2
	reps, per := int64(1), a.Numel()
	if nb > 0 {
		reps = dtype.NumelOf(sc.shape[:nb])
		per = a.Numel() / reps
	}
	pattern := make([]bool, per)
	for i := range pattern {
		pattern[i] = rng.IntN(2) == 0
	}
	for r := int64(0); r < reps; r++ {
		for i := int64(0); i < per; i++ {
			if !pattern[i] {
				continue
			}
			v := float64(rng.IntN(7) - 3)
			if v == 0 {
				v = 2
			}
			switch {
			case d == dtype.Bool:
				a.SetComplex(r*per+i, dtype.IntScalar(1))
			case d.IsInteger():
				a.SetComplex(r*per+i, dtype.IntScalar(int64(v)))
			case d.IsComplex():
				a.SetComplex(r*per+i, dtype.Complex128Scalar(complex(v/4, float64(rng.IntN(3)-1)/4)))
			default:
				a.SetComplex(r*per+i, dtype.Real(v/4+float64(rng.IntN(4))/16))
			}
		}
	}
	t, err := tensor.NewStrided(a)
	if err != nil {
		panic(err)
	}
	return t
}

// ewBlock is a BSR/BSC block that divides the shape's sparse dims.
func ewBlock(sc ewShape) [2]int64 {
	nd := len(sc.shape) - sc.denseDim
	r, c := sc.shape[nd-2], sc.shape[nd-1]
	b := [2]int64{1, 1}
	if r%2 == 0 {
		b[0] = 2
	}
	if c%2 == 0 {
		b[1] = 2
	}
	return b
}

// ewBuild stores a dense tensor in a format, then gives it fill (a sparse
// tensor's unspecified elements read fill afterwards).
func ewBuild(t *testing.T, dense *tensor.Tensor, f ewFormat, sc ewShape, fill *dtype.Scalar) *tensor.Tensor {
	t.Helper()
	if f.layout == tensor.Strided {
		return dense
	}
	opt := tensor.DefaultConvert()
	opt.DenseDim = sc.denseDim
	opt.BlockSize = ewBlock(sc)
	x, err := convert.ToLayout(dense, f.layout, opt)
	require.NoError(t, err, "%s %s", f.name, sc.name)
	if f.dups {
		x = ewUncoalesce(t, x)
	}
	if fill != nil {
		x, err = tensor.WithFill(x, tensor.ScalarBytes(x.DType(), *fill))
		require.NoError(t, err)
	}
	return x
}

// ewUncoalesce splits every entry of a coalesced COO tensor into two
// duplicates whose sum is the value (bool: both true), in reverse order.
func ewUncoalesce(t *testing.T, x *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	s, n := x.Indices().Shape[0], x.Indices().Shape[1]
	bs := dtype.NumelOf(x.DenseShape())
	idx := dtype.NewArray(dtype.Int64, []int64{s, 2 * n})
	vshape := append([]int64{2 * n}, x.DenseShape()...)
	vals := dtype.NewArray(x.DType(), vshape)
	for e := int64(0); e < n; e++ {
		src := n - 1 - e
		for d := int64(0); d < s; d++ {
			c := x.Indices().Index(d*n + src)
			tensor.SetIndex(idx, d*2*n+2*e, c)
			tensor.SetIndex(idx, d*2*n+2*e+1, c)
		}
		for j := int64(0); j < bs; j++ {
			v := x.Values().Complex(src*bs + j)
			first, second := v, v
			switch {
			case x.DType() == dtype.Bool:
			case x.DType().IsInteger():
				first, second = dtype.IntScalar(v.Int()-1), dtype.IntScalar(1)
			default:
				first = dtype.Complex128Scalar(complex(v.Re()/2, v.Im()/2))
				second = first
			}
			vals.SetComplex((2*e)*bs+j, first)
			vals.SetComplex((2*e+1)*bs+j, second)
		}
	}
	u, err := tensor.NewCOO(idx, vals, slices.Clone(x.Dims()), tensor.BuildOptions{})
	require.NoError(t, err)
	if n > 0 {
		require.False(t, u.IsCoalesced())
	}
	return u
}

// ewRequireSameDense asserts that got's dense value equals want (strided):
// same dtype and shape, elements within a tolerance of the dtype, NaN
// matching NaN.
func ewRequireSameDense(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, want.DType(), got.DType(), "%s: dtype", msg)
	require.Equal(t, want.Dims(), got.Dims(), "%s: shape", msg)
	dg, err := convert.ToDense(got)
	require.NoError(t, err, msg)
	tol := 1e-12
	switch dtype.RealOf(want.DType()) {
	case dtype.Float32:
		tol = 1e-5
	case dtype.Float16, dtype.BFloat16:
		tol = 1e-2
	}
	for i := int64(0); i < want.Values().Numel(); i++ {
		w, g := want.Values().Complex(i), dg.Values().Complex(i)
		if !ewClose(w.Re(), g.Re(), tol) || !ewClose(w.Im(), g.Im(), tol) || (w.IsExact() && g.ExactInt() != w.ExactInt()) {
			require.Failf(t, "dense values differ", "%s: element %d: want %v, got %v\nwant %v\ngot (stored) %v", msg, i, w, g, want, got)
		}
	}
}

func ewClose(w, g, tol float64) bool {
	switch {
	case math.IsNaN(w) || math.IsNaN(g):
		return math.IsNaN(w) && math.IsNaN(g)
	case math.IsInf(w, 0) || math.IsInf(g, 0):
		return w == g
	}
	return math.Abs(w-g) <= tol*(1+math.Abs(w))
}

// ewName labels a property case.
func ewName(parts ...any) string { return fmt.Sprint(parts...) }
