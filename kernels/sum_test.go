package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// sumRef is SumFloat64's order written out element by element: partial
// i%64 for the elements of whole blocks, partial 0 for the tail, then lane
// j's eight partials j, j+8, ... pairwise, then the eight lanes pairwise.
func sumRef(v []float64) float64 {
	var s [64]float64
	whole := len(v) / 64 * 64
	for i, x := range v {
		if i < whole {
			s[i%64] += x
		} else {
			s[0] += x
		}
	}
	pair8 := func(x [8]float64) float64 {
		return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]))
	}
	var lanes [8]float64
	for j := range lanes {
		var g [8]float64
		for k := range g {
			g[k] = s[j+8*k]
		}
		lanes[j] = pair8(g)
	}
	return pair8(lanes)
}

// TestSumFloat64Order: the AVX-512 and AVX2 loops and the Go loop give the
// same bits as the order written out, on lengths around the block and the
// assembly's chunk, with values whose sum depends on the order (a sum of
// mixed magnitudes rounds differently in another order), NaN and
// infinities.
func TestSumFloat64Order(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	modes := []struct {
		name       string
		simd, wide bool
	}{{"go", false, false}, {"avx2", true, false}, {"avx512", true, true}}
	for _, n := range []int{0, 1, 63, 64, 65, 129, 1023, 64*sumChunk - 1, 64 * sumChunk, 64*sumChunk + 17, 3*64*sumChunk + 5} {
		v := make([]float64, n)
		for i := range v {
			v[i] = (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(12)))
		}
		want := sumRef(v)
		for _, m := range modes {
			prev, prevWide := useSIMD, useAVX512
			useSIMD, useAVX512 = m.simd && prev, m.wide && prevWide
			got := SumFloat64(v)
			useSIMD, useAVX512 = prev, prevWide
			require.Equal(t, math.Float64bits(want), math.Float64bits(got), "n=%d mode=%s", n, m.name)
		}
	}
	v := []float64{1, math.Inf(1), 2, math.Inf(-1)}
	require.True(t, math.IsNaN(SumFloat64(append(v, make([]float64, 130)...))))
	require.True(t, math.IsInf(SumFloat64(append(make([]float64, 140), math.Inf(1))), 1))
}

// sumSquaresRef is SumSquaresFloat64's order written out over the squares
// sq: partial i%16 for the elements of whole blocks of sixteen, partial 0
// for the tail, lane j of the four groups first, then the lanes pairwise.
func sumSquaresRef(sq []float64) float64 {
	var s [16]float64
	whole := len(sq) / 16 * 16
	for i, x := range sq {
		if i < whole {
			s[i%16] += x
		} else {
			s[0] += x
		}
	}
	var t [4]float64
	for j := range t {
		t[j] = (s[j] + s[j+4]) + (s[j+8] + s[j+12])
	}
	return (t[0] + t[1]) + (t[2] + t[3])
}

// TestSumSquaresFloat64Order: SumSquaresFloat64 is sumSquaresRef over the
// rounded squares, bit for bit, with and without the assembly, on the
// lengths of TestSumFloat64Order; NaN and infinities propagate.
func TestSumSquaresFloat64Order(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{0, 1, 15, 16, 17, 33, 255, 16*sumChunk - 1, 16 * sumChunk, 16*sumChunk + 17, 3*16*sumChunk + 5} {
		v, sq := make([]float64, n), make([]float64, n)
		for i := range v {
			v[i] = (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(12)))
			sq[i] = v[i] * v[i]
		}
		want := sumSquaresRef(sq)
		for _, simd := range []bool{false, true} {
			prev := useSIMD
			useSIMD = simd && prev
			got := SumSquaresFloat64(v)
			useSIMD = prev
			require.Equal(t, math.Float64bits(want), math.Float64bits(got), "n=%d simd=%v", n, simd)
		}
	}
	require.True(t, math.IsNaN(SumSquaresFloat64(append([]float64{math.NaN()}, make([]float64, 40)...))))
	require.True(t, math.IsInf(SumSquaresFloat64(append(make([]float64, 40), math.Inf(-1))), 1))
}

// BenchmarkSumFloat64: 5M values (the 1M-row Laplacian's), one thread.
func BenchmarkSumFloat64(b *testing.B) {
	v := make([]float64, 5_000_000)
	for i := range v {
		v[i] = float64(i % 7)
	}
	b.SetBytes(int64(8 * len(v)))
	for range b.N {
		SumFloat64(v)
	}
}
