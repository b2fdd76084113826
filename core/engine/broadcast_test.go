package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// TestBroadcastShapeRules: torch's infer_size over ranks, and its refusal
// naming the dim.
func TestBroadcastShapeRules(t *testing.T) {
	for _, c := range []struct{ a, b, want []int64 }{
		{[]int64{3, 1}, []int64{1, 4}, []int64{3, 4}},
		{[]int64{2, 3, 1}, []int64{5}, []int64{2, 3, 5}},
		{[]int64{}, []int64{2, 2}, []int64{2, 2}},
		{[]int64{0, 1}, []int64{1, 3}, []int64{0, 3}},
	} {
		got, err := BroadcastShape(c.a, c.b)
		require.NoError(t, err)
		assert.Equal(t, c.want, got)
		assert.True(t, BroadcastsTo(c.a, got) && BroadcastsTo(c.b, got))
	}
	_, err := BroadcastShape([]int64{3, 4}, []int64{2, 4})
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	assert.ErrorContains(t, err, "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0")
	assert.False(t, BroadcastsTo([]int64{2, 4}, []int64{3, 4}))
	assert.False(t, BroadcastsTo([]int64{1, 3, 4}, []int64{3, 4}))
	assert.Equal(t, []int64{0, 1, 0}, BroadcastStrides([]int64{3, 1}, []int64{2, 3, 4}))
	assert.Equal(t, []int{0, 2}, ReducedDims([]int64{2, 3, 4}, []int64{3, 1}))
	assert.Empty(t, ReducedDims([]int64{3, 4}, []int64{3, 4}))
}

// TestExpandCopiesBroadcastElements: each element of the expanded array is
// the source's at the broadcast index (a column, a row, a middle dim).
func TestExpandCopiesBroadcastElements(t *testing.T) {
	for _, c := range []struct{ shape, out []int64 }{
		{[]int64{3, 1}, []int64{3, 4}}, {[]int64{4}, []int64{2, 3, 4}}, {[]int64{2, 1, 3}, []int64{2, 5, 3}}, {[]int64{1}, []int64{0, 2}},
	} {
		src := dtype.NewArray(dtype.Float64, c.shape)
		for i := range dtype.AsSlice[float64](src) {
			dtype.AsSlice[float64](src)[i] = float64(i + 1)
		}
		got, err := Expand(src, c.out)
		require.NoError(t, err)
		require.Equal(t, c.out, got.Shape)
		st := BroadcastStrides(c.shape, c.out)
		idx := make([]int64, len(c.out))
		for q, v := range dtype.AsSlice[float64](got) {
			p := int64(0)
			for d, i := range idx {
				p += i * st[d]
			}
			require.Equal(t, float64(p+1), v, "%v -> %v at %d", c.shape, c.out, q)
			for d := len(idx) - 1; d >= 0; d-- {
				if idx[d]++; idx[d] < c.out[d] {
					break
				}
				idx[d] = 0
			}
		}
	}
}
