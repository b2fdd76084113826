package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// genBSRColMajor draws a BSR matrix with column-major blocks: each block
// row holds up to maxPerRow random block columns (and every fifth none),
// and returns its dense row-major form.
func genBSRColMajor[V Number](r *rand.Rand, brows, bcols, bm, bn, maxPerRow int) (BSR[int32, V], []V) {
	a := BSR[int32, V]{BlockRows: brows, BlockCols: bcols, BM: bm, BN: bn, Ptr: make([]int32, brows+1)}
	rows, cols := brows*bm, bcols*bn
	d := make([]V, rows*cols)
	for br := range brows {
		a.Ptr[br] = int32(len(a.Idx))
		if br%5 == 4 {
			continue
		}
		for _, bc := range sortedPick(r, bcols, r.IntN(maxPerRow+1)) {
			a.Idx = append(a.Idx, int32(bc))
			for jj := range bn {
				for ii := range bm {
					v := randVal[V](r)
					a.Val = append(a.Val, v) // column-major: column jj's rows in turn
					d[(br*bm+ii)*cols+bc*bn+jj] = v
				}
			}
		}
	}
	a.Ptr[brows] = int32(len(a.Idx))
	return a, d
}

// sortedPick returns n distinct values of [0, m) ascending (all of them
// when n >= m).
func sortedPick(r *rand.Rand, m, n int) []int {
	var out []int
	for j, p := range r.Perm(m) {
		if j < n {
			out = append(out, p)
		}
	}
	for i := 1; i < len(out); i++ {
		for q := i; q > 0 && out[q-1] > out[q]; q-- {
			out[q-1], out[q] = out[q], out[q-1]
		}
	}
	return out
}

// TestSpMMBSRColMajor: BSR with column-major blocks of several sizes times
// 0 to 17 columns equals the dense product with alpha and beta, block
// rows longer than a listed chunk included, for float64, float32,
// complex128 and int64; serial and split runs agree bit for bit.
func TestSpMMBSRColMajor(t *testing.T) {
	t.Run("float64", testSpMMBSRColMajor[float64])
	t.Run("float32", testSpMMBSRColMajor[float32])
	t.Run("complex128", testSpMMBSRColMajor[complex128])
	t.Run("int64", testSpMMBSRColMajor[int64])
}

func testSpMMBSRColMajor[V Number](t *testing.T) {
	r := rand.New(rand.NewPCG(36, 4))
	for _, c := range []struct {
		name                         string
		brows, bcols, bm, bn, perRow int
	}{
		{"1x1 blocks", 40, 30, 1, 1, 6},
		{"2x2 blocks", 300, 40, 2, 2, 5},
		{"3x2 blocks", 25, 20, 3, 2, 7},
		{"2x5 blocks", 17, 9, 2, 5, 9},
		{"a block row past the list", 6, 300, 2, 4, 300},
		{"empty block rows", 2000, 3, 2, 2, 0},
	} {
		a, d := genBSRColMajor[V](r, c.brows, c.bcols, c.bm, c.bn, c.perRow)
		rows, cols := c.brows*c.bm, c.bcols*c.bn
		for _, k := range []int{0, 1, 2, 3, 8, 9, 17} {
			b := randVec[V](r, cols*k)
			for _, ab := range scalars[V]() {
				var runs [2][]V
				old := staleOutput(r, rows*k, ab[1])
				want := refGEMM(ab[0], d, b, rows, cols, k, ab[1], old)
				for q, workers := range []int{0, 3} {
					if workers == 0 {
						setKnobs(t, math.MaxInt, 0)
					} else {
						setKnobs(t, 1, workers)
					}
					runs[q] = append([]V(nil), old...)
					require.NoError(t, SpMMBSRColMajor(ab[0], a, b, k, ab[1], runs[q]))
				}
				assertClose(t, want, runs[0], c.name)
				require.Equal(t, runs[0], runs[1], "%s, %d columns: the split changed bits", c.name, k)
			}
		}
	}
	a, _ := genBSRColMajor[V](r, 3, 4, 2, 2, 2)
	require.ErrorContains(t, SpMMBSRColMajor(1, a, make([]V, 8*2-1), 2, 0, make([]V, 6*2)), "b")
	require.ErrorContains(t, SpMMBSRColMajor(1, a, make([]V, 8*2), 2, 0, make([]V, 6*2+1)), "c")
}
