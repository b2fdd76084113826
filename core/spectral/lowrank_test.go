package spectral

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// lowRankMat is an r x c matrix of rank k with singular values 10, 5, 2, 1, ...
// and about half its elements zero (sparse factors).
func lowRankMat(rng *rand.Rand, r, c, k int) *mat {
	u, v := randomMat(rng, r, k, 0.5), randomMat(rng, c, k, 0.5)
	for j := 0; j < k; j++ {
		f := 10 / math.Pow(2, float64(j))
		for i := 0; i < r; i++ {
			u.v[i*k+j] *= f
		}
	}
	return denseMul(u, v.transpose())
}

// checkSVD requires U diag(S) V^T to reproduce ref's leading singular values
// and U, V to have orthonormal columns.
func checkSVD(t *testing.T, res *LowrankResult, ref *mat, q int, tol float64) {
	t.Helper()
	u, v, s := matOf(t, res.U), matOf(t, res.V), vecOf(t, res.S)
	require.Equal(t, []int{ref.r, q}, []int{u.r, u.c})
	require.Equal(t, []int{ref.c, q}, []int{v.r, v.c})
	var want []float64
	if ref.r >= ref.c {
		_, want, _ = svdSmall(ref)
	} else {
		_, want, _ = svdSmall(ref.transpose())
	}
	for j := 0; j < q; j++ {
		require.InDelta(t, want[j], s[j], tol*want[0], "singular value %d", j)
	}
	for _, m := range []*mat{u, v} {
		g := gram(m, m)
		for i := 0; i < q; i++ {
			for j := 0; j < q; j++ {
				w := 0.0
				if i == j {
					w = 1
				}
				require.InDelta(t, w, g.at(i, j), 10*tol)
			}
		}
	}
	// U S V^T is the best rank-q approximation: here ref itself (rank <= q).
	us := u.clone()
	for i := 0; i < us.r; i++ {
		for j := 0; j < q; j++ {
			us.v[i*q+j] *= s[j]
		}
	}
	approx := denseMul(us, v.transpose())
	for i := range approx.v {
		require.InDelta(t, ref.v[i], approx.v[i], 10*tol*want[0])
	}
}

func TestSvdLowrankEveryFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, shape := range [][2]int{{40, 24}, {24, 40}} {
		ref := lowRankMat(rng, shape[0], shape[1], 4)
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			for _, l := range layouts {
				t.Run(fmt.Sprintf("%v/%s/%v", shape, d, l), func(t *testing.T) {
					a := asTensor(t, ref, l, d)
					res, err := SvdLowrank(a, 4, 2, nil, 11)
					require.NoError(t, err)
					require.Equal(t, d, res.U.DType())
					checkSVD(t, res, ref, 4, tolFor(d))
				})
			}
		}
	}
}

func TestSvdLowrankSeedRepeatsAndDefaultsClamp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ref := randomMat(rng, 30, 5, 0.4)
	a := asTensor(t, ref, tensor.CSR, dtype.Float64)
	r1, err := SvdLowrank(a, 6, 0, nil, 5)
	require.NoError(t, err)
	r2, err := SvdLowrank(a, 6, 0, nil, 5)
	require.NoError(t, err)
	require.Equal(t, matOf(t, r1.U).v, matOf(t, r2.U).v)
	// q = 6 > min(m, n) = 5: torch's shapes, U (30, 5); rank 5 is exact.
	checkSVD(t, r1, ref, 5, 1e-8)
}

func TestSvdLowrankWithM(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	low := lowRankMat(rng, 30, 20, 3)
	mm := randomMat(rng, 30, 20, 0.2)
	sum := low.clone()
	for i := range sum.v {
		sum.v[i] += mm.v[i]
	}
	res, err := SvdLowrank(asTensor(t, sum, tensor.COO, dtype.Float64), 3, 2, asTensor(t, mm, tensor.CSR, dtype.Float64), 9)
	require.NoError(t, err)
	checkSVD(t, res, low, 3, 1e-8)
}

// centred subtracts the column means.
func centred(a *mat) *mat {
	c := a.clone()
	for j := 0; j < a.c; j++ {
		s := 0.0
		for i := 0; i < a.r; i++ {
			s += a.at(i, j)
		}
		for i := 0; i < a.r; i++ {
			c.v[i*a.c+j] -= s / float64(a.r)
		}
	}
	return c
}

func TestPcaLowrankCentresWithoutDensifying(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	// Rank 3 after centring: a rank-2 sparse matrix plus an offset column
	// pattern, so the centring matters.
	ref := lowRankMat(rng, 36, 18, 2)
	for i := 0; i < ref.r; i++ {
		ref.v[i*ref.c+3] += 4
	}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, l := range layouts {
			t.Run(fmt.Sprintf("%s/%v", d, l), func(t *testing.T) {
				res, err := PcaLowrank(asTensor(t, ref, l, d), 3, true, 2, 3)
				require.NoError(t, err)
				checkSVD(t, res, centred(ref), 3, tolFor(d))
				plain, err := PcaLowrank(asTensor(t, ref, l, d), 3, false, 2, 3)
				require.NoError(t, err)
				checkSVD(t, plain, ref, 3, tolFor(d))
			})
		}
	}
}

func TestLowrankNonZeroFill(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ref := lowRankMat(rng, 20, 12, 2)
	for i := range ref.v { // rank 3: the zeros become the fill value
		ref.v[i] += 1.5
	}
	// A strided matrix converted keeps fill 0; build a fill-1.5 CSR by hand.
	x, err := tensorOf(ref, dtype.Float64)
	require.NoError(t, err)
	withFill, err := tensor.WithFill(x, tensor.ScalarBytes(dtype.Float64, dtype.Real(1.5)))
	require.NoError(t, err)
	a, err := convert.ToLayout(withFill, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	require.Less(t, a.NNZ(), int64(len(ref.v)), "the fill-valued elements are not stored")
	res, err := SvdLowrank(a, 3, 2, nil, 1)
	require.NoError(t, err)
	checkSVD(t, res, ref, 3, 1e-8)
}

func TestLowrankRefusesBadInput(t *testing.T) {
	a := asTensor(t, newMat(6, 4), tensor.CSR, dtype.Float64)
	_, err := PcaLowrank(a, 5, true, 2, 0)
	require.ErrorContains(t, err, "q(=5) must be non-negative integer and not greater than min(m, n)=4")
	_, err = SvdLowrank(a, -1, 2, nil, 0)
	require.ErrorContains(t, err, "q(=-1)")
	_, err = SvdLowrank(a, 2, -1, nil, 0)
	require.ErrorContains(t, err, "niter(=-1)")
	_, err = SvdLowrank(a, 2, 1, asTensor(t, newMat(4, 6), tensor.CSR, dtype.Float64), 0)
	require.ErrorContains(t, err, "M: must have A's shape")
	c, err := convert.ToDType(a, dtype.Complex128)
	require.NoError(t, err)
	_, err = SvdLowrank(c, 2, 1, nil, 0)
	require.Equal(t, errs.ErrDType, errs.CodeOf(err))
}
