package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestSIMDSpMMStream forces the non-temporal stores on small outputs.
func TestSIMDSpMMStream(t *testing.T) {
	t.Run("float64/int32", testSIMDSpMMStream[int32, float64])
	t.Run("float32/int64", testSIMDSpMMStream[int64, float32])
}

func testSIMDSpMMStream[I Index, V Number](t *testing.T) {
	if !useSIMD {
		t.Skip("no AVX2+FMA on this CPU")
	}
	old := spmmStreamBytes
	spmmStreamBytes = 0
	t.Cleanup(func() { spmmStreamBytes = old })
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		a := laplacian2D[I, V](9)
		d := denseOf(a)
		for _, k := range []int{8, 16, 24, 32, 48, 64, 96, 128} {
			b := randVec[V](r, a.Cols*k)
			out := aligned64(staleOutput[V](r, a.Rows*k, 0))
			want := refGEMM(fromParts[V](1.5, 0), d, b, a.Rows, a.Cols, k, 0, out)
			require.NoError(t, SpMM(fromParts[V](1.5, 0), a, b, k, 0, out))
			assertClose(t, want, out, "laplacian")
		}
	})
}

// aligned64 returns a copy of v that starts on a 64-byte boundary.
func aligned64[V any](v []V) []V {
	esz := int(unsafe.Sizeof(*new(V)))
	buf := make([]V, len(v)+64/esz)
	off := 0
	for uintptr(unsafe.Pointer(&buf[off]))%64 != 0 {
		off++
	}
	s := buf[off : off+len(v)]
	copy(s, v)
	return s
}

// TestTransposeStream forces the non-temporal stores on small matrices.
func TestTransposeStream(t *testing.T) {
	if !useSIMD {
		t.Skip("no AVX2+FMA on this CPU")
	}
	old := transposeStreamBytes
	transposeStreamBytes = 0
	t.Cleanup(func() { transposeStreamBytes = old })
	modes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(29, 30))
		for _, m := range []int{4, 8, 12, 64} {
			for _, n := range []int{1, 4, 7, 16, 33, 100} {
				src := randVec[float64](r, m*n)
				dst := aligned64(make([]float64, m*n))
				require.NoError(t, Transpose(dst, src, m, n))
				require.Equal(t, transpose(src, m, n), dst, "%dx%d", m, n)
			}
		}
	})
}
