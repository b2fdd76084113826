package spectral

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// lowrankLoss is sum(wu o U) + sum(ws o S) + sum(wv o V): a loss of U and V
// themselves, which the composition makes deterministic for a fixed draw.
type lowrankLoss struct{ wu, ws, wv []float64 }

func (l lowrankLoss) of(t *testing.T, res *LowrankResult) float64 {
	s := 0.0
	for _, p := range []struct {
		w []float64
		x *tensor.Tensor
	}{{l.wu, res.U}, {l.ws, res.S}, {l.wv, res.V}} {
		if p.w == nil {
			continue
		}
		v, err := tensor.Component(p.x, tensor.CompValues)
		require.NoError(t, err)
		for i, x := range dtype.AsSlice[float64](v)[:len(p.w)] {
			s += p.w[i] * x
		}
	}
	return s
}

func randomSlice(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = rng.NormFloat64()
	}
	return v
}

// TestLowrankBackwardMatchesFiniteDifferences differentiates the whole
// composition (range finder with power iterations, B's SVD, the products
// with A, M and pca's centring) by central differences, element by element.
func TestLowrankBackwardMatchesFiniteDifferences(t *testing.T) {
	type run func(a, m *tensor.Tensor) (*LowrankResult, *LowrankTape, error)
	const q, seed = 3, 17
	cases := []struct {
		name  string
		r, c  int
		niter int
		withM bool
		f     run
	}{
		{"tall niter0", 11, 7, 0, false, nil},
		{"tall niter2", 11, 7, 2, false, nil},
		{"wide niter1", 6, 10, 1, false, nil},
		{"tall M", 9, 7, 1, true, nil},
		{"wide M", 6, 9, 2, true, nil},
		{"pca tall", 10, 6, 1, false, func(a, _ *tensor.Tensor) (*LowrankResult, *LowrankTape, error) {
			return PcaLowrankTaped(a, q, true, 1, seed)
		}},
		{"pca wide", 6, 10, 2, false, func(a, _ *tensor.Tensor) (*LowrankResult, *LowrankTape, error) {
			return PcaLowrankTaped(a, q, true, 2, seed)
		}},
	}
	rng := rand.New(rand.NewPCG(26, 1))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.f
			if f == nil {
				f = func(a, m *tensor.Tensor) (*LowrankResult, *LowrankTape, error) {
					return SvdLowrankTaped(a, q, tc.niter, m, seed)
				}
			}
			a := randomMat(rng, tc.r, tc.c, 1)
			var mt *tensor.Tensor
			if tc.withM {
				mt = asTensor(t, randomMat(rng, tc.r, tc.c, 0.3), tensor.CSR, dtype.Float64)
			}
			loss := lowrankLoss{randomSlice(rng, tc.r*q), randomSlice(rng, q), randomSlice(rng, tc.c*q)}
			res, tape, err := f(asTensor(t, a, tensor.Strided, dtype.Float64), mt)
			require.NoError(t, err)
			left, right, err := tape.Backward(loss.wu, loss.ws, loss.wv, dtype.Float64)
			require.NoError(t, err)
			g := denseMul(matOf(t, left), matOf(t, right).transpose())
			require.Equal(t, []int{tc.r, tc.c}, []int{g.r, g.c})
			_ = res
			const h = 1e-6
			for i := range a.v {
				ap, am := a.clone(), a.clone()
				ap.v[i] += h
				am.v[i] -= h
				rp, _, err := f(asTensor(t, ap, tensor.Strided, dtype.Float64), mt)
				require.NoError(t, err)
				rm, _, err := f(asTensor(t, am, tensor.Strided, dtype.Float64), mt)
				require.NoError(t, err)
				fd := (loss.of(t, rp) - loss.of(t, rm)) / (2 * h)
				require.InDelta(t, fd, g.v[i], 1e-5*math.Max(1, math.Abs(fd)), "element %d", i)
			}
		})
	}
}

// TestLowrankBackwardOfSingularValuesOnly: with only S's gradient (a loss
// free of the singular vectors' sign and rotation freedom) and q = min(m,
// n), the composition is the exact SVD, whose d(sum S)/dA is U V^T.
func TestLowrankBackwardOfSingularValuesOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	for _, shape := range [][2]int{{9, 5}, {5, 9}} {
		t.Run(fmt.Sprint(shape), func(t *testing.T) {
			a := randomMat(rng, shape[0], shape[1], 1)
			k := min(shape[0], shape[1])
			res, tape, err := SvdLowrankTaped(asTensor(t, a, tensor.CSR, dtype.Float64), k, 2, nil, 3)
			require.NoError(t, err)
			ones := make([]float64, k)
			for i := range ones {
				ones[i] = 1
			}
			left, right, err := tape.Backward(nil, ones, nil, dtype.Float64)
			require.NoError(t, err)
			g := denseMul(matOf(t, left), matOf(t, right).transpose())
			want := denseMul(matOf(t, res.U), matOf(t, res.V).transpose())
			for i := range want.v {
				require.InDelta(t, want.v[i], g.v[i], 1e-9)
			}
		})
	}
}

func TestLowrankBackwardRefusesWrongGradients(t *testing.T) {
	_, tape, err := SvdLowrankTaped(asTensor(t, randomMat(rand.New(rand.NewPCG(1, 1)), 6, 4, 1), tensor.Strided, dtype.Float64), 2, 1, nil, 1)
	require.NoError(t, err)
	_, _, err = tape.Backward(make([]float64, 5), nil, nil, dtype.Float64)
	require.ErrorContains(t, err, "the gradient of U has 5 elements, expected 12")
	_, _, err = (&LowrankTape{}).Backward(nil, nil, nil, dtype.Float64)
	require.ErrorContains(t, err, "no completed forward")
}

func TestLowrankDraw(t *testing.T) {
	d, err := LowrankDraw(7, 4, 6, 5)
	require.NoError(t, err)
	require.Equal(t, []int64{4, 4}, d.Dims())
	require.Equal(t, randn(4, 4, 5).v, matOf(t, d).v)
	_, err = LowrankDraw(-1, 4, 2, 5)
	require.ErrorContains(t, err, "shape: must not be negative")
	_, err = LowrankDraw(4, 4, -2, 5)
	require.ErrorContains(t, err, "q(=-2)")
}
