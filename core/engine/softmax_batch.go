package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxBatchDim computes a numerically stable softmax (log:
// log_softmax) over the batch dim of a batched compressed matrix with one
// batch dim: pos is its global row pointer (batch b's row r is segment
// b*m + r), crd the columns (each in [0, n)), vals one float32 or float64
// value an entry. The entries of one (row, column) cell across the
// batches form a group. Rows run in parallel: each row's groups
// accumulate in a column-indexed max and sum of its goroutine's (two
// float64 a column, reset after the row), the sums in batch order, so the
// results are SoftmaxScatter's bits over the same entries. It returns new
// values of vals' dtype; ok is false for other dtypes.
func SoftmaxBatchDim(pos, crd, vals dtype.Array, batches, m, n int64, log bool) (dtype.Array, bool, error) {
	if vals.DType != dtype.Float64 && vals.DType != dtype.Float32 {
		return dtype.Array{}, false, nil
	}
	// The result, and a max and a sum a column for each goroutine.
	held := budget.Add(budget.Mul(vals.Numel(), int64(vals.DType.Size())), budget.Mul(budget.Mul(n, 16), int64(parallel.Workers())))
	if err := budget.CheckBytes("softmax accumulators", held); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if batches == 0 || m == 0 || vals.Numel() == 0 { // no entries; pos may hold one bound only
		return out, true, nil
	}
	switch {
	case pos.DType == dtype.Int32 && vals.DType == dtype.Float64:
		softmaxBatch(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), batches, m, n, log)
	case pos.DType == dtype.Int32:
		softmaxBatch(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), batches, m, n, log)
	case vals.DType == dtype.Float64:
		softmaxBatch(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), batches, m, n, log)
	default:
		softmaxBatch(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), batches, m, n, log)
	}
	return out, true, nil
}

// softmaxBatch runs SoftmaxBatchDim's rows in one part a goroutine, of
// about equal entries (the first batch's row pointer as the weight), each
// part with its own accumulators.
func softmaxBatch[I kernels.Index, V float32 | float64](pos, crd []I, v, out []V, batches, m, n int64, log bool) {
	base := pos[0]
	parts := parallel.Parts(int64(len(v)) + m)
	split := parallel.SplitByWeight(pos[:m+1], parts)
	parallel.For(parts, func(p int) {
		lo, hi := split[p], split[p+1]
		mx, sum := make([]float64, n), make([]float64, n)
		for c := range mx {
			mx[c] = math.Inf(-1)
		}
		segs := func(r int, each func(k int64, c I)) { // row r's entries, batch by batch
			for b := range batches {
				s := b*m + int64(r)
				for k := int64(pos[s] - base); k < int64(pos[s+1]-base); k++ {
					each(k, crd[k+int64(base)])
				}
			}
		}
		for r := lo; r < hi; r++ {
			segs(r, func(k int64, c I) { mx[c] = max(mx[c], float64(v[k])) })
			segs(r, func(k int64, c I) {
				if math.IsInf(mx[c], -1) {
					mx[c] = 0
				}
				sum[c] += kernels.ExpFloat64(float64(v[k]) - mx[c])
			})
			segs(r, func(k int64, c I) {
				if log {
					out[k] = V(float64(v[k]) - mx[c] - math.Log(sum[c]))
				} else {
					out[k] = V(kernels.ExpFloat64(float64(v[k])-mx[c]) / sum[c])
				}
			})
			segs(r, func(_ int64, c I) { mx[c], sum[c] = math.Inf(-1), 0 })
		}
	})
}
