package autograd

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// lowrankRun runs svd_lowrank (withM) or pca_lowrank on leaves of xs.
type lowrankRun func(in []*Var) (u, s, v *Var, err error)

// lowrankObjective is sum(wu o U) + sum(ws o S) + sum(wv o V), recorded
// through the engine (so the three packed gradients are summed there).
func lowrankObjective(t *testing.T, u, s, v *Var, ws [3]*tensor.Tensor) *Var {
	t.Helper()
	var total *Var
	for i, o := range []*Var{u, s, v} {
		p, err := Mul(o, Constant(ws[i]))
		require.NoError(t, err)
		l, err := Sum(p, nil)
		require.NoError(t, err)
		if total == nil {
			total = l
			continue
		}
		total, err = Add(total, l, nil)
		require.NoError(t, err)
	}
	return total
}

// lowrankFD checks the gradient of every stored value of every input that
// requires one against central differences of the objective.
func lowrankFD(t *testing.T, run lowrankRun, xs []*tensor.Tensor, want []bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(26, 3))
	leaves := func(ts []*tensor.Tensor) []*Var {
		in := make([]*Var, len(ts))
		for i, x := range ts {
			v, err := Leaf(x, want[i])
			require.NoError(t, err)
			in[i] = v
		}
		return in
	}
	in := leaves(xs)
	u, s, v, err := run(in)
	require.NoError(t, err)
	require.Equal(t, "LinalgSvdBackward0", s.Fn().Name())
	var ws [3]*tensor.Tensor
	for i, o := range []*Var{u, s, v} {
		ws[i] = randDense(t, rng, slices.Clone(o.Tensor().Dims())...)
	}
	require.NoError(t, Backward(lowrankObjective(t, u, s, v, ws), nil, false))
	f := func(ts []*tensor.Tensor) float64 {
		u, s, v, err := run(leaves(ts))
		require.NoError(t, err)
		sum := 0.0
		for i, o := range []*Var{u, s, v} {
			ov := o.Tensor().Values()
			wv := ws[i].Values()
			for k, w := range dtype.AsSlice[float64](wv) {
				sum += w * dtype.AsSlice[float64](ov)[k]
			}
		}
		return sum
	}
	const h = 1e-6
	for i, x := range xs {
		g := in[i].Grad()
		if !want[i] {
			require.Nil(t, g)
			continue
		}
		require.NotNil(t, g, "input %d", i)
		require.Equal(t, x.Layout(), g.Layout(), "input %d: gradient layout", i)
		if x.Layout() != tensor.Strided {
			require.Equal(t, x.NNZ(), g.NNZ(), "input %d: gradient pattern", i)
		}
		gv := g.Values()
		gs := dtype.AsSlice[float64](gv)
		xv := x.Values()
		for k := range xv.Numel() {
			plus := append([]*tensor.Tensor(nil), xs...)
			minus := append([]*tensor.Tensor(nil), xs...)
			plus[i], minus[i] = withStored(t, x, k, h), withStored(t, x, k, -h)
			fd := (f(plus) - f(minus)) / (2 * h)
			require.InDelta(t, fd, gs[k], 1e-5*(1+math.Abs(fd)), "input %d, stored value %d", i, k)
		}
	}
}

func TestFiniteDifferencesSvdLowrank(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	svd := func(q, niter int) lowrankRun {
		return func(in []*Var) (*Var, *Var, *Var, error) {
			var m *Var
			if len(in) > 1 {
				m = in[1]
			}
			return SvdLowrank(in[0], m, q, niter, 7)
		}
	}
	pca := func(q, niter int) lowrankRun {
		return func(in []*Var) (*Var, *Var, *Var, error) { return PcaLowrank(in[0], q, true, niter, 7) }
	}
	t.Run("CSR tall, niter 2", func(t *testing.T) {
		lowrankFD(t, svd(3, 2), []*tensor.Tensor{randSparse(t, rng, 12, 8, 0.5, tensor.CSR)}, []bool{true})
	})
	t.Run("COO wide, niter 1", func(t *testing.T) {
		lowrankFD(t, svd(3, 1), []*tensor.Tensor{randSparse(t, rng, 7, 11, 0.5, tensor.COO)}, []bool{true})
	})
	t.Run("CSC with a dense M, both", func(t *testing.T) {
		lowrankFD(t, svd(2, 1), []*tensor.Tensor{randSparse(t, rng, 10, 7, 0.5, tensor.CSC), randDense(t, rng, 10, 7)}, []bool{true, true})
	})
	t.Run("strided A, sparse M only", func(t *testing.T) {
		lowrankFD(t, svd(3, 0), []*tensor.Tensor{randDense(t, rng, 9, 6), randSparse(t, rng, 9, 6, 0.4, tensor.CSR)}, []bool{false, true})
	})
	t.Run("pca COO tall", func(t *testing.T) {
		lowrankFD(t, pca(3, 2), []*tensor.Tensor{randSparse(t, rng, 12, 7, 0.5, tensor.COO)}, []bool{true})
	})
	t.Run("pca CSR wide", func(t *testing.T) {
		lowrankFD(t, pca(2, 1), []*tensor.Tensor{randSparse(t, rng, 6, 10, 0.6, tensor.CSR)}, []bool{true})
	})
	t.Run("CSR with fill value 1.5, and pca of it", func(t *testing.T) {
		a, err := tensor.WithFill(randSparse(t, rng, 10, 7, 0.5, tensor.CSR), tensor.ScalarBytes(dtype.Float64, dtype.Real(1.5)))
		require.NoError(t, err)
		lowrankFD(t, svd(3, 1), []*tensor.Tensor{a}, []bool{true})
		lowrankFD(t, pca(3, 1), []*tensor.Tensor{a}, []bool{true})
	})
	t.Run("pca strided", func(t *testing.T) {
		lowrankFD(t, pca(3, 1), []*tensor.Tensor{randDense(t, rng, 9, 6)}, []bool{true})
	})
}

func TestSvdLowrankNodesAndPartialGradients(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	a, err := Leaf(randSparse(t, rng, 9, 6, 0.5, tensor.CSR), true)
	require.NoError(t, err)
	u, s, v, err := SvdLowrank(a, nil, 3, 1, 1)
	require.NoError(t, err)
	require.Equal(t, []string{"MmBackward0", "LinalgSvdBackward0", "TransposeBackward0"}, []string{u.Fn().Name(), s.Fn().Name(), v.Fn().Name()})
	wide, err := Leaf(randSparse(t, rng, 5, 8, 0.5, tensor.CSR), true)
	require.NoError(t, err)
	u, _, v, err = SvdLowrank(wide, nil, 3, 1, 1)
	require.NoError(t, err)
	require.Equal(t, []string{"TransposeBackward0", "MmBackward0"}, []string{u.Fn().Name(), v.Fn().Name()})
	// sum(S) alone with q = min(m, n): the exact SVD, whose gradient is
	// U V^T on A's pattern.
	full, err := Leaf(randSparse(t, rng, 8, 5, 0.6, tensor.COO), true)
	require.NoError(t, err)
	u, s, v, err = SvdLowrank(full, nil, 5, 2, 3)
	require.NoError(t, err)
	l, err := Sum(s, nil)
	require.NoError(t, err)
	require.NoError(t, Backward(l, nil, false))
	vt, err := ops.T(v.Tensor())
	require.NoError(t, err)
	uvt, err := linalg.Mm(u.Tensor(), vt)
	require.NoError(t, err)
	want, err := maskLike(uvt, full.Tensor())
	require.NoError(t, err)
	requireClose(t, "d sum(S)/dA", want, full.Grad(), 1e-9)
	// A second backward through the freed graph refuses, naming the node.
	_, err = Sum(u, nil)
	require.NoError(t, err)
	lu, _ := Sum(u, nil)
	require.ErrorContains(t, Backward(lu, nil, false), "a second time")
	// Without an input that requires a gradient nothing is recorded.
	c, _, _, err := SvdLowrank(Constant(full.Tensor()), nil, 2, 1, 3)
	require.NoError(t, err)
	require.False(t, c.RequiresGrad())
}
