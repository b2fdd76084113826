package autograd

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// gcnLoss builds sum(A @ (X @ W)) and returns it with its leaves.
func gcnLoss(t *testing.T) (loss, a, x, w *Var) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	var err error
	a, err = Leaf(randSparse(t, rng, 6, 6, 0.4, tensor.CSR), true)
	require.NoError(t, err)
	x = Constant(randDense(t, rng, 6, 3))
	w, err = Leaf(randDense(t, rng, 3, 2), true)
	require.NoError(t, err)
	xw, err := Mm(x, w)
	require.NoError(t, err)
	h, err := SparseMm(a, xw)
	require.NoError(t, err)
	require.Equal(t, "SparseAddmmBackward0", h.Fn().Name())
	loss, err = Sum(h, nil)
	require.NoError(t, err)
	require.Equal(t, "SumBackward0", loss.Fn().Name())
	return loss, a, x, w
}

func values64(t *testing.T, x *tensor.Tensor) []float64 {
	t.Helper()
	v, err := tensor.Component(x, tensor.CompRawValues)
	require.NoError(t, err)
	return append([]float64(nil), dtype.AsSlice[float64](v)...)
}

func TestBackwardAccumulatesAndFreesTheGraph(t *testing.T) {
	loss, a, x, w := gcnLoss(t)
	require.NoError(t, Backward(loss, nil, true))
	require.Nil(t, x.Grad(), "a constant gets no gradient")
	ga1, gw1 := values64(t, a.Grad()), values64(t, w.Grad())
	require.Equal(t, tensor.CSR, a.Grad().Layout())
	// Retained: a second backward accumulates.
	require.NoError(t, Backward(loss, nil, false))
	ga2, gw2 := values64(t, a.Grad()), values64(t, w.Grad())
	for i := range ga1 {
		require.InDelta(t, 2*ga1[i], ga2[i], 1e-12)
	}
	for i := range gw1 {
		require.InDelta(t, 2*gw1[i], gw2[i], 1e-12)
	}
	// Freed after the second: a third refuses and changes nothing.
	err := Backward(loss, nil, false)
	require.ErrorContains(t, err, "backward through the graph a second time")
	require.Equal(t, gw2, values64(t, w.Grad()))
	w.ZeroGrad()
	require.Nil(t, w.Grad())
}

func TestBackwardRefusals(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	a, err := Leaf(randSparse(t, rng, 4, 4, 0.5, tensor.COO), true)
	require.NoError(t, err)
	// No backward formula: refused at backward, naming the operation.
	nb := NoBackward("hspmm", a.Tensor(), a)
	require.Equal(t, "hspmm", nb.Fn().Name())
	d, err := ToDense(nb)
	require.NoError(t, err)
	err = Backward(d, randDense(t, rng, 4, 4), false)
	require.ErrorContains(t, err, "hspmm has no backward formula")
	require.Nil(t, a.Grad())
	// Seeds: implicit only for one element, shape and dtype checked.
	d, err = ToDense(a)
	require.NoError(t, err)
	require.ErrorContains(t, Backward(d, nil, false), "only for outputs of one element")
	require.ErrorContains(t, Backward(d, randDense(t, rng, 4, 3), false), "expected shape [4, 4]")
	f32, err := convert.ToDType(randDense(t, rng, 4, 4), dtype.Float32)
	require.NoError(t, err)
	require.ErrorContains(t, Backward(d, f32, false), "expected dtype float64")
	// Flags: integer tensors and non-leaves cannot change them.
	ints, err := tensor.NewStrided(dtype.Int64Array([]int64{1, 2}))
	require.NoError(t, err)
	_, err = Leaf(ints, true)
	require.ErrorContains(t, err, "floating point and complex dtype")
	require.ErrorContains(t, d.SetRequiresGrad(false), "only change requires_grad flags of leaf variables")
	// A constant result cannot start a backward; a detached one neither.
	require.ErrorContains(t, Backward(d.Detach(), randDense(t, rng, 4, 4), false), "does not require grad")
	require.False(t, d.Detach().RequiresGrad())
}

func TestLeafSeedAccumulates(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	x, err := Leaf(randDense(t, rng, 3), true)
	require.NoError(t, err)
	seed := randDense(t, rng, 3)
	require.NoError(t, Backward(x, seed, false))
	require.NoError(t, Backward(x, seed, false))
	s, g := values64(t, seed), values64(t, x.Grad())
	for i := range s {
		require.InDelta(t, 2*s[i], g[i], 1e-15)
	}
}
