package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// genBSR2 draws a BSR matrix of 2x2 column-major blocks whose block row br
// holds br % 8 blocks (none, odd and even counts: the kernel's pair loop
// and its one-block tail), stored from offset on in Idx and Val (Ptr[0] =
// offset), and returns its dense row-major form.
func genBSR2[I Index, V Number](r *rand.Rand, brows, bcols, offset int) (BSR[I, V], []V) {
	a := BSR[I, V]{BlockRows: brows, BlockCols: bcols, BM: 2, BN: 2, Ptr: make([]I, brows+1),
		Idx: make([]I, offset), Val: randVec[V](r, 4*offset)}
	cols := 2 * bcols
	d := make([]V, 2*brows*cols)
	for br := range brows {
		a.Ptr[br] = I(len(a.Idx))
		for _, bc := range sortedPick(r, bcols, br%8) {
			a.Idx = append(a.Idx, I(bc))
			for jj := range 2 {
				for ii := range 2 {
					v := randVal[V](r)
					a.Val = append(a.Val, v)
					d[(2*br+ii)*cols+2*bc+jj] = v
				}
			}
		}
	}
	a.Ptr[brows] = I(len(a.Idx))
	return a, d
}

// TestSIMDBSR2 checks SpMVBSRColMajor and SpMMBSRColMajor on 2x2 blocks
// against the dense product, with the assembly on and off, for 1 to 37
// columns (every strip width and a Go tail), alpha and beta (beta = 0 must
// not read the NaNs in C), more block rows than one assembly call takes
// and a Ptr[0] past 0; a split run equals the serial one bit for bit. In
// the simd mode float64 and float32 must take the assembly (spmvBSR2SIMD
// and spmmBSR2SIMD say so; SpMM from a register's lanes of columns on).
func TestSIMDBSR2(t *testing.T) {
	t.Run("float64/int32", testSIMDBSR2[int32, float64])
	t.Run("float64/int64", testSIMDBSR2[int64, float64])
	t.Run("float32/int32", testSIMDBSR2[int32, float32])
	t.Run("float32/int64", testSIMDBSR2[int64, float32])
}

func testSIMDBSR2[I Index, V Number](t *testing.T) {
	simdModes(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(36, 2))
		lanes := 8 // the values of a 32-byte register
		if _, ok := any(*new(V)).(float64); ok {
			lanes = 4
		}
		for _, c := range []struct{ brows, bcols, offset int }{{1, 1, 0}, {17, 9, 3}, {2500, 12, 0}} {
			a, d := genBSR2[I, V](r, c.brows, c.bcols, c.offset)
			rows, cols := 2*c.brows, 2*c.bcols
			for _, k := range []int{1, 2, 3, 4, 5, 8, 12, 16, 20, 28, 37} {
				b := unaligned(randVec[V](r, cols*k))
				for _, ab := range simdScalars[V]() {
					old := staleOutput(r, rows*k, ab[1])
					want := refGEMM(ab[0], d, b, rows, cols, k, ab[1], old)
					var runs [2][]V
					for q, knobs := range [][2]int{{math.MaxInt, 0}, {1, 3}} {
						setKnobs(t, knobs[0], knobs[1])
						runs[q] = unaligned(old)
						if k == 1 {
							require.NoError(t, SpMVBSRColMajor(ab[0], a, b, ab[1], runs[q]))
						} else {
							require.NoError(t, SpMMBSRColMajor(ab[0], a, b, k, ab[1], runs[q]))
						}
					}
					assertClose(t, want, runs[0], "2x2 blocks")
					require.Equal(t, runs[0], runs[1], "%d block rows, %d columns: the split changed bits", c.brows, k)
				}
				y := make([]V, rows*k)
				if k == 1 {
					require.Equal(t, useSIMD, spmvBSR2SIMD(1, 0, a, b, y, 0, c.brows), "the SpMV assembly taken")
				} else {
					require.Equal(t, useSIMD && k >= lanes, spmmBSR2SIMD(1, 0, a, b, k, y, 0, c.brows), "the SpMM assembly taken, %d columns", k)
				}
			}
		}
	})
}

// TestSIMDBSR2BadPattern puts a block column out of range (past the end,
// negative) at each position of block rows of 1 to 5 blocks (each slot of
// the SpMV kernel's pair loop and its tail), and runs block-row pointers
// backwards and past the end: SpMV and SpMM (float64 strips of 16, 8 and
// 4 columns, float32 ones of 32, 16 and 8; SpMV of both) must panic as the
// Go code's bounds checks do rather than read outside x, B or Val, for
// int32 and int64 indices. (The Go code reads a backwards pointer as an empty block
// row; only the assembly must stop.)
func TestSIMDBSR2BadPattern(t *testing.T) {
	simdModes(t, func(t *testing.T) {
		check := func(name string, ptr, idx []int32) {
			t.Helper()
			if !useSIMD && name != "block column" {
				return
			}
			const bcols = 3
			a := BSR[int32, float64]{BlockRows: len(ptr) - 1, BlockCols: bcols, BM: 2, BN: 2, Ptr: ptr, Idx: idx, Val: make([]float64, 4*len(idx))}
			wide := BSR[int64, float64]{BlockRows: a.BlockRows, BlockCols: bcols, BM: 2, BN: 2, Ptr: widen(ptr), Idx: widen(idx), Val: a.Val}
			for _, k := range []int{1, 4, 8, 16, 28} {
				b, c := make([]float64, 2*bcols*k), make([]float64, 2*a.BlockRows*k)
				require.Panics(t, func() { _ = SpMMBSRColMajor(1, a, b, k, 0, c) }, "%s, %d columns", name, k)
				require.Panics(t, func() { _ = SpMMBSRColMajor(1, wide, b, k, 1, c) }, "%s, int64, %d columns", name, k)
			}
			a32 := BSR[int32, float32]{BlockRows: a.BlockRows, BlockCols: bcols, BM: 2, BN: 2, Ptr: ptr, Idx: idx, Val: make([]float32, 4*len(idx))}
			for _, k := range []int{1, 8, 16, 32, 40} {
				b, c := make([]float32, 2*bcols*k), make([]float32, 2*a.BlockRows*k)
				require.Panics(t, func() { _ = SpMMBSRColMajor(1, a32, b, k, 0, c) }, "%s, float32, %d columns", name, k)
			}
		}
		for n := 1; n <= 5; n++ {
			for pos := range n {
				for _, bad := range []int32{3, -1} {
					idx := make([]int32, n)
					for q := range idx {
						idx[q] = int32(q % 3)
					}
					idx[pos] = bad
					check("block column", []int32{0, 0, int32(n)}, idx)
				}
			}
		}
		check("backwards", []int32{0, 3, 1}, []int32{0, 1, 2})
		check("past the end", []int32{0, 3, 2}, []int32{0, 1, 2})
	})
}
