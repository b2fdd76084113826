package engine

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// scatterSplit is ReduceScatter's sum (and mean) of float32 or float64
// values on several goroutines: the groups [0, n) are split into even
// ranges, and each goroutine reads every key but folds only the elements
// of its own groups. A group's elements still fold in storage order, so
// the result is bit-identical to the serial scatter at any thread count
// (partial sums per goroutine, combined afterwards, would not be). The
// keys are read once per goroutine; the values, accumulators and counts
// are each touched by one. ok is false where it does not apply (another
// op or dtype, too little work for a split, more than 2^32 elements).
func scatterSplit[I kernels.Index](op ReduceOp, crd []I, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, bool) {
	if (op != Sum && op != Mean) || (vals.DType != dtype.Float64 && vals.DType != dtype.Float32) || int64(len(crd)) >= 1<<32 {
		return Reduced{}, false
	}
	parts := min(parallel.Parts(int64(len(crd))), int(n))
	if parts <= 1 {
		return Reduced{}, false
	}
	accs := make([]float64, n) // zeroed: the identity of sum is +0
	cnt := make([]uint32, n)
	bounds := parallel.SplitEven(int(n), parts)
	kept := make([]int, parts)
	parallel.For(parts, func(p int) {
		lo, hi := bounds[p], bounds[p+1]
		if vals.DType == dtype.Float64 {
			scatterSumRange(crd, dtype.AsSlice[float64](vals), accs, cnt, lo, hi)
		} else {
			scatterSumRange(crd, dtype.AsSlice[float32](vals), accs, cnt, lo, hi)
		}
		for _, c := range cnt[lo:hi] {
			if c > 0 {
				kept[p]++
			}
		}
	})
	total := 0
	for _, k := range kept {
		total += k
	}
	return compactReal[I](op, accs, cnt, false, total, group, floatFill(vals.DType, fill), out), true
}

// scatterSumRange adds each element whose key lies in [lo, hi) into its
// group's accumulator and counts it, in storage order.
func scatterSumRange[I kernels.Index, V float32 | float64](crd []I, v []V, accs []float64, cnt []uint32, lo, hi int) {
	v = v[:len(crd)]
	span := uint64(hi - lo)
	for k, g := range crd {
		if uint64(int64(g)-int64(lo)) < span {
			accs[g] += float64(v[k])
			cnt[g]++
		}
	}
}
