package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

func TestSymmetryOf(t *testing.T) {
	m := func(d dense) *compressed[complex128] {
		c, err := loadCompressed[complex128](tensorOf(t, d, dtype.Complex128, tensor.CSR), tensor.CSC)
		require.NoError(t, err)
		return c
	}
	herm := dense{{2, 1i, 0}, {-1i, 3, 1}, {0, 1, 4}}
	s := symmetryOf(m(herm))
	require.Equal(t, symmetry{offDiagonal: 4, matched: 4, zeroFreeDiagonal: true, hermitian: true}, s)
	// Symmetric pattern, values not conjugate: nearly symmetric, not Hermitian.
	s = symmetryOf(m(dense{{2, 1, 0}, {5, 3, 1}, {0, 1, 4}}))
	require.True(t, s.nearlySymmetric())
	require.False(t, s.hermitian)
	// A non-positive or missing diagonal is no Cholesky candidate.
	require.False(t, symmetryOf(m(dense{{-2, 1}, {1, 3}})).hermitian)
	s = symmetryOf(m(dense{{0, 1}, {1, 3}}))
	require.False(t, s.hermitian || s.zeroFreeDiagonal || s.nearlySymmetric())
	// Half the off-diagonal entries mirrored is nearly symmetric; none is not.
	s = symmetryOf(m(dense{{1, 1, 1}, {1, 1, 0}, {0, 1, 1}}))
	require.Equal(t, 4, s.offDiagonal)
	require.Equal(t, 2, s.matched)
	require.True(t, s.nearlySymmetric())
	s = symmetryOf(m(dense{{1, 1, 1}, {0, 1, 1}, {0, 0, 1}}))
	require.Equal(t, 0, s.matched)
	require.False(t, s.nearlySymmetric())
}

// Spsolve's choices all solve: Cholesky, the LU fallback of a symmetric
// indefinite matrix with a positive diagonal, and LU on AMD or ColAMD.
func TestSpsolveChoosesAndSolves(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	const n = 60
	spd := randomHPD(rng, n, 0.1, dtype.Float64)
	indefinite := randomHPD(rng, n, 0.1, dtype.Float64)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j && indefinite[i][j] != 0 {
				indefinite[i][j] *= 10 // diagonal positive, no longer dominant
			}
		}
	}
	symPattern := randomHPD(rng, n, 0.1, dtype.Float64)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			symPattern[i][j] *= 2
		}
	}
	general := randomSparse(rng, n, 0.1, dtype.Float64)
	for i := range general {
		general[i][i] += 5
	}
	for name, a := range map[string]dense{"spd": spd, "indefinite": indefinite, "symPattern": symPattern, "general": general} {
		at := tensorOf(t, a, dtype.Float64, tensor.CSR)
		b := randomDense(rng, n, 2, dtype.Float64)
		x, err := Spsolve(at, stridedOf(t, b, dtype.Float64, false), true)
		require.NoError(t, err, name)
		require.Less(t, relDiff(matmul(a, denseOf(t, x)), b), 1e-12, name)
	}
	_, err := Cholesky(tensorOf(t, indefinite, dtype.Float64, tensor.CSR), OrderDefault)
	requireCode(t, err, errs.ErrInvalidArgument, "not positive definite")

	// LU's default ordering is AMD's on the symmetric pattern, ColAMD's otherwise.
	for _, c := range []struct {
		a    dense
		want Ordering
	}{{symPattern, OrderAMD}, {general, OrderColAMD}} {
		at := tensorOf(t, c.a, dtype.Float64, tensor.CSR)
		def, err := Splu(at, DefaultLUOptions())
		require.NoError(t, err)
		explicit, err := Splu(at, LUOptions{Ordering: c.want, PivotThreshold: 1})
		require.NoError(t, err)
		require.Equal(t, explicit.ColPerm(), def.ColPerm(), "%s", c.want)
	}
}
