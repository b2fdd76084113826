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
