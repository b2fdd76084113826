package dispatch

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The 2-norm records its steps (abs, square, sum, sqrt) when the input
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
	require.Equal(t, "SqrtBackward0", r.Var.Fn().Name())
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
