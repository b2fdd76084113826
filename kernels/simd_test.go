package kernels

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// simdWidths are the column counts and dot lengths the assembly is tested
// on: below, at and around each register and strip width.
var simdWidths = []int{0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 48, 63, 64, 65, 100, 128, 131, 200}

// simdScalars adds fractional scalars to the common (alpha, beta) pairs.
func simdScalars[V Number]() [][2]V {
	return append(scalars[V](), [2]V{fromParts[V](0.5, 0), fromParts[V](0.25, 0)}, [2]V{0, fromParts[V](-2, 0)})
}

// simdModes runs f with the assembly on (skipped where the CPU has none)
// and off, so that both paths are checked on an AVX2 machine.
// On an AVX-512 machine the AVX2 strips run once more with AVX-512 off
// ("simd-avx2").
func simdModes(t *testing.T, f func(t *testing.T)) {
	for _, mode := range []string{"simd", "simd-avx2", "generic"} {
		t.Run(mode, func(t *testing.T) {
			on, wide := mode != "generic", mode == "simd"
			if on && !useSIMD {
				t.Skip("no AVX2+FMA on this CPU")
			}
			if mode == "simd-avx2" && !useAVX512 && !useSpMV512 {
				t.Skip("no AVX-512 on this CPU: the simd mode ran the AVX2 kernels")
			}
			old, oldWide, oldMV := useSIMD, useAVX512, useSpMV512
			useSIMD, useAVX512, useSpMV512 = on, wide && useAVX512, wide && useSpMV512
			t.Cleanup(func() { useSIMD, useAVX512, useSpMV512 = old, oldWide, oldMV })
			modes(t, f)
		})
	}
}

// unaligned returns a copy of v that starts one element into a larger
// buffer, so that the assembly sees addresses off the 32-byte grid.
func unaligned[V any](v []V) []V {
	buf := make([]V, len(v)+1)
	copy(buf[1:], v)
	return buf[1:]
}

func TestSIMDSpMM(t *testing.T) {
	t.Run("float64/int32", testSIMDSpMM[int32, float64])
	t.Run("float64/int64", testSIMDSpMM[int64, float64])
	t.Run("float32/int32", testSIMDSpMM[int32, float32])
	t.Run("float32/int64", testSIMDSpMM[int64, float32])
}

func testSIMDSpMM[I Index, V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(21, 22))
		for _, c := range csrCases {
			a := genCSR[I, V](r, c)
			d := denseOf(a)
			for _, k := range simdWidths {
				for _, ab := range simdScalars[V]() {
					b := unaligned(randVec[V](r, a.Cols*k))
					out := unaligned(staleOutput(r, a.Rows*k, ab[1]))
					want := refGEMM(ab[0], d, b, a.Rows, a.Cols, k, ab[1], out)
					require.NoError(t, SpMM(ab[0], a, b, k, ab[1], out))
					assertClose(t, want, out, c.name)
				}
			}
		}
	})
}

func TestSIMDSDDMM(t *testing.T) {
	t.Run("float64/int32", testSIMDSDDMM[int32, float64])
	t.Run("float64/int64", testSIMDSDDMM[int64, float64])
	t.Run("float32/int32", testSIMDSDDMM[int32, float32])
	t.Run("float32/int64", testSIMDSDDMM[int64, float32])
}

func testSIMDSDDMM[I Index, V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(25, 26))
		for _, c := range csrCases {
			s := genCSR[I, V](r, c)
			for _, k := range simdWidths {
				for _, ab := range simdScalars[V]() {
					alpha, beta := ab[0], ab[1]
					a := unaligned(randVec[V](r, s.Rows*k))
					bt := unaligned(randVec[V](r, s.Cols*k))
					out := unaligned(staleOutput(r, len(s.Val), beta))
					want := slices.Clone(out)
					lo, end := int(s.Ptr[0]), int(s.Ptr[s.Rows])
					for i := 0; i < s.Rows; i++ {
						for p := s.Ptr[i]; p < s.Ptr[i+1]; p++ {
							var dot V
							for q := range k {
								dot += a[i*k+q] * bt[int(s.Idx[p])*k+q]
							}
							want[p] = alpha * dot
							if beta != 0 {
								want[p] += beta * s.Val[p]
							}
						}
					}
					require.NoError(t, SDDMM(alpha, a, bt, k, beta, s, out))
					require.Equal(t, toBits(want[:lo]), toBits(out[:lo]), c.name)
					require.Equal(t, toBits(want[end:]), toBits(out[end:]), c.name)
					assertClose(t, want[lo:end], out[lo:end], c.name)
					vals := slices.Clone(s.Val)
					inPlace := s
					inPlace.Val = vals
					require.NoError(t, SDDMM(alpha, a, bt, k, beta, inPlace, vals))
					assertClose(t, want[lo:end], vals[lo:end], c.name+"/in-place")
				}
			}
		}
	})
}

// TestSIMDBadPattern checks that a column index out of range or a row
// pointer that runs backwards panics (as the generic code's bounds checks
// do) instead of reading or writing outside the arrays.
func TestSIMDBadPattern(t *testing.T) {
	simdModes(t, func(t *testing.T) {
		for _, bad := range []struct {
			name     string
			ptr, idx []int32
		}{
			{"column", []int32{0, 1, 3}, []int32{0, 1, 7}},
			{"negative column", []int32{0, 1, 3}, []int32{0, -1, 2}},
			{"backwards", []int32{0, 3, 1}, []int32{0, 1, 2}},
			{"past the end", []int32{0, 3, 2}, []int32{0, 1, 2}},
		} {
			a := CSR[int32, float64]{Rows: 2, Cols: 3, Ptr: bad.ptr, Idx: bad.idx, Val: []float64{1, 2, 3}}
			const k = 8
			b, c := make([]float64, 3*k), make([]float64, 2*k)
			require.Panics(t, func() { _ = SpMM(1, a, b, k, 0, c) }, bad.name)
			out := make([]float64, 3)
			require.Panics(t, func() { _ = SDDMM(1, make([]float64, 2*k), b, k, 0, a, out) }, bad.name)
			require.Panics(t, func() { _ = SpMV(1, a, make([]float64, 3), 0, make([]float64, 2)) }, bad.name)
			wide := CSR[int64, float64]{Rows: 2, Cols: 3, Ptr: widen(bad.ptr), Idx: widen(bad.idx), Val: a.Val}
			require.Panics(t, func() { _ = SpMV(1, wide, make([]float64, 3), 0, make([]float64, 2)) }, bad.name)
		}
	})
}

func TestTranspose(t *testing.T) {
	t.Run("float64", testTranspose[float64])
	t.Run("complex64", testTranspose[complex64])
	t.Run("int32", testTranspose[int32])
	t.Run("complex128", testTranspose[complex128])
	t.Run("uint8", testTranspose[uint8])
}

func testTranspose[V Number](t *testing.T) {
	shapes := []int{0, 1, 3, 4, 5, 7, 8, 15, 16, 17, 33, 64, 100}
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(27, 28))
		for _, m := range shapes {
			for _, n := range shapes {
				src := unaligned(randVec[V](r, m*n+1))
				dst := unaligned(randVec[V](r, m*n+1))
				sentinel := dst[m*n]
				require.NoError(t, Transpose(dst, src, m, n))
				require.Equal(t, transpose(src[:m*n], m, n), dst[:m*n], "%dx%d", m, n)
				require.Equal(t, sentinel, dst[m*n], "%dx%d: past the end", m, n)
			}
		}
	})
}

func TestTransposeErrors(t *testing.T) {
	v := make([]float64, 6)
	require.Error(t, Transpose(v, v, -1, 2))
	require.Error(t, Transpose(v, v[:5], 2, 3))
	require.Error(t, Transpose(v[:5], v, 2, 3))
	require.Error(t, Transpose(v, v, math.MaxInt, 3))
	require.NoError(t, Transpose(v, v, 0, 3))
}
