package autograd

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestClampNumberBoundsTieGetsNoGradient: torch 2.15 passes the gradient of
// clamp with number bounds only where min < x < max: an element equal to a
// bound, or NaN, gets none (measured: clamp([1, 2, 3, 1.5, nan], 1, 2) gives
// [0, 0, 0, 1, 0]; min only [0, 1, 1, 1, 0]; max only [1, 0, 0, 1, 0]).
func TestClampNumberBoundsTieGetsNoGradient(t *testing.T) {
	lo, hi := dtype.FloatNumber(1), dtype.FloatNumber(2)
	for _, c := range []struct {
		name string
		args ops.UnaryArgs
		want []float64
	}{
		{"both", ops.UnaryArgs{Min: &lo, Max: &hi}, []float64{0, 0, 0, 1, 0}},
		{"min", ops.UnaryArgs{Min: &lo}, []float64{0, 1, 1, 1, 0}},
		{"max", ops.UnaryArgs{Max: &hi}, []float64{1, 0, 0, 1, 0}},
	} {
		a := dtype.NewArray(dtype.Float64, []int64{5})
		copy(dtype.AsSlice[float64](a), []float64{1, 2, 3, 1.5, math.NaN()})
		d, err := tensor.NewStrided(a)
		require.NoError(t, err)
		x, err := Leaf(d, true)
		require.NoError(t, err)
		r, err := Unary("clamp", x, c.args)
		require.NoError(t, err)
		loss, err := Sum(r, nil)
		require.NoError(t, err)
		require.NoError(t, Backward(loss, nil, false))
		got := dtype.AsSlice[float64](denseValues(t, x.Grad()))
		require.Equal(t, c.want, got, c.name)
	}
}
