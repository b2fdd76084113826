package dispatch

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/autograd"
)

// The low-rank factorizations record their three factors exactly when an
// operand requires a gradient and grad mode is on, for every Go caller of
// the core (not only the C ABI), and the backward reaches the leaf.
func TestLowrankRecordsWhenGradRequiredAndEnabled(t *testing.T) {
	on, off := Dispatcher{}, Dispatcher{GradEnabled: func() bool { return false }}
	x := leaf(t)

	r, err := on.SvdLowrank(x, Value{}, 2, 2, 7)
	require.NoError(t, err)
	for _, f := range r {
		require.True(t, f.Saves)
		require.NotNil(t, f.Var)
	}
	s, err := on.Sum(Value{Host: r[1].Host, Var: r[1].Var}, nil)
	require.NoError(t, err)
	require.NoError(t, autograd.Backward(s.Var, nil, false))
	require.NotNil(t, x.Var.Grad())

	r, err = off.PcaLowrank(x, 2, true, 2, 7)
	require.NoError(t, err)
	for _, f := range r {
		require.False(t, f.Saves)
		require.Nil(t, f.Var)
		require.NotNil(t, f.Host)
	}

	r, err = on.SvdLowrank(Host("A", coo(t)), Host("M", coo(t)), 2, 2, 7)
	require.NoError(t, err)
	require.Nil(t, r[0].Var, "no operand requires a gradient")

	r, err = on.SvdLowrank(Host("A", coo(t)), x, 2, 2, 7)
	require.NoError(t, err)
	require.True(t, r[2].Saves, "M requires a gradient")
}
