package oracle

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected values below were printed by torch 2.x on the CPU; each
// check fails when the reference drifts from torch on that rule.

func vec(d dtype.DType, v ...complex128) Array {
	a := Zeros(d, []int64{int64(len(v))})
	for i, x := range v {
		a.V[i] = Round(d, x)
	}
	return a
}

// same compares element by element, NaN equal to NaN, zeros by sign.
func same(t *testing.T, want, got Array, msg string) {
	t.Helper()
	require.Equal(t, want.DType, got.DType, msg)
	require.Equal(t, want.Shape, got.Shape, msg)
	for i, w := range want.V {
		g := got.V[i]
		for _, p := range [][2]float64{{real(w), real(g)}, {imag(w), imag(g)}} {
			if math.IsNaN(p[0]) {
				assert.True(t, math.IsNaN(p[1]), "%s: element %d: %v, want %v", msg, i, g, w)
				continue
			}
			assert.True(t, p[0] == p[1] && math.Signbit(p[0]) == math.Signbit(p[1]), "%s: element %d: %v, want %v", msg, i, g, w)
		}
	}
}

func TestResultTypeAsTorch(t *testing.T) {
	dim := func(d dtype.DType) Operand { return Operand{DType: d} }
	zero := func(d dtype.DType) Operand { return Operand{DType: d, ZeroD: true} }
	num := func(d dtype.DType) Operand { return Operand{DType: d, Number: true} }
	cases := []struct {
		ops  []Operand
		want dtype.DType
	}{
		{[]Operand{dim(dtype.Int32), num(dtype.Float64)}, dtype.Float32},
		{[]Operand{dim(dtype.Int32), zero(dtype.Float64)}, dtype.Float64},
		{[]Operand{dim(dtype.Float32), num(dtype.Complex128)}, dtype.Complex64},
		{[]Operand{dim(dtype.Float64), num(dtype.Complex128)}, dtype.Complex128},
		{[]Operand{dim(dtype.Bool), num(dtype.Int64)}, dtype.Int64},
		{[]Operand{zero(dtype.Bool), zero(dtype.Int8)}, dtype.Int8},
		{[]Operand{dim(dtype.Int8), num(dtype.Int64)}, dtype.Int8},
		{[]Operand{dim(dtype.Int8), dim(dtype.UInt8)}, dtype.Int16},
		{[]Operand{num(dtype.Float64), num(dtype.Int64)}, dtype.Float32},
		{[]Operand{dim(dtype.Complex64), dim(dtype.Float64)}, dtype.Complex128},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, ResultType(c.ops...), "%+v", c.ops)
	}
}

func TestBinaryAsTorch(t *testing.T) {
	nan, inf, nz := math.NaN(), math.Inf(1), math.Copysign(0, -1)
	r, err := Binary("floor_divide", vec(dtype.Float32, complex(nz, 0), 5, -5, 5, 0), vec(dtype.Float32, 1, complex(nz, 0), 0, 0, 0), BinaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Float32, complex(nz, 0), complex(-inf, 0), complex(-inf, 0), complex(inf, 0), complex(nan, 0)), r, "floor_divide")
	r, err = Binary("pow", vec(dtype.Int64, 2, 1, -1, -1), vec(dtype.Int64, -1, -2, -3, -2), BinaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Int64, 0, 1, -1, 1), r, "integer pow")
	for mode, want := range map[string]complex128{"trunc": -3, "floor": -4} {
		r, err = Binary("div", vec(dtype.Int64, -7), vec(dtype.Int64, 2), BinaryArgs{RoundingMode: mode})
		require.NoError(t, err)
		same(t, vec(dtype.Int64, want), r, mode)
	}
	r, err = Binary("sub", vec(dtype.Complex128, complex(nz, 0)), vec(dtype.Complex128, 0), BinaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Complex128, complex(nz, 0)), r, "complex -0 - 0")
	r, err = Binary("pow", vec(dtype.Complex128, complex(nan, 0)), NumberArray(Number{Kind: dtype.Int64}), BinaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Complex128, 1), r, "x ** 0 with a number exponent")
	_, err = Binary("floor_divide", vec(dtype.Int32, 3), NumberArray(Number{Kind: dtype.Int64}), BinaryArgs{})
	assert.Error(t, err, "ZeroDivisionError")
	r, err = Binary("floor_divide", Zeros(dtype.Int32, []int64{0}), NumberArray(Number{Kind: dtype.Int64}), BinaryArgs{})
	require.NoError(t, err, "an empty tensor divides by 0 quietly")
	assert.Empty(t, r.V)
	for _, op := range []string{"pow", "floor_divide"} {
		_, err = Binary(op, vec(dtype.Bool, 1, 0), vec(dtype.Bool, 1, 1), BinaryArgs{})
		assert.Error(t, err, "%s of two bool tensors", op)
	}
	_, err = Binary("pow", NumberArray(Number{Kind: dtype.Bool, V: 1}), vec(dtype.Bool, 1, 0), BinaryArgs{})
	assert.Error(t, err, "True ** bool tensor")
	r, err = Binary("pow", vec(dtype.Bool, 1, 0), NumberArray(Number{Kind: dtype.Bool, V: 1}), BinaryArgs{})
	require.NoError(t, err, "bool tensor ** True")
	same(t, vec(dtype.Bool, 1, 0), r, "bool tensor ** True")
	r, err = Binary("add", vec(dtype.Bool, 1, 0), vec(dtype.Bool, 1, 1), BinaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Bool, 1, 1), r, "bool add")
	_, err = Binary("add", vec(dtype.Float32, 1, 2), vec(dtype.Float32, 1, 2, 3), BinaryArgs{})
	assert.Error(t, err, "shapes that do not broadcast")
}

func TestUnaryAndWhereAsTorch(t *testing.T) {
	nan := math.NaN()
	r, err := Unary("sign", vec(dtype.Float32, complex(nan, 0), complex(math.Copysign(0, -1), 0), 3), UnaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Float32, 0, 0, 1), r, "sign")
	lo, hi := Number{Kind: dtype.Int64, V: 3}, Number{Kind: dtype.Int64, V: 2}
	r, err = Unary("clamp", vec(dtype.Float32, 1, 5, complex(nan, 0)), UnaryArgs{Min: &lo, Max: &hi})
	require.NoError(t, err)
	same(t, vec(dtype.Float32, 2, 2, complex(nan, 0)), r, "clamp min > max")
	half := Number{Kind: dtype.Float64, V: 1.5}
	r, err = Unary("clamp", vec(dtype.Int64, 1, 5), UnaryArgs{Min: &half})
	require.NoError(t, err)
	same(t, vec(dtype.Float32, 1.5, 5), r, "clamp of int by a float")
	r, err = Unary("nan_to_num", vec(dtype.Complex64, complex(nan, math.Inf(1))), UnaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Complex64, complex(0, math.MaxFloat32)), r, "nan_to_num")
	r, err = Unary("angle", vec(dtype.Int64, -1, 2), UnaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Float32, math.Pi, 0), r, "angle of int")
	for _, op := range []string{"abs", "relu", "neg", "ceil"} {
		_, err = Unary(op, vec(dtype.Bool, 1), UnaryArgs{})
		assert.Error(t, err, "%s of bool", op)
	}
	r, err = Unary("square", vec(dtype.Bool, 1, 0), UnaryArgs{})
	require.NoError(t, err)
	same(t, vec(dtype.Int64, 1, 0), r, "square of bool")
	cond := vec(dtype.Bool, 1, 0)
	w, err := Where(cond, NumberArray(Number{Kind: dtype.Float64, V: 1}), NumberArray(Number{Kind: dtype.Int64}))
	require.NoError(t, err)
	assert.Equal(t, dtype.Float32, w.DType)
	w, err = Where(cond, NumberArray(Number{Kind: dtype.Int64, V: 1}), NumberArray(Number{Kind: dtype.Int64}))
	require.NoError(t, err)
	assert.Equal(t, dtype.Int64, w.DType)
	same(t, vec(dtype.Bool, 1), Cast(vec(dtype.Complex128, complex(0, -3.75)), dtype.Bool), "complex to bool")
	assert.Equal(t, complex(-56, 0), Round(dtype.Int8, 200), "int8 wraps")
}

func TestReduceAsTorch(t *testing.T) {
	_, err := Reduce("amax", Zeros(dtype.Float32, []int64{0, 3}), []int{0}, false)
	assert.Error(t, err, "amax over an empty dim")
	r, err := Reduce("amax", Zeros(dtype.Float32, []int64{0, 3}), []int{1}, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{0}, r.Shape)
	r, err = Reduce("mean", Zeros(dtype.Float32, []int64{0}), nil, false)
	require.NoError(t, err)
	assert.True(t, math.IsNaN(real(r.V[0])), "mean of nothing")
	r, err = Reduce("count_nonzero", vec(dtype.Float32, complex(math.NaN(), 0), 0), nil, false)
	require.NoError(t, err)
	same(t, Scalar(dtype.Int64, 1), r, "count_nonzero")
	a := Zeros(dtype.Int32, []int64{2, 3})
	for i := range a.V {
		a.V[i] = complex(float64(i), 0)
	}
	r, err = Reduce("sum", a, []int{-1}, true)
	require.NoError(t, err)
	same(t, Array{DType: dtype.Int64, Shape: []int64{2, 1}, V: []complex128{3, 12}}, r, "sum keepdim")
	r, err = Reduce("prod", a, []int{0}, false)
	require.NoError(t, err)
	same(t, vec(dtype.Int64, 0, 4, 10), r, "prod")
	_, err = Reduce("sum", a, []int{1, -1}, false)
	assert.Error(t, err, "a dim twice")
	s, err := Softmax(vec(dtype.Float32, complex(math.Inf(-1), 0), complex(math.Inf(-1), 0)), nil, 0, false)
	require.NoError(t, err)
	same(t, vec(dtype.Float32, complex(math.NaN(), 0), complex(math.NaN(), 0)), s, "softmax of -inf")
}

func TestShapesAndProductsAsTorch(t *testing.T) {
	a := Zeros(dtype.Float64, []int64{2, 3, 4})
	for i := range a.V {
		a.V[i] = complex(float64(i), 0)
	}
	p, err := Matmul(a, vec(dtype.Float64, 1, 1, 1, 1))
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 3}, p.Shape)
	assert.Equal(t, complex(0+1+2+3, 0), p.V[0])
	p, err = Matmul(vec(dtype.Float64, 1, 0, 0), a)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 4}, p.Shape)
	assert.Equal(t, complex(12, 0), p.V[4], "row 0 of the second matrix")
	_, err = Mm(vec(dtype.Bool, 1), vec(dtype.Bool, 1))
	assert.Error(t, err)
	tr, err := Transpose(Scalar(dtype.Float32, 2), 0, -1)
	require.NoError(t, err, "a 0-d tensor takes dims 0 and -1")
	assert.Empty(t, tr.Shape)
	h, err := HStack([]Array{Scalar(dtype.Float32, 2)})
	require.NoError(t, err)
	assert.Equal(t, []int64{1}, h.Shape)
	c, err := Cat([]Array{vec(dtype.Float32, 1.5), vec(dtype.Int32, 2)}, 0)
	require.NoError(t, err)
	assert.Equal(t, dtype.Float32, c.DType, "cat promotes")
	d, err := DStack([]Array{vec(dtype.Float32, 1, 2)})
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 2, 1}, d.Shape)
	am, err := Addmm(Scalar(dtype.Float64, complex(math.NaN(), 0)), Zeros(dtype.Float64, []int64{1, 1}), Zeros(dtype.Float64, []int64{1, 1}), Number{Kind: dtype.Int64}, Number{Kind: dtype.Int64, V: 1})
	require.NoError(t, err)
	same(t, Array{DType: dtype.Float64, Shape: []int64{1, 1}, V: []complex128{0}}, am, "beta 0 ignores a NaN input")
	am, err = Addmm(Scalar(dtype.Float64, 1), Full(dtype.Float64, []int64{1, 1}, complex(math.Inf(1), 0)), Zeros(dtype.Float64, []int64{1, 1}), Number{Kind: dtype.Int64, V: 1}, Number{Kind: dtype.Int64})
	require.NoError(t, err)
	same(t, Array{DType: dtype.Float64, Shape: []int64{1, 1}, V: []complex128{1}}, am, "alpha 0 ignores an inf product")
}
