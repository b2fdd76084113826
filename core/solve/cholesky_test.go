package solve

import (
	"fmt"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// randomHPD returns a sparse Hermitian (real: symmetric) positive definite
// matrix: a Hermitian pattern with a dominant positive diagonal.
func randomHPD(rng *rand.Rand, n int, density float64, d dtype.DType) dense {
	m := zeros(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			if rng.Float64() < density {
				v := randomValue(rng, d)
				m[i][j], m[j][i] = v, cmplx.Conj(v)
			}
		}
	}
	for i := 0; i < n; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			s += cmplx.Abs(m[i][j])
		}
		m[i][i] = complex(s+1, 0)
	}
	return m
}

// lowerOf keeps the lower triangle of m.
func lowerOf(m dense) dense {
	out := zeros(len(m), len(m))
	for i := range m {
		copy(out[i][:i+1], m[i][:i+1])
	}
	return out
}

func requireCholesky(t *testing.T, f Factor, a dense, d dtype.DType) {
	t.Helper()
	lt, err := f.L()
	require.NoError(t, err)
	require.Equal(t, lt.NNZ(), f.Fill())
	require.Equal(t, f.RowPerm(), f.ColPerm())
	l := denseOf(t, lt)
	for i := range l {
		require.Greater(t, real(l[i][i]), 0.0)
		require.Zero(t, imag(l[i][i]))
		for j := i + 1; j < len(l); j++ {
			require.Zero(t, l[i][j])
		}
	}
	require.Less(t, relDiff(matmul(l, conjTranspose(l)), permute(a, f.RowPerm(), f.ColPerm())), tolerance(d))
}

func TestCholeskyOverLayoutsDTypesOrderings(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	const n = 40
	for _, d := range solveDTypes {
		a := randomHPD(rng, n, 0.08, d)
		for _, layout := range matrixLayouts {
			for _, lowerOnly := range []bool{false, true} {
				src := a
				if lowerOnly {
					src = lowerOf(a)
				}
				at := tensorOf(t, src, d, layout)
				for _, ord := range []Ordering{OrderDefault, OrderNatural, OrderAMD} {
					t.Run(fmt.Sprintf("%s/%s/lower=%v/%s", d, layout, lowerOnly, ord), func(t *testing.T) {
						before := tensor.Clone(at)
						f, err := Cholesky(at, ord)
						require.NoError(t, err)
						requireCholesky(t, f, a, d)
						b := randomDense(rng, n, 3, d)
						x, err := f.Solve(stridedOf(t, b, d, false), true)
						require.NoError(t, err)
						require.Less(t, relDiff(matmul(a, denseOf(t, x)), b), tolerance(d))
						bt := transpose(b)
						xt, err := f.Solve(stridedOf(t, bt, d, false), false)
						require.NoError(t, err)
						require.Less(t, relDiff(matmul(denseOf(t, xt), a), bt), tolerance(d))
						bv := randomDense(rng, n, 1, d)
						xv, err := f.Solve(stridedOf(t, bv, d, true), true)
						require.NoError(t, err)
						require.Less(t, relDiff(matmul(a, denseOf(t, xv)), bv), tolerance(d))
						requireUnchanged(t, before, at)
					})
				}
			}
		}
	}
}

func TestCholeskyRefusesNonSPDNamingColumn(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	a := randomHPD(rng, 30, 0.1, dtype.Float64)
	a[7][7] = -1
	for _, ord := range []Ordering{OrderDefault, OrderNatural, OrderAMD} {
		_, err := Cholesky(tensorOf(t, a, dtype.Float64, tensor.CSR), ord)
		requireCode(t, err, errs.ErrInvalidArgument, "not positive definite")
	}
	// a diagonal matrix fails at its own column whatever the ordering
	dg := zeros(20, 20)
	for i := range dg {
		dg[i][i] = 2
	}
	dg[13][13] = 0
	for _, ord := range []Ordering{OrderDefault, OrderNatural, OrderAMD} {
		_, err := Cholesky(tensorOf(t, dg, dtype.Float64, tensor.CSC), ord)
		requireCode(t, err, errs.ErrInvalidArgument, "pivot of column 13 is 0")
	}
	// symmetric indefinite: [[1, 2], [2, 1]]
	_, err := Cholesky(tensorOf(t, dense{{1, 2}, {2, 1}}, dtype.Float64, tensor.COO), OrderNatural)
	requireCode(t, err, errs.ErrInvalidArgument, "pivot of column 1 is -3")
}

func TestCholeskyBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	a := tensorOf(t, randomHPD(rng, 6, 0.3, dtype.Float64), dtype.Float64, tensor.CSR)
	_, err := Cholesky(a, OrderColAMD)
	requireCode(t, err, errs.ErrInvalidArgument, "ordering = colamd")
	_, err = Cholesky(tensorOf(t, randomDense(rng, 3, 4, dtype.Float64), dtype.Float64, tensor.CSR), OrderDefault)
	requireCode(t, err, errs.ErrInvalidArgument, "square")
	f, err := Cholesky(a, OrderDefault)
	require.NoError(t, err)
	_, err = f.U()
	requireCode(t, err, errs.ErrInvalidArgument, "no U")
	_, err = f.Solve(stridedOf(t, randomDense(rng, 6, 1, dtype.Complex128), dtype.Complex128, true), true)
	requireCode(t, err, errs.ErrDType, "B: dtype complex128")
}

// The memory limit refuses the factors before they are allocated.
func TestFactorsRefusedOverMemoryLimit(t *testing.T) {
	c, err := laplacian2D(t, 60)
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	t.Cleanup(func() { require.NoError(t, tensor.SetMemoryLimit(old)) })
	require.NoError(t, tensor.SetMemoryLimit(200_000))
	_, err = Cholesky(c, OrderDefault)
	requireCode(t, err, errs.ErrTooLarge, "memory limit")
	_, err = Splu(c, DefaultLUOptions())
	requireCode(t, err, errs.ErrTooLarge, "memory limit")
	require.NoError(t, tensor.SetMemoryLimit(old))
	_, err = Cholesky(c, OrderDefault)
	require.NoError(t, err)
}
