package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxBatchDim computes a numerically stable softmax (log:
// log_softmax) over one batch dim of a batched compressed matrix whose
// batch dims read as (outer, batches, inner), the softmax over the middle
// one: pos is its global row pointer (the matrix at batch coordinates
// (o, b, i) is slot (o*batches + b)*inner + i, its row r segment
// slot*m + r), crd the columns (each in [0, n)), vals (entries, *dense)
// float32 or float64 values. Each dense element of the entries of one
// (o, i, row, column) cell across the batches b forms a group. A unit
// (o, i, row) runs on one goroutine: its groups accumulate in a max and a
// sum of the goroutine's indexed by column and dense element (two float64
// each, reset after the unit), the sums in batch order, so the results
// are SoftmaxScatter's bits over the same entries, a dense element at a
// time. It returns new values of vals' dtype; ok is false for other
// dtypes.
func SoftmaxBatchDim(pos, crd, vals dtype.Array, outer, batches, inner, m, n int64, log bool) (dtype.Array, bool, error) {
	if vals.DType != dtype.Float64 && vals.DType != dtype.Float32 {
		return dtype.Array{}, false, nil
	}
	// The result, and a max and a sum a column's value for each goroutine.
	block := dtype.NumelOf(vals.Shape[1:])
	held := budget.Add(budget.Mul(vals.Numel(), int64(vals.DType.Size())), budget.Mul(budget.Mul(budget.Mul(n, block), 16), int64(parallel.Workers())))
	if err := budget.CheckBytes("softmax accumulators", held); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if vals.Numel() == 0 { // no entries; pos may hold one bound only
		return out, true, nil
	}
	g := batchGrid{outer: outer, batches: batches, inner: inner, m: m, n: n, block: block}
	switch {
	case pos.DType == dtype.Int32 && vals.DType == dtype.Float64:
		softmaxBatch(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), g, log)
	case pos.DType == dtype.Int32:
		softmaxBatch(dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), g, log)
	case vals.DType == dtype.Float64:
		softmaxBatch(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), g, log)
	default:
		softmaxBatch(dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), g, log)
	}
	return out, true, nil
}

// batchGrid is SoftmaxBatchDim's shape: the batch dims as (outer,
// batches, inner), each matrix's rows m and columns n, and the values an
// entry (block).
type batchGrid struct{ outer, batches, inner, m, n, block int64 }

// softmaxBatch runs SoftmaxBatchDim's units in one part a goroutine: the
// units (i, row) of each outer index o split alike, in parts of about
// equal entries (the row pointer of the slots (0, 0, i) as the weight),
// each part with its own accumulators.
func softmaxBatch[I kernels.Index, V float32 | float64](pos, crd []I, v, out []V, g batchGrid, log bool) {
	base := pos[0]
	units := g.inner * g.m // a unit u = i*m + row is segment u of the slot (o, 0, 0)
	parts := parallel.Parts(int64(len(v)) + g.outer*units)
	split := parallel.SplitByWeight(pos[:units+1], parts)
	parallel.For(parts, func(p int) {
		w := g.block
		mx, sum := make([]float64, g.n*w), make([]float64, g.n*w)
		for c := range mx {
			mx[c] = math.Inf(-1)
		}
		segs := func(o, u int64, each func(k, a int64)) { // unit (o, u)'s values, batch by batch: value k, accumulator a
			for b := range g.batches {
				s := (o*g.batches+b)*units + u
				for e := int64(pos[s] - base); e < int64(pos[s+1]-base); e++ {
					if w == 1 { // no dense dims: the common case, no inner loop
						each(e, int64(crd[e+int64(base)]))
						continue
					}
					a := int64(crd[e+int64(base)]) * w
					for j := range w {
						each(e*w+j, a+j)
					}
				}
			}
		}
		for o := range g.outer {
			for u := int64(split[p]); u < int64(split[p+1]); u++ {
				segs(o, u, func(k, a int64) { mx[a] = max(mx[a], float64(v[k])) })
				segs(o, u, func(k, a int64) {
					if math.IsInf(mx[a], -1) {
						mx[a] = 0
					}
					sum[a] += kernels.ExpFloat64(float64(v[k]) - mx[a])
				})
				segs(o, u, func(k, a int64) {
					if log {
						out[k] = V(float64(v[k]) - mx[a] - math.Log(sum[a]))
					} else {
						out[k] = V(kernels.ExpFloat64(float64(v[k])-mx[a]) / sum[a])
					}
				})
				segs(o, u, func(_, a int64) { mx[a], sum[a] = math.Inf(-1), 0 })
			}
		}
	})
}
