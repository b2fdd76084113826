package spectral

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// diagonal is the n x n diagonal matrix of d.
func diagonal(d []float64) *mat {
	m := newMat(len(d), len(d))
	for i, v := range d {
		m.set(i, i, v)
	}
	return m
}

func TestLobpcgGeneralizedAgainstDenseReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const n = 40
	a := randomSymmetric(rng, n, 0.1)
	bd := make([]float64, n)
	for i := range bd {
		bd[i] = 1 + rng.Float64()
	}
	b := laplacian1D(n) // B = tridiag(-1, 2, -1) + diag(bd): SPD
	for i := range bd {
		b.v[i*n+i] += bd[i]
	}
	// Reference: eigenvalues of L^-1 A L^-T with B = L L^T (Jacobi on the dense matrix).
	l, ok := cholesky(b)
	require.True(t, ok)
	li := invLowerT(l).transpose()
	want, _ := eigSym(denseMul(denseMul(li, a), li.transpose()))
	for _, method := range []Method{Ortho, Basic} {
		for _, largest := range []bool{true, false} {
			for _, layout := range []tensor.Layout{tensor.CSR, tensor.COO, tensor.CSC} {
				t.Run(fmt.Sprintf("m%d/largest=%v/%v", method, largest, layout), func(t *testing.T) {
					res, err := Lobpcg(asTensor(t, a, layout, dtype.Float64), LobpcgOptions{K: 2, N: 3, B: asTensor(t, b, tensor.BSR, dtype.Float64), Niter: 2000, Largest: largest, Method: method, Seed: 3, Strict: true})
					require.NoError(t, err)
					e := vecOf(t, res.E)
					for j, v := range e {
						w := want[j]
						if largest {
							w = want[n-1-j]
						}
						require.InDelta(t, w, v, 1e-7*want[n-1])
					}
					checkEigenpairs(t, a, b, e, matOf(t, res.X), 1e-8)
				})
			}
		}
	}
}

func TestLobpcgPreconditionerAndInitialX(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const n = 50
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(i*i + 1)
	}
	a := diagonal(d)
	for i := 1; i < n; i++ { // a weak coupling keeps it non-diagonal
		a.set(i, i-1, 0.1)
		a.set(i-1, i, 0.1)
	}
	want, _ := eigSym(a)
	inv := make([]float64, n)
	for i := range inv {
		inv[i] = 1 / d[i]
	}
	x0 := randomMat(rng, n, 3, 1)
	plain, err := Lobpcg(asTensor(t, a, tensor.CSR, dtype.Float64), LobpcgOptions{X: asTensor(t, x0, tensor.Strided, dtype.Float64), Niter: -1, Strict: true})
	require.NoError(t, err)
	pre, err := Lobpcg(asTensor(t, a, tensor.CSR, dtype.Float64), LobpcgOptions{X: asTensor(t, x0, tensor.Strided, dtype.Float64), IK: asTensor(t, diagonal(inv), tensor.COO, dtype.Float64), Niter: -1, Strict: true})
	require.NoError(t, err)
	for _, res := range []*LobpcgResult{plain, pre} {
		require.Equal(t, []int64{n, 3}, res.X.Dims(), "k defaults to X's columns")
		e := vecOf(t, res.E)
		for j := range e {
			require.InDelta(t, want[j], e[j], 1e-6)
		}
	}
	require.Less(t, pre.Iterations, plain.Iterations, "the Jacobi preconditioner should help on this spectrum")
}

func TestLobpcgNonConvergenceIsReported(t *testing.T) {
	a := asTensor(t, laplacian1D(300), tensor.CSR, dtype.Float64)
	_, err := Lobpcg(a, LobpcgOptions{K: 2, Niter: 3, Tol: 1e-12, Seed: 1, Strict: true})
	require.Equal(t, errs.ErrNoConvergence, errs.CodeOf(err))
	require.ErrorContains(t, err, "no convergence after 3 iterations")
	require.ErrorContains(t, err, "largest relative residual")
	// Not strict (niter passed explicitly): the approximation with its record.
	res, err := Lobpcg(a, LobpcgOptions{K: 2, Niter: 3, Tol: 1e-12, Seed: 1})
	require.NoError(t, err)
	require.Equal(t, 3, res.Iterations)
	require.Less(t, res.Converged, 2)
	require.Greater(t, res.Residual, 1e-12)
}

func TestLobpcgRefusesBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	sym := asTensor(t, laplacian1D(12), tensor.CSR, dtype.Float64)
	cases := []struct {
		name string
		a    *tensor.Tensor
		o    LobpcgOptions
		msg  string
	}{
		{"non-square", asTensor(t, newMat(12, 10), tensor.CSR, dtype.Float64), LobpcgOptions{}, "A: must be square"},
		{"n too large", sym, LobpcgOptions{K: 5}, "smaller than 3 x the number of requested eigenpairs (=5)"},
		{"k above n", sym, LobpcgOptions{K: 3, N: 2}, "k = 3: must not exceed the block size n = 2"},
		{"non-symmetric", asTensor(t, randomMat(rng, 12, 12, 0.5), tensor.COO, dtype.Float64), LobpcgOptions{}, "A: must be symmetric"},
		{"B not SPD", sym, LobpcgOptions{B: asTensor(t, diagonal([]float64{1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1}), tensor.CSR, dtype.Float64), N: 3}, "B: must be positive definite"},
		{"B shape", sym, LobpcgOptions{B: asTensor(t, laplacian1D(10), tensor.CSR, dtype.Float64)}, "B: must have A's shape"},
		{"X rows", sym, LobpcgOptions{X: asTensor(t, newMat(10, 2), tensor.Strided, dtype.Float64)}, "X: must have 12 rows"},
		{"X zero", sym, LobpcgOptions{X: asTensor(t, newMat(12, 2), tensor.Strided, dtype.Float64)}, "X: must be finite and not all zero"},
		{"niter", sym, LobpcgOptions{Niter: -2}, "niter = -2"},
		{"tol", sym, LobpcgOptions{Tol: -1}, "tol = -1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Lobpcg(c.a, c.o)
			require.ErrorContains(t, err, c.msg)
			require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
		})
	}
}
