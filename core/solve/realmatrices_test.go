package solve

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/mmio"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// denseCSR reads a float64 matrix as CSR arrays.
func denseCSR(t testing.TB, a *tensor.Tensor) *compressed[float64] {
	t.Helper()
	m, err := loadCompressed[float64](a, tensor.CSR)
	require.NoError(t, err)
	if m.byCol {
		m = m.transposeStorage()
	}
	return m
}

func vectorOf(t testing.TB, x *tensor.Tensor) []float64 {
	t.Helper()
	v, err := tensor.Component(x, tensor.CompValues)
	require.NoError(t, err)
	return append([]float64(nil), dtype.AsSlice[float64](v)[:v.Numel()]...)
}

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

func randomVector(t testing.TB, n int64, seed uint64) *tensor.Tensor {
	rng := rand.New(rand.NewPCG(seed, 1))
	v := make([]float64, n)
	for i := range v {
		v[i] = rng.Float64()*2 - 1
	}
	x, err := tensor.NewStrided(dtype.Float64Array(v, n))
	require.NoError(t, err)
	return x
}

func TestLaplacianLUAndCholesky(t *testing.T) {
	a, err := laplacian2D(t, 40)
	require.NoError(t, err)
	b := randomVector(t, 1600, 3)
	for _, ord := range allOrderings {
		f, err := Splu(a, LUOptions{Ordering: ord, PivotThreshold: 1})
		require.NoError(t, err)
		x, err := f.Solve(b, true)
		require.NoError(t, err)
		require.Less(t, residual(t, a, x, b), 1e-12, "%s", ord)
	}
	nat, err := Cholesky(a, OrderNatural)
	require.NoError(t, err)
	amd, err := Cholesky(a, OrderAMD)
	require.NoError(t, err)
	// a banded natural order fills the band (about n^1.5 = 64000 entries);
	// the minimum degree ordering must do clearly better
	require.Less(t, float64(amd.Fill()), 0.7*float64(nat.Fill()), "amd %d natural %d", amd.Fill(), nat.Fill())
	x, err := amd.Solve(b, true)
	require.NoError(t, err)
	require.Less(t, residual(t, a, x, b), 1e-12)
}

// realMatrix reads a matrix of ../shared/matrices/suitesparse as float64 CSR,
// skipping the test when the collection is absent.
func realMatrix(t testing.TB, name string) *tensor.Tensor {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "matrices", "suitesparse", name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is absent (%v): the real-matrix check needs ../shared/matrices/suitesparse", path, err)
	}
	m, err := mmio.Read(path)
	require.NoError(t, err)
	m, err = convert.ToDType(m, dtype.Float64)
	require.NoError(t, err)
	m, err = convert.ToLayout(m, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	return m
}

// graphLaplacianPlusI turns a square pattern into the SPD matrix L + I of its graph.
func graphLaplacianPlusI(t *testing.T, a *tensor.Tensor) *tensor.Tensor {
	m := denseCSR(t, a)
	n := m.rows
	deg := make([]float64, n)
	var rows, cols []int64
	var vals []float64
	for i := 0; i < n; i++ {
		for p := m.ptr[i]; p < m.ptr[i+1]; p++ {
			if j := m.idx[p]; j != i {
				rows, cols, vals = append(rows, int64(i)), append(cols, int64(j)), append(vals, -1)
				deg[i]++
			}
		}
	}
	for i := 0; i < n; i++ {
		rows, cols, vals = append(rows, int64(i)), append(cols, int64(i)), append(vals, deg[i]+1)
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, int64(len(vals))), dtype.Float64Array(vals), []int64{int64(n), int64(n)}, tensor.BuildOptions{})
	require.NoError(t, err)
	out, err := convert.ToLayout(coo, tensor.CSC, tensor.DefaultConvert())
	require.NoError(t, err)
	return out
}

// backwardError is ||A x - b|| / (||A||_F ||x|| + ||b||), small for a
// stable solve however ill-conditioned A is.
func backwardError(t *testing.T, a, x, b *tensor.Tensor) float64 {
	m := denseCSR(t, a)
	xv, bv := vectorOf(t, x), vectorOf(t, b)
	r := make([]float64, len(bv))
	for i := range r {
		s := -bv[i]
		for p := m.ptr[i]; p < m.ptr[i+1]; p++ {
			s += m.val[p] * xv[m.idx[p]]
		}
		r[i] = s
	}
	return norm(r) / (norm(m.val)*norm(xv) + norm(bv))
}

func TestRealMatricesLU(t *testing.T) {
	for _, name := range []string{"west0067.mtx", "west0067_jumbled.mtx", "cryg2500.mtx", "bayer10.mtx", "bcsstk13.mtx"} {
		t.Run(name, func(t *testing.T) {
			a := realMatrix(t, name)
			n := a.Dims()[0]
			b := randomVector(t, n, 5)
			for _, ord := range []Ordering{OrderColAMD, OrderAMD} {
				f, err := Splu(a, LUOptions{Ordering: ord, PivotThreshold: 1})
				require.NoError(t, err)
				x, err := f.Solve(b, true)
				require.NoError(t, err)
				require.Less(t, backwardError(t, a, x, b), 1e-14, "%s", ord)
				t.Logf("%s n=%d nnz=%d %s fill=%d", name, n, a.NNZ(), ord, f.Fill())
			}
		})
	}
}

func TestRealMatricesCholesky(t *testing.T) {
	for _, name := range []string{"bcsstk13.mtx", "bcspwr10.mtx", "pushpull.mtx", "karate.mtx"} {
		t.Run(name, func(t *testing.T) {
			a := realMatrix(t, name)
			if name != "bcsstk13.mtx" { // a pattern: solve with its graph's Laplacian + I
				a = graphLaplacianPlusI(t, a)
			}
			n := a.Dims()[0]
			b := randomVector(t, n, 7)
			f, err := Cholesky(a, OrderDefault)
			require.NoError(t, err)
			x, err := f.Solve(b, true)
			require.NoError(t, err)
			require.Less(t, backwardError(t, a, x, b), 1e-14)
			t.Logf("%s n=%d nnz=%d fill=%d", name, n, a.NNZ(), f.Fill())
		})
	}
}
