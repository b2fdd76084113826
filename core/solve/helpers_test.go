package solve

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

var solveDTypes = []dtype.DType{dtype.Float32, dtype.Float64, dtype.Complex64, dtype.Complex128}

var matrixLayouts = []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO, tensor.Strided}

// dense is a test matrix held as complex numbers whatever the dtype.
type dense [][]complex128

func zeros(r, c int) dense {
	m := make(dense, r)
	for i := range m {
		m[i] = make([]complex128, c)
	}
	return m
}

// randomValue draws a value of the dtype's kind (imaginary part zero for real dtypes).
func randomValue(rng *rand.Rand, d dtype.DType) complex128 {
	if d.IsComplex() {
		return complex(rng.Float64()*2-1, rng.Float64()*2-1)
	}
	return complex(rng.Float64()*2-1, 0)
}

// randomSparse returns an n x n matrix with about density*n*n entries and a
// dominant diagonal, so that it is well conditioned.
func randomSparse(rng *rand.Rand, n int, density float64, d dtype.DType) dense {
	m := zeros(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j && rng.Float64() < density {
				m[i][j] = randomValue(rng, d)
			}
		}
	}
	for i := 0; i < n; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			s += cmplx.Abs(m[i][j]) + cmplx.Abs(m[j][i])
		}
		m[i][i] = complex(s+1, 0)
	}
	return m
}

// tensorOf builds a tensor of the layout and dtype holding m's nonzeros.
func tensorOf(t testing.TB, m dense, d dtype.DType, layout tensor.Layout) *tensor.Tensor {
	t.Helper()
	r, c := len(m), 0
	if r > 0 {
		c = len(m[0])
	}
	var rows, cols []int64
	var vals []complex128
	for i := range m {
		for j, v := range m[i] {
			if v != 0 {
				rows, cols, vals = append(rows, int64(i)), append(cols, int64(j)), append(vals, v)
			}
		}
	}
	nnz := int64(len(vals))
	idx := append(rows, cols...)
	va := dtype.NewArray(d, []int64{nnz})
	for k, v := range vals {
		va.SetComplex(int64(k), dtype.Complex128Scalar(v))
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(idx, 2, nnz), va, []int64{int64(r), int64(c)}, tensor.BuildOptions{})
	require.NoError(t, err)
	if layout == tensor.COO {
		return coo
	}
	out, err := convert.ToLayout(coo, layout, tensor.DefaultConvert())
	require.NoError(t, err)
	return out
}

// denseOf reads any tensor of at most 2 dimensions as a dense matrix
// (a vector as one column).
func denseOf(t testing.TB, x *tensor.Tensor) dense {
	t.Helper()
	d, err := convert.ToDense(x)
	require.NoError(t, err)
	v, err := tensor.Component(d, tensor.CompValues)
	require.NoError(t, err)
	s := slices.Clone(x.Dims())
	if len(s) == 1 {
		s = []int64{s[0], 1}
	}
	m := zeros(int(s[0]), int(s[1]))
	for i := range m {
		for j := range m[i] {
			c := v.Complex(int64(i)*s[1] + int64(j))
			m[i][j] = complex(c.Re(), c.Im())
		}
	}
	return m
}

// stridedOf builds a strided tensor from m: a vector when vector is set (m one column).
func stridedOf(t testing.TB, m dense, d dtype.DType, vector bool) *tensor.Tensor {
	t.Helper()
	r, c := len(m), len(m[0])
	shape := []int64{int64(r), int64(c)}
	if vector {
		shape = []int64{int64(r)}
	}
	a := dtype.NewArray(d, shape)
	for i := range m {
		for j, v := range m[i] {
			a.SetComplex(int64(i*c+j), dtype.Complex128Scalar(v))
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

func randomDense(rng *rand.Rand, r, c int, d dtype.DType) dense {
	m := zeros(r, c)
	for i := range m {
		for j := range m[i] {
			m[i][j] = randomValue(rng, d)
		}
	}
	return m
}

func matmul(a, b dense) dense {
	out := zeros(len(a), len(b[0]))
	for i := range a {
		for k, v := range a[i] {
			if v == 0 {
				continue
			}
			for j := range b[k] {
				out[i][j] += v * b[k][j]
			}
		}
	}
	return out
}

func transpose(a dense) dense {
	out := zeros(len(a[0]), len(a))
	for i := range a {
		for j, v := range a[i] {
			out[j][i] = v
		}
	}
	return out
}

func conjTranspose(a dense) dense {
	out := transpose(a)
	for i := range out {
		for j := range out[i] {
			out[i][j] = cmplx.Conj(out[i][j])
		}
	}
	return out
}

func frobenius(a dense) float64 {
	s := 0.0
	for i := range a {
		for _, v := range a[i] {
			s += real(v)*real(v) + imag(v)*imag(v)
		}
	}
	return math.Sqrt(s)
}

// relDiff is ||a - b||_F / max(||b||_F, tiny).
func relDiff(a, b dense) float64 {
	d := zeros(len(a), len(a[0]))
	for i := range a {
		for j := range a[i] {
			d[i][j] = a[i][j] - b[i][j]
		}
	}
	return frobenius(d) / math.Max(frobenius(b), 1e-300)
}

// tolerance is the relative accuracy expected of a well-conditioned solve.
func tolerance(d dtype.DType) float64 {
	if d == dtype.Float32 || d == dtype.Complex64 {
		return 1e-4
	}
	return 1e-10
}

// permute returns a[p][:, q].
func permute(a dense, p, q []int64) dense {
	out := zeros(len(p), len(q))
	for i, pi := range p {
		for j, qj := range q {
			out[i][j] = a[pi][qj]
		}
	}
	return out
}

// requireCode requires err to be a core error of the code whose message contains part.
func requireCode(t testing.TB, err error, code errs.Code, part string) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, errs.CodeOf(err), "%v", err)
	require.Contains(t, err.Error(), part)
}

// requireUnchanged requires x to equal its clone taken before the call.
func requireUnchanged(t testing.TB, before, x *tensor.Tensor) {
	t.Helper()
	eq, err := convert.Equal(before, x)
	require.NoError(t, err)
	require.True(t, eq, "the input changed")
}
