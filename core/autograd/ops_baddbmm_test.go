package autograd

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

func TestFiniteDifferencesBaddbmm(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	baddbmm := func(in []*Var) (*Var, error) {
		return Baddbmm(in[0], in[1], in[2], dtype.Real(0.7), dtype.Real(-1.3))
	}
	t.Run("strided", func(t *testing.T) {
		fdCheck(t, baddbmm, randDense(t, rng, 2, 3, 5), randDense(t, rng, 2, 3, 4), randDense(t, rng, 2, 4, 5))
	})
	t.Run("input broadcast over the batch and rows", func(t *testing.T) {
		fdCheck(t, baddbmm, randDense(t, rng, 1, 5), randDense(t, rng, 2, 3, 4), randDense(t, rng, 2, 4, 5))
	})
	t.Run("COO batch1", func(t *testing.T) {
		fdCheck(t, baddbmm, randDense(t, rng, 3, 4, 2), randSparse3(t, rng, 3, 4, 5, 0.4, tensor.COO), randDense(t, rng, 3, 5, 2))
	})
	t.Run("batched CSR batch1", func(t *testing.T) {
		fdCheck(t, baddbmm, randDense(t, rng, 2, 4, 3), randSparse3(t, rng, 2, 4, 4, 0, tensor.CSR), randDense(t, rng, 2, 4, 3))
	})
}

func TestBaddbmmNodeAndSparseGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	a, err := Leaf(randSparse3(t, rng, 2, 5, 6, 0.3, tensor.COO), true)
	require.NoError(t, err)
	y, err := Baddbmm(Constant(randDense(t, rng, 5, 3)), a, Constant(randDense(t, rng, 2, 6, 3)), dtype.Real(1), dtype.Real(2))
	require.NoError(t, err)
	require.Equal(t, "BaddbmmBackward0", y.Fn().Name())
	s, err := Sum(y, nil)
	require.NoError(t, err)
	require.NoError(t, Backward(s, nil, false))
	ga := a.Grad()
	require.Equal(t, tensor.COO, ga.Layout())
	require.Equal(t, a.Tensor().NNZ(), ga.NNZ(), "the gradient keeps batch1's pattern")
}
