package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// maxSpareGroups bounds the groups SoftmaxScatter keeps accumulators for
// beyond twice the entries: past it the accumulators would cost more than
// the entries.
const maxSpareGroups = 1 << 16

// SoftmaxScatter computes a numerically stable softmax (log: log_softmax)
// along dim of a coalesced COO tensor without dense dims (indices: sparse
// dims x entries, int32 or int64; vals float32 or float64), over the
// stored values only: the entries that share every coordinate but dim's
// form a group, whose maximum and sum of exponentials accumulate by
// scattering into one accumulator pair per group (in storage order, which
// within a group is the order of dim's coordinate, as a sort by the other
// coordinates would give). It returns new values of vals' dtype, computed
// in float64 by SoftmaxSegments' formulas. ok is false (nothing done) for
// other dtypes, or when the groups (the product of the other sizes)
// outnumber the entries by far.
func SoftmaxScatter(indices dtype.Array, shape []int64, dim int, vals dtype.Array, log bool) (dtype.Array, bool, error) {
	if vals.DType != dtype.Float64 && vals.DType != dtype.Float32 {
		return dtype.Array{}, false, nil
	}
	n := vals.Numel()
	strides := make([]int64, len(shape)) // dim's stays 0: the group key skips it
	groups := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		if d != dim {
			strides[d] = groups
			groups *= shape[d]
		}
	}
	if groups > 2*n+maxSpareGroups {
		return dtype.Array{}, false, nil
	}
	// The accumulators, the result and, for float32, the exponentials' float64 scratch.
	held := budget.Add(budget.Mul(groups, 16), budget.Mul(n, int64(vals.DType.Size())))
	if vals.DType == dtype.Float32 {
		held = budget.Add(held, budget.Mul(n, 8))
	}
	if err := budget.CheckBytes("softmax accumulators", held); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	switch {
	case indices.DType == dtype.Int32 && vals.DType == dtype.Float64:
		softmaxScatter(dtype.AsSlice[int32](indices), strides, groups, dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), log)
	case indices.DType == dtype.Int32:
		softmaxScatter(dtype.AsSlice[int32](indices), strides, groups, dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), log)
	case vals.DType == dtype.Float64:
		softmaxScatter(dtype.AsSlice[int64](indices), strides, groups, dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), log)
	default:
		softmaxScatter(dtype.AsSlice[int64](indices), strides, groups, dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), log)
	}
	return out, true, nil
}

// groupKeys writes the group key of entries [lo, hi) to keys (the linear
// index over every dim but the one whose stride is 0). The first dim with
// a stride stores its term (a copy for stride 1) and the others add
// theirs, so keys is written once per such dim and never cleared first.
func groupKeys[I kernels.Index](idx []I, strides []int64, n, lo int, keys []int64) {
	first := true
	for d, s := range strides {
		if s == 0 {
			continue
		}
		row := idx[d*n+lo : d*n+lo+len(keys)]
		switch {
		case first && s == 1:
			for k, c := range row {
				keys[k] = int64(c)
			}
		case first:
			for k, c := range row {
				keys[k] = int64(c) * s
			}
		default:
			for k, c := range row {
				keys[k] += int64(c) * s
			}
		}
		first = false
	}
	if first { // no dim but the reduced one: a single group
		clear(keys)
	}
}

// keyChunk is the entries whose group keys a scatter computes at once (a
// chunk of softmaxScatter's parallel result pass).
const keyChunk = 4096

func softmaxScatter[I kernels.Index, V float32 | float64](idx []I, strides []int64, groups int64, v, out []V, log bool) {
	n := len(v)
	mx := make([]float64, groups)
	for g := range mx {
		mx[g] = math.Inf(-1)
	}
	sc := expScratchPool.Get().(*expScratch)
	for lo := 0; lo < n; lo += expBlock {
		ks := sc.keys[:min(expBlock, n-lo)]
		groupKeys(idx, strides, n, lo, ks)
		for k, g := range ks {
			mx[g] = max(mx[g], float64(v[lo+k])) // math.Max's rules, inline
		}
	}
	for g, m := range mx {
		if math.IsInf(m, -1) {
			mx[g] = 0
		}
	}
	// Each exponential once, every entry on its own (parallel: the split
	// changes nothing), kept in e for the sums and the result: out itself
	// for float64, scratch for float32 (its quotient is taken in float64).
	e, scratch := expStore(out)
	parallel.ForChunks(n, keyChunk, func(_, lo, hi int) {
		sc := expScratchPool.Get().(*expScratch)
		defer expScratchPool.Put(sc)
		for b := lo; b < hi; b += expBlock {
			ks := sc.keys[:min(expBlock, hi-b)]
			groupKeys(idx, strides, n, b, ks)
			expGrouped(e[b:b+len(ks)], v[b:b+len(ks)], ks, mx)
		}
	})
	// The sums in storage order, on one goroutine (their bits depend on it).
	sum := make([]float64, groups)
	for lo := 0; lo < n; lo += expBlock {
		ks := sc.keys[:min(expBlock, n-lo)]
		groupKeys(idx, strides, n, lo, ks)
		t := e[lo : lo+len(ks)]
		for k, g := range ks {
			sum[g] += t[k]
		}
	}
	expScratchPool.Put(sc)
	if log {
		kernels.Log(sum, sum) // math.Log's bits
	}
	parallel.ForChunks(n, keyChunk, func(_, lo, hi int) {
		sc := expScratchPool.Get().(*expScratch)
		defer expScratchPool.Put(sc)
		for b := lo; b < hi; b += expBlock {
			ks := sc.keys[:min(expBlock, hi-b)]
			groupKeys(idx, strides, n, b, ks)
			if log {
				for k, g := range ks {
					out[b+k] = V(float64(v[b+k]) - mx[g] - sum[g])
				}
				continue
			}
			for k, g := range ks {
				out[b+k] = V(e[b+k] / sum[g])
			}
		}
	})
	if scratch {
		memory.RecycleSlice(e)
	}
}

// expStore is where softmaxScatter keeps the exponentials of out's
// entries: out itself when it is float64 (each result overwrites its own
// exponential), else a float64 scratch buffer (scratch true), which the
// caller hands back.
func expStore[V float32 | float64](out []V) (e []float64, scratch bool) {
	if f, ok := any(out).([]float64); ok {
		return f, false
	}
	return memory.UninitSlice[float64](len(out)), true
}

// expGrouped sets t[k] = exp(x[k] - mx[keys[k]]) for k < len(x) = len(t),
// one kernels.Exp call for the block.
func expGrouped[V float32 | float64](t []float64, x []V, keys []int64, mx []float64) {
	t = t[:len(x)]
	for k, g := range keys {
		t[k] = float64(x[k]) - mx[g]
	}
	kernels.Exp(t, t)
}
