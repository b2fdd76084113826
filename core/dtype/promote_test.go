package dtype

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPromoteTypes checks torch.promote_types on representative pairs and
// the promotion of tensors with numbers.
func TestPromoteTypes(t *testing.T) {
	cases := [][3]DType{
		{Int64, Float32, Float32}, {Float32, Float64, Float64}, {Bool, Int64, Int64}, {Bool, Bool, Bool},
		{UInt8, Int8, Int16}, {UInt8, Int16, Int16}, {UInt8, Int64, Int64}, {Int8, Int32, Int32},
		{Float16, BFloat16, Float32}, {Float16, Float32, Float32}, {BFloat16, Float64, Float64},
		{Complex64, Float64, Complex128}, {Complex64, Float32, Complex64}, {Complex64, Int64, Complex64},
		{Complex128, Float16, Complex128}, {Int32, Float16, Float16}, {Bool, Complex64, Complex64},
	}
	for _, c := range cases {
		assert.Equal(t, c[2], PromoteTypes(c[0], c[1]), "%s + %s", c[0], c[1])
		assert.Equal(t, c[2], PromoteTypes(c[1], c[0]), "%s + %s", c[1], c[0])
	}
	// Every pair is symmetric and at least as wide in category as both.
	for _, x := range AllDTypes {
		for _, y := range AllDTypes {
			p := PromoteTypes(x, y)
			assert.Equal(t, p, PromoteTypes(y, x))
			assert.GreaterOrEqual(t, CategoryOf(p), max(CategoryOf(x), CategoryOf(y)))
		}
	}
	assert.Equal(t, Int32, PromoteNumber(Int32, Int64))
	assert.Equal(t, Float32, PromoteNumber(Int32, Float64))
	assert.Equal(t, Float16, PromoteNumber(Float16, Float64))
	assert.Equal(t, Int64, PromoteNumber(Bool, Int64))
	assert.Equal(t, Complex128, PromoteNumber(Float64, Complex128))
	assert.Equal(t, Complex64, PromoteNumber(Int64, Complex128))
}

// TestResultType checks torch.result_type's three priorities (issue 38 item
// 10): a tensor with dims decides, a 0-d tensor and then a number only
// raise the category, keeping a float tensor's width.
func TestResultType(t *testing.T) {
	dim := func(d DType) Operand { return TensorOperand(d, 1) }
	zero := func(d DType) Operand { return TensorOperand(d, 0) }
	cases := []struct {
		ops  []Operand
		want DType
	}{
		{[]Operand{dim(Float32), zero(Complex128)}, Complex64},
		{[]Operand{dim(Float64), zero(Complex64)}, Complex128},
		{[]Operand{dim(Float16), zero(Complex128)}, Complex64},
		{[]Operand{dim(Int32), zero(Float64)}, Float64},
		{[]Operand{dim(Int32), NumberOperand(Float64)}, Float32},
		{[]Operand{dim(Int8), zero(Int64)}, Int8},
		{[]Operand{dim(UInt8), zero(Int8)}, UInt8},
		{[]Operand{dim(Bool), zero(Int8)}, Int8},
		{[]Operand{dim(Int64), zero(Complex128)}, Complex128},
		{[]Operand{dim(Float32), zero(Float64)}, Float32},
		{[]Operand{zero(Float32), zero(Float64)}, Float64},
		{[]Operand{zero(Int32), NumberOperand(Float64)}, Float32},
		{[]Operand{zero(Float64), NumberOperand(Complex128)}, Complex128},
		{[]Operand{NumberOperand(Int64), NumberOperand(Float64)}, Float32},
		{[]Operand{NumberOperand(Bool), NumberOperand(Bool)}, Bool},
		{[]Operand{dim(Int16), zero(Int32), NumberOperand(Float64)}, Float32},
		{[]Operand{dim(Int16), zero(Float64), NumberOperand(Complex128)}, Complex128},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, ResultType(c.ops...), "%v", c.ops)
	}
	// Two tensors with dims, or two 0-d tensors, promote as PromoteTypes.
	for _, x := range AllDTypes {
		for _, y := range AllDTypes {
			assert.Equal(t, PromoteTypes(x, y), ResultType(dim(x), dim(y)))
			assert.Equal(t, PromoteTypes(x, y), ResultType(zero(x), zero(y)))
		}
	}
}
