package engine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxBatchDim over 5 batches of a 300 x 40 matrix (rows empty in some
// batches, cells in one batch only, -Inf and NaN): the bits of
// SoftmaxScatter over dim 0 of the same entries as (batch, row, column)
// COO, float64 and float32, int32 and int64 indices, 1 to 3 goroutines.
func TestSoftmaxBatchDim(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 7))
	const batches, m, n = 5, 300, 40
	pos := []int64{0}
	var crd, coords []int64
	var vals []float64
	for b := range int64(batches) {
		for r := range int64(m) {
			for c := range int64(n) {
				if rng.Float64() < 0.15+0.1*float64(b) {
					crd, vals = append(crd, c), append(vals, rng.NormFloat64()*20)
					coords = append(coords, b, r, c)
					switch rng.IntN(30) {
					case 0:
						vals[len(vals)-1] = math.Inf(-1)
					case 1:
						vals[len(vals)-1] = math.NaN()
					}
				}
			}
			pos = append(pos, int64(len(crd)))
		}
	}
	nse := int64(len(vals))
	idx := make([]int64, 3*nse)
	for e := range nse {
		for d := range int64(3) {
			idx[d*nse+e] = coords[3*e+d]
		}
	}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		va := dtype.NewArray(d, []int64{nse})
		for i, x := range vals {
			va.SetComplex(int64(i), dtype.Real(x))
		}
		for _, log := range []bool{false, true} {
			want, ok, err := SoftmaxScatter(dtype.Int64Array(idx, 3, nse), []int64{batches, m, n}, 0, va, log)
			require.NoError(t, err)
			require.True(t, ok)
			for _, w := range []int{1, 2, 3} {
				old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
				got, ok, err := SoftmaxBatchDim(dtype.Int64Array(pos), dtype.Int64Array(crd), va, 1, batches, 1, m, n, log)
				got32, _, _ := SoftmaxBatchDim(dtype.Int32Array(toInt32(pos)), dtype.Int32Array(toInt32(crd)), va, 1, batches, 1, m, n, log)
				parallel.SetKnobs(old)
				require.NoError(t, err)
				require.True(t, ok)
				for i := range nse {
					if a, b := want.Complex(i).Re(), got.Complex(i).Re(); bits64(a) != bits64(b) {
						t.Fatalf("%s log %v workers %d entry %d: %v vs %v", d, log, w, i, a, b)
					}
				}
				require.Equal(t, got.Data, got32.Data, "%s log %v workers %d int32", d, log, w)
			}
		}
	}
}

// TestSoftmaxBatchDimEmpty: no batches, or batches of no rows, have a row
// pointer of one bound and no entries: an empty result (a softmax over
// dim 0 of a (0, 1, 4) batched CSR read pos[:2] of a one-bound pointer and
// panicked, the property test's seed 2 case 31352).
func TestSoftmaxBatchDimEmpty(t *testing.T) {
	for _, c := range []struct{ batches, m int64 }{{0, 1}, {2, 0}, {0, 0}} {
		out, ok, err := SoftmaxBatchDim(dtype.Int64Array([]int64{0}, 1), dtype.Int64Array(nil, 0),
			dtype.Float64Array(nil, 0), 1, c.batches, 1, c.m, 4, true)
		require.NoError(t, err)
		require.True(t, ok)
		require.Zero(t, out.Numel(), "%+v", c)
	}
}

// SoftmaxBatchDim over each batch dim of a (2, 3, 2) batch of 40 x 15
// matrices, read as (outer, batches, inner) about that dim, with 1 and 3
// values an entry: each dense element the bits of SoftmaxScatter over the
// same dim of that element's values with the entries as 5-D COO (rows
// empty in some batches, -Inf and NaN), float64 and float32, int32 and
// int64 indices, 1 to 3 goroutines.
func TestSoftmaxBatchDimGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 23))
	batch := []int64{2, 3, 2}
	const m, n = 40, 15
	pos := []int64{0}
	var crd, coords []int64
	for s := range int64(12) {
		for r := range int64(m) {
			for c := range int64(n) {
				if rng.Float64() < 0.05*float64(s%5) {
					crd = append(crd, c)
					coords = append(coords, s/6, s/2%3, s%2, r, c)
				}
			}
			pos = append(pos, int64(len(crd)))
		}
	}
	nse := int64(len(crd))
	idx := make([]int64, 5*nse)
	for e := range nse {
		for d := range int64(5) {
			idx[d*nse+e] = coords[5*e+d]
		}
	}
	for _, block := range []int64{1, 3} {
		vals := make([]float64, nse*block)
		for i := range vals {
			vals[i] = rng.NormFloat64() * 20
			switch rng.IntN(30) {
			case 0:
				vals[i] = math.Inf(-1)
			case 1:
				vals[i] = math.NaN()
			}
		}
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
			va := dtype.NewArray(d, []int64{nse, block})
			for i, x := range vals {
				va.SetComplex(int64(i), dtype.Real(x))
			}
			for dim := range 3 {
				outer, inner := dtype.NumelOf(batch[:dim]), dtype.NumelOf(batch[dim+1:])
				for _, log := range []bool{false, true} {
					want := make([]float64, nse*block)
					for j := range block {
						col := dtype.NewArray(d, []int64{nse})
						for e := range nse {
							col.SetComplex(e, va.Complex(e*block+j))
						}
						r, ok, err := SoftmaxScatter(dtype.Int64Array(idx, 5, nse), []int64{2, 3, 2, m, n}, dim, col, log)
						require.NoError(t, err)
						require.True(t, ok)
						for e := range nse {
							want[e*block+j] = r.Complex(e).Re()
						}
					}
					for _, w := range []int{1, 2, 3} {
						old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
						got, ok, err := SoftmaxBatchDim(dtype.Int64Array(pos), dtype.Int64Array(crd), va, outer, batch[dim], inner, m, n, log)
						got32, _, _ := SoftmaxBatchDim(dtype.Int32Array(toInt32(pos)), dtype.Int32Array(toInt32(crd)), va, outer, batch[dim], inner, m, n, log)
						parallel.SetKnobs(old)
						require.NoError(t, err)
						require.True(t, ok)
						require.Equal(t, va.Shape, got.Shape)
						for i := range nse * block {
							if a, b := want[i], got.Complex(i).Re(); bits64(a) != bits64(b) {
								t.Fatalf("block %d %s dim %d log %v workers %d value %d: %v vs %v", block, d, dim, log, w, i, a, b)
							}
						}
						require.Equal(t, got.Data, got32.Data, "block %d %s dim %d log %v workers %d int32", block, d, dim, log, w)
					}
				}
			}
		}
	}
}
