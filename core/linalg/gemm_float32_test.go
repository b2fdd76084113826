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
// float64 kernel: every element is the float64 sum of its products rounded
// once, on shapes around the kernel's tiles and with an empty inner dim.
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
	want := func(a, b []float32, m, k, n int64) []float32 {
		out := make([]float32, m*n)
		for i := range m {
			for j := range n {
				var s float64
				for q := range k {
					s += float64(a[i*k+q]) * float64(b[q*n+j])
				}
				out[i*n+j] = float32(s)
			}
		}
		return out
	}
	check := func(got dtype.Array, exp []float32, what string) {
		g := dtype.AsSlice[float32](got)
		require.Len(t, g, len(exp), what)
		for i := range exp {
			// float64 sums in another order than the loop's differ in the last bits of a float64 only
			require.InDelta(t, exp[i], g[i], 1e-5*math.Max(1, math.Abs(float64(exp[i]))), "%s element %d", what, i)
		}
	}
	for _, s := range [][3]int64{{1, 1, 1}, {7, 0, 5}, {17, 33, 9}, {64, 129, 16}, {300, 70, 31}} {
		m, k, n := s[0], s[1], s[2]
		a, b := rand32(m*k), rand32(k*n)
		got, err := Matmul(strided(a, m, k), strided(b, k, n))
		require.NoError(t, err)
		require.Equal(t, dtype.Float32, got.DType())
		check(got.ValueArray(), want(a, b, m, k, n), "matmul")
	}
	const batch, m, k, n = 3, 20, 45, 7
	a, b := rand32(batch*m*k), rand32(batch*k*n)
	got, err := Bmm(strided(a, batch, m, k), strided(b, batch, k, n))
	require.NoError(t, err)
	var exp []float32
	for i := range int64(batch) {
		exp = append(exp, want(a[i*m*k:(i+1)*m*k], b[i*k*n:(i+1)*k*n], m, k, n)...)
	}
	check(got.ValueArray(), exp, "bmm")
}
