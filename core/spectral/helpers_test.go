package spectral

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// layouts are the formats every method is tested on (BSR/BSC with 2 x 2
// blocks, so test orders are even).
var layouts = []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.CSC, tensor.BSR, tensor.BSC}

// asTensor stores a row-major dense matrix as a tensor of the layout and dtype.
func asTensor(t testing.TB, m *mat, layout tensor.Layout, d dtype.DType) *tensor.Tensor {
	t.Helper()
	x, err := tensorOf(m, d)
	require.NoError(t, err)
	if layout == tensor.Strided {
		return x
	}
	opt := tensor.DefaultConvert()
	if layout.IsBlocked() {
		opt.BlockSize = [2]int64{2, 2}
	}
	y, err := convert.ToLayout(x, layout, opt)
	require.NoError(t, err)
	return y
}

// matOf reads a strided result back.
func matOf(t testing.TB, x *tensor.Tensor) *mat {
	t.Helper()
	m, err := denseOf(x)
	require.NoError(t, err)
	return m
}

// laplacian1D is tridiag(-1, 2, -1) of order n: eigenvalues
// 2 - 2 cos(j pi / (n+1)), j = 1..n.
func laplacian1D(n int) *mat {
	m := newMat(n, n)
	for i := 0; i < n; i++ {
		m.set(i, i, 2)
		if i > 0 {
			m.set(i, i-1, -1)
			m.set(i-1, i, -1)
		}
	}
	return m
}

// laplacianEigs returns laplacian1D(n)'s eigenvalues ascending.
func laplacianEigs(n int) []float64 {
	e := make([]float64, n)
	for j := range e {
		e[j] = 2 - 2*math.Cos(float64(j+1)*math.Pi/float64(n+1))
	}
	return e
}

// randomSymmetric is a sparse-ish symmetric matrix with a spread spectrum.
func randomSymmetric(rng *rand.Rand, n int, density float64) *mat {
	m := newMat(n, n)
	for i := 0; i < n; i++ {
		m.set(i, i, float64(i+1))
		for j := 0; j < i; j++ {
			if rng.Float64() < density {
				v := rng.NormFloat64()
				m.set(i, j, v)
				m.set(j, i, v)
			}
		}
	}
	return m
}

// randomMat is an r x c sparse-ish matrix.
func randomMat(rng *rand.Rand, r, c int, density float64) *mat {
	m := newMat(r, c)
	for i := range m.v {
		if rng.Float64() < density {
			m.v[i] = rng.NormFloat64()
		}
	}
	return m
}

// tolFor is the accuracy a float32 or float64 result is checked to.
func tolFor(d dtype.DType) float64 {
	if d == dtype.Float32 {
		return 2e-4
	}
	return 1e-8
}

// denseMul is a b for test references.
func denseMul(a, b *mat) *mat { return mulSmall(a, b) }

// vecOf reads a strided 1-D result as float64.
func vecOf(t testing.TB, x *tensor.Tensor) []float64 {
	t.Helper()
	require.Equal(t, 1, x.NDim())
	y, err := convert.ToDType(x, dtype.Float64)
	require.NoError(t, err)
	v, err := tensor.Component(y, tensor.CompValues)
	require.NoError(t, err)
	return append([]float64(nil), dtype.AsSlice[float64](v)[:v.Numel()]...)
}
