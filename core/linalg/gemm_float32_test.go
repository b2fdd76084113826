package linalg

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// float32 strided @ strided (Matmul) and a batch of them (Bmm) take the
// float32 GEMM: every element is within the bound of a float32 fused
// summation ((k+2) 2^-24 sum |a b|) of the exact product, on shapes around
// the kernel's tiles, vectors, and an empty inner dim.
func TestMatmulFloat32Strided(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	rand32 := func(n int64) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		return v
	}
	strided := func(v []float32, shape ...int64) *tensor.Tensor {
		arr := dtype.NewArray(dtype.Float32, shape)
		copy(dtype.AsSlice[float32](arr), v)
		x, err := tensor.NewStrided(arr)
		require.NoError(t, err)
		return x
	}
	// want returns the float64 products and the error bound of each.
	want := func(a, b []float32, m, k, n int64) (out, bound []float64) {
		out, bound = make([]float64, m*n), make([]float64, m*n)
		for i := range m {
			for j := range n {
				for q := range k {
					x := float64(a[i*k+q]) * float64(b[q*n+j])
					out[i*n+j] += x
					bound[i*n+j] += math.Abs(x) * float64(k+2) * 0x1p-24
				}
			}
		}
		return out, bound
	}
	check := func(got dtype.Array, exp, bound []float64, what string) {
		g := dtype.AsSlice[float32](got)
		require.Len(t, g, len(exp), what)
		for i := range exp {
			require.InDelta(t, exp[i], float64(g[i]), bound[i], "%s element %d", what, i)
		}
	}
	for _, s := range [][3]int64{{1, 1, 1}, {7, 0, 5}, {1, 40, 33}, {29, 40, 1}, {17, 33, 9}, {64, 129, 16}, {300, 70, 31}, {130, 600, 45}} {
		m, k, n := s[0], s[1], s[2]
		a, b := rand32(m*k), rand32(k*n)
		got, err := Matmul(strided(a, m, k), strided(b, k, n))
		require.NoError(t, err)
		require.Equal(t, dtype.Float32, got.DType())
		exp, bound := want(a, b, m, k, n)
		check(got.Values(), exp, bound, "matmul")
	}
	const batch, m, k, n = 3, 20, 45, 7
	a, b := rand32(batch*m*k), rand32(batch*k*n)
	got, err := Bmm(strided(a, batch, m, k), strided(b, batch, k, n))
	require.NoError(t, err)
	var exp, bound []float64
	for i := range int64(batch) {
		e, bd := want(a[i*m*k:(i+1)*m*k], b[i*k*n:(i+1)*k*n], m, k, n)
		exp, bound = append(exp, e...), append(bound, bd...)
	}
	check(got.Values(), exp, bound, "bmm")
}
