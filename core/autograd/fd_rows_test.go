package autograd

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// randSparse3 is a coalesced float64 COO tensor (nb, m, n) with about
// density*nb*m*n entries, in the given layout (batched CSR for CSR).
func randSparse3(t *testing.T, rng *rand.Rand, nb, m, n int64, density float64, layout tensor.Layout) *tensor.Tensor {
	t.Helper()
	var bs, rows, cols []int64
	var vals []float64
	for b := range nb {
		for i := range m {
			for j := range n {
				// Every batch gets the same count per row for the batched CSR.
				if layout == tensor.CSR && (i+j+b)%2 == 0 || layout != tensor.CSR && rng.Float64() < density {
					bs, rows, cols = append(bs, b), append(rows, i), append(cols, j)
					vals = append(vals, rng.NormFloat64())
				}
			}
		}
	}
	nnz := int64(len(vals))
	idx := append(append(bs, rows...), cols...)
	x, err := tensor.NewCOO(dtype.Int64Array(idx, 3, nnz), dtype.Float64Array(vals), []int64{nb, m, n}, tensor.BuildOptions{Coalesced: true})
	require.NoError(t, err)
	if layout == tensor.COO {
		return x
	}
	y, err := convert.ToLayout(x, layout, tensor.DefaultConvert())
	require.NoError(t, err)
	return y
}

func TestFiniteDifferencesBmm(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	bmm := func(in []*Var) (*Var, error) { return Bmm(in[0], in[1]) }
	t.Run("strided @ strided", func(t *testing.T) {
		fdCheck(t, bmm, randDense(t, rng, 2, 3, 4), randDense(t, rng, 2, 4, 5))
	})
	t.Run("COO @ strided", func(t *testing.T) {
		fdCheck(t, bmm, randSparse3(t, rng, 3, 4, 5, 0.4, tensor.COO), randDense(t, rng, 3, 5, 2))
	})
	t.Run("batched CSR @ strided", func(t *testing.T) {
		fdCheck(t, bmm, randSparse3(t, rng, 2, 4, 4, 0, tensor.CSR), randDense(t, rng, 2, 4, 3))
	})
	t.Run("COO @ COO (mat2 densified, its gradient on its pattern)", func(t *testing.T) {
		fdCheck(t, bmm, randSparse3(t, rng, 2, 3, 4, 0.5, tensor.COO), randSparse3(t, rng, 2, 4, 3, 0.5, tensor.COO))
	})
}

func TestBmmNodeAndSparseGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	a, err := Leaf(randSparse3(t, rng, 2, 5, 6, 0.3, tensor.COO), true)
	require.NoError(t, err)
	b, err := Leaf(randDense(t, rng, 2, 6, 3), true)
	require.NoError(t, err)
	y, err := Bmm(a, b)
	require.NoError(t, err)
	require.Equal(t, "BmmBackward0", y.Fn().Name())
	s, err := Sum(y, nil)
	require.NoError(t, err)
	require.NoError(t, Backward(s, nil, false))
	ga := a.Grad()
	require.Equal(t, tensor.COO, ga.Layout())
	require.True(t, ga.IsCoalesced())
	require.Equal(t, a.Tensor().NNZ(), ga.NNZ())
}

func TestFiniteDifferencesHspmmSspaddmm(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	t.Run("hspmm CSR @ strided", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return Hspmm(in[0], in[1]) },
			randSparse(t, rng, 6, 5, 0.3, tensor.CSR), randDense(t, rng, 5, 3))
	})
	t.Run("hspmm COO @ COO", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) { return Hspmm(in[0], in[1]) },
			randSparse(t, rng, 6, 5, 0.3, tensor.COO), randSparse(t, rng, 5, 3, 0.5, tensor.COO))
	})
	t.Run("sspaddmm", func(t *testing.T) {
		fdCheck(t, func(in []*Var) (*Var, error) {
			return Sspaddmm(in[0], in[1], in[2], dtype.Real(0.7), dtype.Real(-1.3))
		}, randSparse(t, rng, 5, 4, 0.4, tensor.COO), randSparse(t, rng, 5, 6, 0.3, tensor.COO), randDense(t, rng, 6, 4))
	})
	t.Run("names", func(t *testing.T) {
		a, err := Leaf(randSparse(t, rng, 4, 4, 0.5, tensor.COO), true)
		require.NoError(t, err)
		d := Constant(randDense(t, rng, 4, 2))
		h, err := Hspmm(a, d)
		require.NoError(t, err)
		require.Equal(t, "HspmmBackward0", h.Fn().Name())
		s, err := Sspaddmm(Constant(randSparse(t, rng, 4, 2, 0.5, tensor.COO)), a, d, dtype.Real(1), dtype.Real(1))
		require.NoError(t, err)
		require.Equal(t, "SspaddmmBackward0", s.Fn().Name())
	})
}
