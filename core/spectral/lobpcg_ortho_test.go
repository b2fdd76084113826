package spectral

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

func TestLobpcgOrthoParamsAgainstDenseReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const n = 60
	a := randomSymmetric(rng, n, 0.1)
	want, _ := eigSym(a)
	params := []OrthoParams{
		{},                            // torch's defaults: replace, 3 x 3 rounds, tol
		{UseDrop: true},               // Algorithm 6: drop
		{IMax: 1, JMax: 1, Tol: 1e-3}, // one round of each
		{IMax: 5, JMax: 5, Tol: 1e-14, TolDrop: 1e-6, TolReplace: 1e-12, UseDrop: true},
	}
	for i, p := range params {
		for _, largest := range []bool{true, false} {
			t.Run(fmt.Sprintf("%d/largest=%v", i, largest), func(t *testing.T) {
				res, err := Lobpcg(asTensor(t, a, tensor.CSR, dtype.Float64), LobpcgOptions{K: 3, N: 4, Niter: 3000, Largest: largest, Seed: 5, Strict: true, Ortho: &p})
				require.NoError(t, err)
				e := vecOf(t, res.E)
				for j, v := range e {
					w := want[j]
					if largest {
						w = want[n-1-j]
					}
					require.InDelta(t, w, v, 1e-6*want[n-1])
				}
				checkEigenpairs(t, a, nil, e, matOf(t, res.X), 1e-7)
			})
		}
	}
}

func TestLobpcgOrthoParamsGeneralized(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	const n = 40
	a := randomSymmetric(rng, n, 0.2)
	b := laplacian1D(n)
	for i := 0; i < n; i++ {
		b.v[i*n+i] += 1
	}
	l, ok := cholesky(b)
	require.True(t, ok)
	li := invLowerT(l).transpose()
	want, _ := eigSym(denseMul(denseMul(li, a), li.transpose()))
	for _, drop := range []bool{false, true} {
		res, err := Lobpcg(asTensor(t, a, tensor.COO, dtype.Float64), LobpcgOptions{K: 2, N: 3, B: asTensor(t, b, tensor.CSR, dtype.Float64), Niter: 3000, Largest: true, Seed: 6, Strict: true, Ortho: &OrthoParams{UseDrop: drop}})
		require.NoError(t, err)
		e := vecOf(t, res.E)
		require.InDelta(t, want[n-1], e[0], 1e-6*want[n-1])
		require.InDelta(t, want[n-2], e[1], 1e-6*want[n-1])
		checkEigenpairs(t, a, b, e, matOf(t, res.X), 1e-7)
	}
}

func TestLobpcgOrthoParamsRefused(t *testing.T) {
	a := asTensor(t, laplacian1D(30), tensor.CSR, dtype.Float64)
	cases := []struct {
		p   OrthoParams
		msg string
	}{
		{OrthoParams{IMax: -1}, "ortho_i_max = -1: must be between 1 and 100"},
		{OrthoParams{JMax: 101}, "ortho_j_max = 101: must be between 1 and 100"},
		{OrthoParams{Tol: -1e-3}, "ortho_tol = -0.001: must be in (0, 1)"},
		{OrthoParams{TolDrop: 1}, "ortho_tol_drop = 1: must be in (0, 1)"},
		{OrthoParams{TolReplace: math.NaN()}, "ortho_tol_replace = NaN: must be in (0, 1)"},
	}
	for _, c := range cases {
		t.Run(c.msg, func(t *testing.T) {
			_, err := Lobpcg(a, LobpcgOptions{K: 2, Ortho: &c.p})
			require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
			require.ErrorContains(t, err, c.msg)
		})
	}
	_, err := Lobpcg(a, LobpcgOptions{K: 2, Method: Basic, Ortho: &OrthoParams{}})
	require.ErrorContains(t, err, "ortho parameters: apply to method ortho only")
}

func TestLobpcgTrackerSeesEachIterationAndStops(t *testing.T) {
	const n = 200
	a := asTensor(t, laplacian1D(n), tensor.CSR, dtype.Float64)
	var seen []int
	var last TrackerState
	res, err := Lobpcg(a, LobpcgOptions{K: 2, Niter: -1, Tol: 1e-8, Seed: 7, Strict: true, Tracker: func(s *TrackerState) bool {
		seen = append(seen, s.Iteration)
		require.Len(t, s.E, s.N)
		require.Len(t, s.Rerr, s.N)
		require.Len(t, s.X, s.M*s.N)
		require.Len(t, s.R, s.M*s.N)
		last = TrackerState{Iteration: s.Iteration, Converged: s.Converged, E: append([]float64(nil), s.E...)}
		return false
	}})
	require.NoError(t, err)
	require.Equal(t, res.Iterations, len(seen), "called once an iteration")
	for i, it := range seen {
		require.Equal(t, i+1, it)
	}
	require.GreaterOrEqual(t, last.Converged, 2)
	require.Equal(t, vecOf(t, res.E), last.E[:2])

	// Returning true stops at that iteration, strict or not, without an error.
	calls := 0
	res, err = Lobpcg(a, LobpcgOptions{K: 2, Niter: -1, Tol: 1e-8, Seed: 7, Strict: true, Tracker: func(s *TrackerState) bool {
		calls++
		return s.Iteration == 4
	}})
	require.NoError(t, err)
	require.Equal(t, 4, calls)
	require.Equal(t, 4, res.Iterations)
	require.Less(t, res.Converged, 2)
}
