package dispatch

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The 2-norm records its steps (abs, square, sum, the root where the sum
// is not 0) when the input
// requires a gradient, so the Python wrapper calls it without asking
// first: the value is the unrecorded norm's, the gradient x / norm(x) at
// the stored entries, over every dim and over dim 1 with keepdim
// (recorded as an unsqueeze). Before, the result refused at backward.
func TestNormRecordsItsSteps(t *testing.T) {
	d := Dispatcher{}
	x := leaf(t) // entries (0,1) = 1.5, (2,3) = -2: norm 2.5
	r, err := d.Reduce(x, "norm", nil, false)
	require.NoError(t, err)
	require.NotNil(t, r.Var)
	require.Equal(t, "WhereBackward0", r.Var.Fn().Name())
	plain, err := d.Reduce(Host("t", x.Host), "norm", nil, false)
	require.NoError(t, err)
	require.Equal(t, plain.Host.Values().Data, r.Host.Values().Data)
	require.Equal(t, 2.5, dtype.AsSlice[float64](r.Host.Values())[0])
	require.NoError(t, autograd.Backward(r.Var, nil, false))
	g, err := convert.ToDense(x.Var.Grad())
	require.NoError(t, err)
	want := make([]float64, 12)
	want[1], want[11] = 1.5/2.5, -2/2.5
	require.InDeltaSlice(t, want, dtype.AsSlice[float64](g.Values()), 1e-15)

	y := leaf(t)
	k, err := d.Reduce(y, "norm", []int{1}, true)
	require.NoError(t, err)
	require.NotNil(t, k.Var)
	require.Equal(t, []int64{3, 1}, k.Host.Dims())
	kd, err := convert.ToDense(k.Host)
	require.NoError(t, err)
	require.Equal(t, []float64{1.5, 0, 2}, dtype.AsSlice[float64](kd.Values()))
	s, err := d.Sum(Value{Host: k.Host, Var: k.Var}, nil)
	require.NoError(t, err)
	require.NoError(t, autograd.Backward(s.Var, nil, false))
	g, err = convert.ToDense(y.Var.Grad())
	require.NoError(t, err)
	want[1], want[11] = 1, -1 // each row's entry over its own norm
	require.InDeltaSlice(t, want, dtype.AsSlice[float64](g.Values()), 1e-15)
	require.Equal(t, tensor.COO, y.Var.Grad().Layout())
}

// The gradient of a zero norm is 0, as torch's: sqrt's infinite gradient at
// 0 times square's 0 made it NaN for an all-zero tensor or row.
func TestNormGradientOfZeroIsZero(t *testing.T) {
	d := Dispatcher{}
	for _, dims := range [][]int{nil, {1}} {
		a := dtype.Float64Array([]float64{0, 0, 0, 2}, 2, 2)
		if dims == nil {
			a = dtype.Float64Array([]float64{0, 0, 0, 0}, 2, 2)
		}
		x, err := tensor.NewStrided(a)
		require.NoError(t, err)
		v, err := autograd.Leaf(x, true)
		require.NoError(t, err)
		r, err := d.Reduce(Value{Arg: "t", Host: x, Var: v}, "norm", dims, false)
		require.NoError(t, err)
		s, err := d.Sum(Value{Host: r.Host, Var: r.Var}, nil)
		require.NoError(t, err)
		require.NoError(t, autograd.Backward(s.Var, nil, false))
		want := []float64{0, 0, 0, 1}
		if dims == nil {
			want = []float64{0, 0, 0, 0}
		}
		require.Equal(t, want, dtype.AsSlice[float64](v.Grad().Values()), "dims %v", dims)
	}
}
