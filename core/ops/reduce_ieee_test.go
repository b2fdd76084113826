package ops

import (
	"fmt"
	"math"
	"math/cmplx"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Issue 38, items 3, 5 and 6: reductions in IEEE arithmetic (prod of an
// infinity), of empty tensors (no fill read) and of 0-d tensors (one element
// reduced, not copied), on every layout, dtype and fill kind.

var (
	ieeeLayouts = []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC, tensor.DCSR, tensor.CSF}
	ieeeDTypes  = []dtype.DType{dtype.Float32, dtype.Float64, dtype.Complex128, dtype.Int64, dtype.Bool}
	ieeeFills   = []float64{0, 2, math.NaN(), math.Inf(1), math.Inf(-1)}
)

// ieeeTensor builds a tensor of the layout from dense values (row-major,
// complex128) with the fill, or reports false when the dtype cannot hold
// the fill or a strided tensor would drop it.
func ieeeTensor(t *testing.T, l tensor.Layout, d dtype.DType, v []complex128, shape []int64, fill float64) (*tensor.Tensor, bool) {
	t.Helper()
	if !d.IsFloat() && !d.IsComplex() && (math.IsNaN(fill) || math.IsInf(fill, 0)) || l == tensor.Strided && fill != 0 || d == dtype.Bool && fill > 1 {
		return nil, false
	}
	a := dtype.NewArray(d, shape)
	for i, x := range v {
		s := dtype.Complex128Scalar(x)
		if !d.IsFloat() && !d.IsComplex() {
			s = dtype.IntScalar(int64(real(x)))
		}
		a.SetComplex(int64(i), s)
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	if l != tensor.Strided {
		x, err = convert.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: [2]int64{1, 1}})
		require.NoError(t, err, "%s %s %v", l, d, shape)
		x, err = tensor.WithFill(x, tensor.ScalarBytes(d, dtype.Real(fill)))
		require.NoError(t, err)
	}
	return x, true
}

// ieeeReduce is the reference: op over the reduced dims of the dense
// elements, in real arithmetic for a real dtype, complex for a complex one,
// in ascending order (nil, false for amax/amin of an empty group: torch
// refuses).
func ieeeReduce(v []complex128, shape []int64, red []bool, op string, cplx bool) ([]complex128, bool) {
	var outShape []int64
	for d, n := range shape {
		if !red[d] {
			outShape = append(outShape, n)
		}
	}
	groups := make([][]complex128, dtype.NumelOf(outShape))
	idx := make([]int64, len(shape))
	for i, x := range v {
		r := int64(i)
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d], r = r%shape[d], r/shape[d]
		}
		o := int64(0)
		for d := range shape {
			if !red[d] {
				o = o*shape[d] + idx[d]
			}
		}
		groups[o] = append(groups[o], x)
	}
	per := int64(1)
	for d, n := range shape {
		if red[d] {
			per *= n
		}
	}
	if per == 0 && (op == "amax" || op == "amin") {
		return nil, false // even when no group is left, as torch
	}
	out := make([]complex128, len(groups))
	for o, g := range groups {
		switch op {
		case "sum", "mean":
			var s complex128
			for _, x := range g {
				s += x
			}
			if op == "mean" && cplx {
				s = complex(real(s)/float64(per), imag(s)/float64(per))
			} else if op == "mean" {
				s = complex(real(s)/float64(per), 0)
			}
			out[o] = s
		case "norm":
			var s float64
			for _, x := range g {
				s += real(x)*real(x) + imag(x)*imag(x)
			}
			out[o] = complex(math.Sqrt(s), 0)
		case "prod":
			if cplx {
				p := complex(1, 0)
				for _, x := range g {
					p *= x
				}
				out[o] = p
				continue
			}
			p := 1.0
			for _, x := range g {
				p *= real(x)
			}
			out[o] = complex(p, 0)
		case "amax", "amin":
			m := real(g[0])
			for _, x := range g {
				if math.IsNaN(real(x)) || math.IsNaN(m) {
					m = math.NaN()
				} else if op == "amax" && real(x) > m || op == "amin" && real(x) < m {
					m = real(x)
				}
			}
			out[o] = complex(m, 0)
		case "any", "count_nonzero":
			c := 0.0
			for _, x := range g {
				if x != 0 || cmplx.IsNaN(x) {
					c++
				}
			}
			if op == "any" {
				c = min(c, 1)
			}
			out[o] = complex(c, 0)
		}
	}
	return out, true
}

// requireReduced compares a reduction's dense values with the reference:
// NaN with NaN, infinities exactly, finite values within tol. A complex
// value with an infinite or NaN part only needs one in got too: complex
// products of infinities give NaN parts by the order of the products (torch's
// prod of [-inf, -2] as complex is nan+nanj).
func requireReduced(t *testing.T, want []complex128, got *tensor.Tensor, tol float64, msg string) {
	t.Helper()
	d, err := convert.ToDense(got)
	require.NoError(t, err, msg)
	require.Equal(t, int64(len(want)), d.Values().Numel(), msg)
	same := func(w, x float64) bool {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return math.IsNaN(w) && math.IsNaN(x) || w == x
		}
		return math.Abs(w-x) <= tol*(1+math.Abs(w))
	}
	for i, w := range want {
		s := d.Values().Complex(int64(i))
		if got.DType().IsComplex() && (cmplx.IsNaN(w) || cmplx.IsInf(w)) {
			g := complex(s.Re(), s.Im())
			require.True(t, cmplx.IsNaN(g) || cmplx.IsInf(g), "%s: element %d = %v, want a non-finite value like %v", msg, i, g, w)
			continue
		}
		if !same(real(w), s.Re()) || !same(imag(w), s.Im()) {
			require.Failf(t, "values differ", "%s: element %d = %v, want %v (want %v)", msg, i, complex(s.Re(), s.Im()), w, want)
		}
	}
}

// ieeeCheckAll runs every reduction over every dim list on x against the
// reference computed from its dense equivalent.
func ieeeCheckAll(t *testing.T, x *tensor.Tensor, dimLists [][]int, msg string) {
	t.Helper()
	dense, err := convert.ToDense(x)
	require.NoError(t, err)
	v := make([]complex128, dense.Values().Numel())
	for i := range v {
		s := dense.Values().Complex(int64(i))
		v[i] = complex(s.Re(), s.Im())
	}
	shape := x.Dims()
	tol := 1e-12
	if x.DType() == dtype.Float32 {
		tol = 1e-5
	}
	for _, dims := range dimLists {
		red, err := sumDims("test", dims, len(shape))
		require.NoError(t, err)
		for _, op := range ReductionNames() {
			m := fmt.Sprintf("%s %v %s", op, dims, msg)
			r, err := Reduce(x, dims, op)
			if (op == "mean" || op == "norm") && !x.DType().IsFloat() && !x.DType().IsComplex() || (op == "amax" || op == "amin") && x.DType().IsComplex() {
				require.Error(t, err, m)
				continue
			}
			want, ok := ieeeReduce(v, shape, red, op, x.DType().IsComplex())
			if !ok {
				require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err), "%s: amax/amin of an empty group is refused", m)
				continue
			}
			require.NoError(t, err, m)
			requireReduced(t, want, r, tol, m)
		}
	}
}

// TestReduceProdIEEE (item 3): prod of values holding infinities is the
// IEEE product (-inf * -2 = inf, not NaN), stored or read through the fill
// (fill**count: 0**0 = 1, inf**n, NaN).
func TestReduceProdIEEE(t *testing.T) {
	inf := math.Inf(1)
	v := []complex128{complex(-inf, 0), -2, 0, 3, complex(inf, 0), 0.5}
	for _, l := range ieeeLayouts {
		for _, d := range []dtype.DType{dtype.Float32, dtype.Float64, dtype.Complex128} {
			for _, fill := range ieeeFills {
				x, ok := ieeeTensor(t, l, d, v, []int64{2, 3}, fill)
				if !ok {
					continue
				}
				ieeeCheckAll(t, x, [][]int{nil, {0}, {1}}, fmt.Sprintf("%s %s fill=%g", l, d, fill))
			}
		}
	}
	one, ok := ieeeTensor(t, tensor.Strided, dtype.Float64, []complex128{complex(-inf, 0), -2}, []int64{2}, 0)
	require.True(t, ok)
	r, err := Reduce(one, nil, "prod")
	require.NoError(t, err)
	require.Equal(t, inf, r.Values().Complex(0).Re(), "the issue's example: prod([-inf, -2])")
}

// TestReduceEmptyIEEE (item 5): reductions over an empty group read no fill:
// sum 0, mean NaN, prod 1, any False, count_nonzero 0, amax/amin refused,
// for every fill kind and layout, over every dim and every dim list.
func TestReduceEmptyIEEE(t *testing.T) {
	for _, shape := range [][]int64{{0, 3}, {3, 0}, {0, 0}} {
		for _, l := range ieeeLayouts {
			for _, d := range ieeeDTypes {
				for _, fill := range append(ieeeFills, 1) {
					x, ok := ieeeTensor(t, l, d, nil, shape, fill)
					if !ok {
						continue
					}
					ieeeCheckAll(t, x, [][]int{nil, {0}, {1}, {0, 1}}, fmt.Sprintf("%s %s %v fill=%g", l, d, shape, fill))
				}
			}
		}
	}
	e, ok := ieeeTensor(t, tensor.COO, dtype.Float64, nil, []int64{0, 3}, math.NaN())
	require.True(t, ok)
	s, err := Reduce(e, nil, "sum")
	require.NoError(t, err)
	require.Equal(t, 0.0, s.Values().Complex(0).Re(), "the issue's example: sum of an empty tensor with a NaN fill")
	b, ok := ieeeTensor(t, tensor.COO, dtype.Bool, nil, []int64{0, 3}, 1)
	require.True(t, ok)
	a, err := Reduce(b, nil, "any")
	require.NoError(t, err)
	require.Equal(t, []byte{0}, a.Values().Data, "the issue's example: any of an empty tensor with fill True")
}

// TestReduceZeroDim (item 6): a 0-d tensor's reduction reduces its one
// element (count_nonzero(3) = 1), strided or COO (stored, or the fill), over
// no dim or dim 0 / -1 as torch takes them.
func TestReduceZeroDim(t *testing.T) {
	for _, d := range ieeeDTypes {
		for _, val := range []complex128{3, 0, complex(math.NaN(), 0), complex(math.Inf(-1), 0)} {
			if !d.IsFloat() && !d.IsComplex() && (cmplx.IsNaN(val) || cmplx.IsInf(val)) {
				continue
			}
			if d == dtype.Bool && val == 3 {
				val = 1
			}
			st, ok := ieeeTensor(t, tensor.Strided, d, []complex128{val}, nil, 0)
			require.True(t, ok)
			cases := []*tensor.Tensor{st}
			coo, err := convert.ToLayout(st, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
			require.NoError(t, err)
			cases = append(cases, coo)
			// Nothing stored: the one element is the fill.
			empty, err := tensor.Empty(tensor.COO, d, nil, [2]int64{}, 0)
			require.NoError(t, err)
			filled, err := tensor.WithFill(empty, tensor.ScalarBytes(d, dtype.Complex128Scalar(val)))
			require.NoError(t, err)
			cases = append(cases, filled)
			for _, x := range cases {
				ieeeCheckAll(t, x, [][]int{nil, {0}, {-1}}, fmt.Sprintf("0-d %s %s %v nnz=%d", x.Layout(), d, val, x.NNZ()))
			}
		}
	}
	st, _ := ieeeTensor(t, tensor.Strided, dtype.Int64, []complex128{3}, nil, 0)
	r, err := Reduce(st, nil, "count_nonzero")
	require.NoError(t, err)
	require.Equal(t, int64(1), r.Values().Index(0), "the issue's example: count_nonzero of a 0-d 3")
	_, err = Reduce(st, []int{1}, "sum")
	require.Equal(t, errs.ErrIndex, errs.CodeOf(err), "dim 1 of a 0-d tensor is out of range")
	_, err = Reduce(st, []int{0, -1}, "sum")
	require.Error(t, err, "dim 0 twice")
	require.True(t, slices.Equal([]int64{}, r.Dims()) || len(r.Dims()) == 0)
}
