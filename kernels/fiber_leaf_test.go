package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLeafKernels: each leaf kernel equals its one-line definition on
// random fibers of lengths 0 to 9 (the 4-way unrolled loops' tails).
func TestLeafKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	for n := 0; n < 10; n++ {
		val, x := make([]float64, n), make([]float64, 20)
		idx := make([]int32, n)
		for k := range val {
			val[k], idx[k] = float64(rng.IntN(9)-4), int32(rng.IntN(10))
		}
		for k := range x {
			x[k] = float64(rng.IntN(9) - 4)
		}
		var dot, run float64
		for k := range val {
			dot += val[k] * x[idx[k]]
			run += val[k] * x[k]
		}
		assert.Equal(t, dot, DotIdx(val, idx, x))
		assert.Equal(t, run, DotRun(val, x))
		y, want := make([]float64, 20), make([]float64, 20)
		AxpyIdx(2, val, idx, y)
		for k := range val {
			want[idx[k]] += 2 * val[k]
		}
		assert.Equal(t, want, y)
		clear(y)
		clear(want)
		AxpyRun(-1, val, y)
		for k := range val {
			want[k] -= val[k]
		}
		assert.Equal(t, want, y)
		clear(y)
		clear(want)
		// row 19 - c, column 1 + c: an anti-diagonal.
		StridedIdx(val, idx, x, 1, 1, y, 19, -1)
		for k, c := range idx {
			want[19-int(c)] += val[k] * x[1+int(c)]
		}
		assert.Equal(t, want, y)
		clear(y)
		clear(want)
		StridedRun(val, 3, x, 0, 1, y, 0, 1)
		for k := range val {
			want[3+k] += val[k] * x[3+k]
		}
		assert.Equal(t, want, y)
	}
}

// TestTileKernels: a bm x bn block times a vector, stored row-major and
// column-major, equals the product of its elements, for bm = 1..5 (the
// column-major kernel's 2 and 4 row loops and its general one).
func TestTileKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 3))
	for bm := 1; bm <= 5; bm++ {
		for bn := 1; bn <= 4; bn++ {
			blk := make([][]float64, bm)
			rowMajor, colMajor := make([]float64, bm*bn), make([]float64, bm*bn)
			for a := range blk {
				blk[a] = make([]float64, bn)
				for b := range blk[a] {
					blk[a][b] = float64(rng.IntN(9) - 4)
					rowMajor[a*bn+b], colMajor[b*bm+a] = blk[a][b], blk[a][b]
				}
			}
			x := make([]float64, bn)
			for b := range x {
				x[b] = float64(rng.IntN(9) - 4)
			}
			want := make([]float64, bm)
			for a := range want {
				want[a] = 1
				for b := range x {
					want[a] += blk[a][b] * x[b]
				}
			}
			y := make([]float64, bm)
			for a := range y {
				y[a] = 1
			}
			y2 := append([]float64(nil), y...)
			TileRowMajor(rowMajor, bm, bn, x, y)
			TileColMajor(colMajor, bm, bn, x, y2)
			assert.Equal(t, want, y, "row-major %dx%d", bm, bn)
			assert.Equal(t, want, y2, "column-major %dx%d", bm, bn)
		}
	}
}

// TestSpMVDCSR: a DCSR matrix (rows 1 and 4 of 6 stored) gives zeros in
// the other rows whatever y held; storing every row is SpMV; rows that are
// not ascending, or past y, are refused with y untouched.
func TestSpMVDCSR(t *testing.T) {
	a := CSR[int64, float64]{Rows: 2, Cols: 3, Ptr: []int64{0, 2, 3}, Idx: []int64{0, 2, 1}, Val: []float64{1, 2, 3}}
	x := []float64{1, 10, 100}
	y := []float64{9, 9, 9, 9, 9, 9}
	require.NoError(t, SpMVDCSR(2, []int64{1, 4}, a, x, y))
	assert.Equal(t, []float64{0, 402, 0, 0, 60, 0}, y)
	y2 := []float64{9, 9}
	require.NoError(t, SpMVDCSR(1, []int64{0, 1}, a, x, y2))
	assert.Equal(t, []float64{201, 30}, y2)
	for _, rows := range [][]int64{{4, 1}, {1, 6}, {-1, 2}, {2, 2}} {
		y := []float64{9, 9, 9, 9, 9, 9}
		assert.ErrorContains(t, SpMVDCSR(1, rows, a, x, y), "rows", "%v", rows)
		assert.Equal(t, []float64{9, 9, 9, 9, 9, 9}, y)
	}
	assert.ErrorContains(t, SpMVDCSR(1, []int64{1}, a, x, y), "rows")
}

// TestSpMVBSRColMajor: a 2 x 3 matrix of 2 x bn blocks (bm = 1, 2, 3) stored
// column-major gives the product of its elements, with beta; a short x is
// refused.
func TestSpMVBSRColMajor(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 4))
	for _, bm := range []int{1, 2, 3} {
		bn := 2
		// block rows 0: blocks at block columns 0 and 2; block row 1: block column 1.
		a := BSR[int32, float64]{BlockRows: 2, BlockCols: 3, BM: bm, BN: bn, Ptr: []int32{0, 2, 3}, Idx: []int32{0, 2, 1}, Val: make([]float64, 3*bm*bn)}
		dense := make([][]float64, 2*bm)
		for i := range dense {
			dense[i] = make([]float64, 3*bn)
		}
		for br := 0; br < 2; br++ {
			for tt := a.Ptr[br]; tt < a.Ptr[br+1]; tt++ {
				for c := 0; c < bn; c++ {
					for r := 0; r < bm; r++ {
						v := float64(rng.IntN(9) - 4)
						a.Val[int(tt)*bm*bn+c*bm+r] = v
						dense[br*bm+r][int(a.Idx[tt])*bn+c] = v
					}
				}
			}
		}
		x := make([]float64, 3*bn)
		for k := range x {
			x[k] = float64(rng.IntN(9) - 4)
		}
		y, want := make([]float64, 2*bm), make([]float64, 2*bm)
		for i := range y {
			y[i] = 1
			for j, v := range dense[i] {
				want[i] += 2 * v * x[j]
			}
			want[i] += 3
		}
		require.NoError(t, SpMVBSRColMajor(2, a, x, 3, y))
		assert.Equal(t, want, y, "bm %d", bm)
		assert.ErrorContains(t, SpMVBSRColMajor(2, a, x[1:], 0, y), "x")
	}
}
