package autograd

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Grad gives what Backward would accumulate, leaves the leaves' Grad
// untouched, reaches intermediate results, and gives nil to an input the
// output does not depend on.
func TestGradMatchesBackwardWithoutAccumulating(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	a, err := Leaf(randSparse(t, rng, 5, 4, 0.5, tensor.CSR), true)
	require.NoError(t, err)
	b, err := Leaf(randDense(t, rng, 4, 3), true)
	require.NoError(t, err)
	unused, err := Leaf(randDense(t, rng, 2), true)
	require.NoError(t, err)
	h, err := SparseMm(a, b)
	require.NoError(t, err)
	r, err := Unary("tanh", h, ops.UnaryArgs{})
	require.NoError(t, err)
	loss, err := Sum(r, nil)
	require.NoError(t, err)

	gs, err := Grad(loss, nil, []*Var{a, b, h, unused}, true)
	require.NoError(t, err)
	require.Nil(t, a.Grad())
	require.Nil(t, b.Grad())
	require.Nil(t, gs[3])
	require.Equal(t, tensor.CSR, gs[0].Layout())

	require.NoError(t, Backward(loss, nil, false))
	requireClose(t, "a", a.Grad(), gs[0], 1e-12)
	requireClose(t, "b", b.Grad(), gs[1], 1e-12)
	// d loss / d h = 1 - tanh(h)^2.
	want, err := oneMinus(r.Tensor(), r.Tensor())
	require.NoError(t, err)
	requireClose(t, "h", want, gs[2], 1e-12)

	_, err = Grad(loss, nil, []*Var{a}, false)
	require.ErrorContains(t, err, "second time")
	_, err = Grad(loss, nil, []*Var{Constant(b.Tensor())}, false)
	require.ErrorContains(t, err, "inputs[0] does not require grad")
}
