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

// symmetryOfViews against its definition on a dense copy of the pattern:
// random matrices, their patterns made symmetric or not, their values
// Hermitian or not, with stored zeros (on and off the diagonal) and missing
// diagonal entries.
func TestSymmetryOfMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(9)
		stored := make([][]bool, n)
		val := make([][]complex128, n)
		for i := range stored {
			stored[i], val[i] = make([]bool, n), make([]complex128, n)
		}
		symPattern, herm := rng.IntN(2) == 0, rng.IntN(2) == 0
		for i := 0; i < n; i++ {
			for j := 0; j <= i; j++ {
				in, mirrored := rng.IntN(3) == 0, rng.IntN(2) == 0 || symPattern
				x := complex(float64(rng.IntN(3)-1), float64(rng.IntN(3)-1))
				if rng.IntN(8) == 0 {
					x = 0 // a stored zero
				}
				if i == j {
					stored[i][i], val[i][i] = in || rng.IntN(2) == 0, x
					if herm && rng.IntN(6) != 0 {
						val[i][i] = complex(1+float64(rng.IntN(3)), 0)
					}
					continue
				}
				if !in {
					continue
				}
				stored[i][j], val[i][j] = true, x
				if mirrored {
					y := complex(float64(rng.IntN(3)-1), float64(rng.IntN(3)-1))
					if herm {
						y = complex(real(x), -imag(x))
					}
					stored[j][i], val[j][i] = true, y
				} else if rng.IntN(2) == 0 {
					stored[i][j], stored[j][i], val[j][i], val[i][j] = false, true, x, 0
				}
			}
		}
		m := &compressed[complex128]{rows: n, cols: n, byCol: true, ptr: make([]int, n+1)}
		want := symmetry{zeroFreeDiagonal: true, hermitian: true}
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				if !stored[i][j] {
					continue
				}
				m.idx, m.val = append(m.idx, i), append(m.val, val[i][j])
				if i != j {
					want.offDiagonal++
					if stored[j][i] {
						want.matched++
						want.hermitian = want.hermitian && val[i][j] == cmplxConj(val[j][i])
					} else {
						want.hermitian = false
					}
				}
			}
			m.ptr[j+1] = len(m.idx)
			d := val[j][j]
			if !stored[j][j] || d == 0 {
				want.zeroFreeDiagonal = false
			}
			if !stored[j][j] || real(d) <= 0 || imag(d) != 0 {
				want.hermitian = false
			}
		}
		require.Equal(t, want, symmetryOf(m), "trial %d: %v", trial, val)
	}
}

func cmplxConj(x complex128) complex128 { return complex(real(x), -imag(x)) }
