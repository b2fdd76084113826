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

// widen copies int32 indices to int64 (the bad-pattern cases of both widths).
func widen(v []int32) []int64 {
	w := make([]int64, len(v))
	for i, x := range v {
		w[i] = int64(x)
	}
	return w
}

// TestSIMDSpMVBadColumnAnywhere puts a column index out of range at each
// position of rows of 5, 8 and 13 entries, so that every slot of the AVX2
// kernel's four-way unrolled loop and its one-entry tail, and every lane of
// the AVX-512 kernel's full and masked passes, sees one: each must stop
// the kernel (a panic, as Go's bounds checks give) rather than read x out
// of range.
func TestSIMDSpMVBadColumnAnywhere(t *testing.T) {
	simdModes(t, func(t *testing.T) {
		for _, n := range []int{5, 8, 13} {
			for pos := 0; pos < n; pos++ {
				for _, badCol := range []int32{13, -1} {
					idx := make([]int32, n)
					for k := range idx {
						idx[k] = int32(k)
					}
					idx[pos] = badCol
					a := CSR[int32, float64]{Rows: 1, Cols: 13, Ptr: []int32{0, int32(n)}, Idx: idx, Val: make([]float64, n)}
					x, y := make([]float64, 13), make([]float64, 1)
					require.Panics(t, func() { _ = SpMV(1, a, x, 0, y) }, "int32, %d entries, column %d at %d", n, badCol, pos)
					wide := CSR[int64, float64]{Rows: 1, Cols: 13, Ptr: []int64{0, int64(n)}, Idx: widen(idx), Val: a.Val}
					require.Panics(t, func() { _ = SpMV(1, wide, x, 0, y) }, "int64, %d entries, column %d at %d", n, badCol, pos)
				}
			}
		}
	})
}
