package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSIMDSpMV(t *testing.T) {
	t.Run("float64/int32", testSIMDSpMV[int32, float64])
	t.Run("float64/int64", testSIMDSpMV[int64, float64])
	t.Run("float32/int32", testSIMDSpMV[int32, float32]) // no assembly: the Go rows
}

func testSIMDSpMV[I Index, V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(31, 32))
		// More rows than one assembly call takes (simdRowChunk), too.
		cases := append(csrCases, csrCase{name: "2500x40", rows: 2500, cols: 40, maxPerRow: 9, offset: 3})
		for _, c := range cases {
			a := genCSR[I, V](r, c)
			d := denseOf(a)
			for _, ab := range simdScalars[V]() {
				x := unaligned(randVec[V](r, a.Cols))
				y := unaligned(staleOutput(r, a.Rows, ab[1]))
				want := refGEMM(ab[0], d, x, a.Rows, a.Cols, 1, ab[1], y)
				require.NoError(t, SpMV(ab[0], a, x, ab[1], y))
				assertClose(t, want, y, c.name)
			}
		}
	})
}

// TestSIMDSpMVBadPattern: a column index out of range or a row pointer that
// runs backwards or past the end panics, as the Go bounds checks do.
func TestSIMDSpMVBadPattern(t *testing.T) {
	simdModes(t, func(t *testing.T) {
		for _, bad := range []struct {
			name     string
			ptr, idx []int64
		}{
			{"column", []int64{0, 1, 3}, []int64{0, 1, 7}},
			{"negative column", []int64{0, 1, 3}, []int64{0, -1, 2}},
			{"backwards", []int64{0, 3, 1}, []int64{0, 1, 2}},
			{"past the end", []int64{0, 3, 2}, []int64{0, 1, 2}},
		} {
			a := CSR[int64, float64]{Rows: 2, Cols: 3, Ptr: bad.ptr, Idx: bad.idx, Val: []float64{1, 2, 3}}
			require.Panics(t, func() { _ = SpMV(1, a, make([]float64, 3), 0, make([]float64, 2)) }, bad.name)
		}
	})
}
