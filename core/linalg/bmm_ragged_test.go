package linalg

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// raggedOperand is a ragged batch (B, m, k) of index width w whose batches
// have densities 0.3, 0, 0.7, 0.1, ..., and its dense form.
func raggedOperand(t *testing.T, rng *rand.Rand, nb, m, k int64, w int) (*tensor.Tensor, *tensor.Tensor) {
	dens := []float64{0.3, 0, 0.7, 0.1}
	var mats, dense []*tensor.Tensor
	for i := range nb {
		d := tensortest.RandomDense(t, rng, dtype.Float64, []int64{m, k}, dens[i%4])
		opt := tensor.DefaultConvert()
		opt.IndexWidth = w
		c, err := convert.ToLayout(d, tensor.CSR, opt)
		require.NoError(t, err)
		mats, dense = append(mats, c), append(dense, d)
	}
	r, err := ops.Stack(mats, 0)
	require.NoError(t, err)
	_, ok := tensor.RaggedOf(r)
	require.True(t, ok)
	d, err := ops.Stack(dense, 0)
	require.NoError(t, err)
	return r, d
}

func TestRaggedBmmMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{32, 64} {
		r, d := raggedOperand(t, rng, 4, 5, 7, w)
		b := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 7, 3}, 1)
		want, err := Bmm(d, b)
		require.NoError(t, err)
		got, err := Bmm(r, b)
		require.NoError(t, err)
		requireEqualTensors(t, want, got, "bmm width %d", w)
	}
}

func TestBaddbmmMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{32, 64} {
		r, d := raggedOperand(t, rng, 4, 5, 7, w)
		coo, err := convert.ToLayout(d, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		b := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 7, 3}, 1)
		p, err := Bmm(d, b)
		require.NoError(t, err)
		for _, ish := range [][]int64{{4, 5, 3}, {1, 5, 3}, {5, 3}, {3}, {5, 1}, {}} {
			in := tensortest.RandomDense(t, rng, dtype.Float64, ish, 1)
			for _, ba := range [][2]float64{{0.5, 1}, {0, -2}, {1.5, 0}} {
				// The reference: beta * input + alpha * (batch1 @ batch2), element by element.
				want := dtype.NewArray(dtype.Float64, []int64{4, 5, 3})
				st := broadcastOf(ish, []int64{4, 5, 3})
				pv, iv, wv := dtype.AsSlice[float64](p.Values()), dtype.AsSlice[float64](in.Values()), dtype.AsSlice[float64](want)
				for e := range wv {
					x := int64(e)
					bi, i, j := x/15, x/3%5, x%3
					wv[e] = ba[0]*iv[bi*st[0]+i*st[1]+j*st[2]] + ba[1]*pv[e]
				}
				wt, err := tensor.NewStrided(want)
				require.NoError(t, err)
				for _, a := range []*tensor.Tensor{r, d, coo} {
					got, err := Baddbmm(in, a, b, dtype.Real(ba[0]), dtype.Real(ba[1]))
					require.NoError(t, err)
					requireEqualTensors(t, wt, got, "%s", fmt.Sprint("baddbmm ", a.Layout(), " input ", ish, " beta, alpha ", ba, " width ", w))
				}
			}
		}
		_, err = Baddbmm(tensortest.RandomDense(t, rng, dtype.Float64, []int64{2, 5, 3}, 1), r, b, dtype.Real(1), dtype.Real(1))
		require.ErrorContains(t, err, "cannot broadcast")
	}
}

// broadcastOf is the strides of a shape broadcast to a 3-D result.
func broadcastOf(shape, result []int64) [3]int64 {
	var st [3]int64
	s := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		r := d + len(result) - len(shape)
		if shape[d] != 1 {
			st[r] = s
		}
		s *= shape[d]
	}
	return st
}

// TestRaggedBmmAllocatesOnlyItsOutput: the ragged batch runs on views of
// its arrays, so a product allocates its (B, m, n) result and little else
// (the COO path would allocate its entries several times over).
func TestRaggedBmmAllocatesOnlyItsOutput(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const nb, m, k, n = 4, 3000, 3000, 4
	r := raggedBanded(t, nb, m, k)
	b := tensortest.RandomDense(t, rng, dtype.Float64, []int64{nb, k, n}, 1)
	_, err := Bmm(r, b) // warm up
	require.NoError(t, err)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = Bmm(r, b)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	out := uint64(nb * m * n * 8)
	require.LessOrEqual(t, after.TotalAlloc-before.TotalAlloc, out+64<<10, "bmm allocated beyond its %d-byte output", out)
}

// raggedBanded is a ragged batch (nb, m, k), int32 indices, whose batch i
// stores the band |row - column| <= i of each row: a different nnz per batch.
func raggedBanded(t testing.TB, nb, m, k int64) *tensor.Tensor {
	var pos, crd []int32
	var vals []float64
	pos = append(pos, 0)
	for i := range nb {
		for row := range m {
			for c := max(0, row-i); c <= min(k-1, row+i); c++ {
				crd = append(crd, int32(c))
				vals = append(vals, float64(row-c)+0.5)
			}
			pos = append(pos, int32(len(crd)))
		}
	}
	r, err := tensor.NewRagged([]int64{nb, m, k}, dtype.Int32Array(pos), dtype.Int32Array(crd), dtype.Float64Array(vals))
	require.NoError(t, err)
	return r
}
