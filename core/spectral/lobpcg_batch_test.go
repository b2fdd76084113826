package spectral

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// stacked is the strided (len(ms), r, c) tensor of equal-shaped matrices.
func stacked(t *testing.T, ms []*mat) *tensor.Tensor {
	t.Helper()
	var v []float64
	for _, m := range ms {
		v = append(v, m.v...)
	}
	x, err := tensorShaped(v, []int64{int64(len(ms)), int64(ms[0].r), int64(ms[0].c)}, dtype.Float64)
	require.NoError(t, err)
	return x
}

func TestLobpcgBatchedAgainstDenseReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	const n, b = 30, 3
	as := make([]*mat, b)
	for i := range as {
		as[i] = randomSymmetric(rng, n, 0.2)
	}
	a := stacked(t, as)
	coo, err := convert.ToLayout(a, tensor.COO, tensor.DefaultConvert())
	require.NoError(t, err)
	for _, in := range []*tensor.Tensor{a, coo} {
		t.Run(fmt.Sprint(in.Layout()), func(t *testing.T) {
			var batches []int
			res, err := Lobpcg(in, LobpcgOptions{K: 2, N: 3, Niter: -1, Tol: 1e-10, Largest: true, Seed: 9, Strict: true,
				Tracker: func(s *TrackerState) bool {
					if s.Iteration == 1 {
						batches = append(batches, s.Batch)
					}
					return false
				}})
			require.NoError(t, err)
			require.Equal(t, []int64{b, 2}, res.E.Dims())
			require.Equal(t, []int64{b, n, 2}, res.X.Dims())
			require.Equal(t, []int{0, 1, 2}, batches)
			e, err := appendValues(nil, res.E)
			require.NoError(t, err)
			x, err := appendValues(nil, res.X)
			require.NoError(t, err)
			for i := 0; i < b; i++ {
				want, _ := eigSym(as[i])
				require.InDelta(t, want[n-1], e[2*i], 1e-8*want[n-1])
				require.InDelta(t, want[n-2], e[2*i+1], 1e-8*want[n-1])
				xi := &mat{r: n, c: 2, v: x[i*n*2 : (i+1)*n*2]}
				checkEigenpairs(t, as[i], nil, e[2*i:2*i+2], xi, 1e-7)
			}
		})
	}
}

func TestLobpcgBatchedXAndRefusals(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	const n = 24
	as := []*mat{laplacian1D(n), randomSymmetric(rng, n, 0.3)}
	a := stacked(t, as)
	x0 := stacked(t, []*mat{randomMat(rng, n, 2, 1), randomMat(rng, n, 2, 1)})
	res, err := Lobpcg(a, LobpcgOptions{X: x0, Niter: -1, Tol: 1e-10, Strict: true})
	require.NoError(t, err)
	require.Equal(t, []int64{2, 2}, res.E.Dims(), "k defaults to X's columns")
	e, err := appendValues(nil, res.E)
	require.NoError(t, err)
	want := laplacianEigs(n)
	require.InDelta(t, want[0], e[0], 1e-8)
	require.InDelta(t, want[1], e[1], 1e-8)

	cases := []struct {
		o    LobpcgOptions
		code errs.Code
		msg  string
	}{
		{LobpcgOptions{X: stacked(t, []*mat{randomMat(rng, n, 2, 1)})}, errs.ErrInvalidArgument, "X: must have shape ([2], 24, n)"},
		{LobpcgOptions{B: asTensor(t, laplacian1D(n), tensor.CSR, dtype.Float64)}, errs.ErrInvalidArgument, "B: must have A's shape [2, 24, 24]"},
		{LobpcgOptions{K: 1, Niter: 2, Tol: 1e-14, Strict: true}, errs.ErrNoConvergence, "A[0] (of the batch flattened): lobpcg: no convergence after 2 iterations"},
	}
	for _, c := range cases {
		_, err := Lobpcg(a, c.o)
		require.Equal(t, c.code, errs.CodeOf(err), "%v", err)
		require.ErrorContains(t, err, c.msg)
	}
	empty, err := tensorShaped(nil, []int64{0, n, n}, dtype.Float64)
	require.NoError(t, err)
	_, err = Lobpcg(empty, LobpcgOptions{})
	require.ErrorContains(t, err, "A: the batch of shape [0, 24, 24] is empty")
}
