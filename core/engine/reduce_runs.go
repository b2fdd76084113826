package engine

import (
	"sort"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// ReduceAllRuns is ReduceAll over the stored elements vals[lo:hi] of each
// run (lo, hi) of runs (flattened pairs, ustorage.Runs: the value slots of
// a storage that lie inside the tensor, at distinct positions); the slots
// between the runs (padding outside the tensor) are not read. numel minus
// the runs' length elements are unspecified and equal fill. The runs are
// folded as one array of their concatenation, in fixed chunks, so the
// result does not depend on the thread count.
func ReduceAllRuns(op ReduceOp, vals dtype.Array, runs []int64, numel int64, fill []byte, out dtype.DType) ([]byte, error) {
	if err := checkReduce(op, vals.DType, out); err != nil {
		return nil, err
	}
	rs := newRunSet(runs)
	missing := numel - rs.n
	res := make([]byte, out.Size())
	switch d := vals.DType; {
	case d == dtype.Complex64:
		storeComplex(out, res, []complex128{runsComplex(op, dtype.AsSlice[complex64](vals), rs, missing, numel, complexFill(d, fill))})
	case d == dtype.Complex128:
		storeComplex(out, res, []complex128{runsComplex(op, dtype.AsSlice[complex128](vals), rs, missing, numel, complexFill(d, fill))})
	case d == dtype.Float16 || d == dtype.BFloat16:
		v, bf := dtype.AsSlice[uint16](vals), d == dtype.BFloat16
		acc := runsFold(rs, initReal[float64](op), func(lo, hi int64, acc float64) float64 { return foldHalf(op, v[lo:hi], bf, acc) }, func(a, b float64) float64 { return combineReal(op, a, b) })
		storeReal(out, res, []float64{finishReal(op, acc, missing, floatFill(d, fill), numel)})
	case d == dtype.Float32:
		storeReal(out, res, []float64{runsReal(op, dtype.AsSlice[float32](vals), rs, missing, numel, floatFill(d, fill))})
	case d == dtype.Float64:
		storeReal(out, res, []float64{runsReal(op, dtype.AsSlice[float64](vals), rs, missing, numel, floatFill(d, fill))})
	case d == dtype.Int8:
		storeReal(out, res, []int64{runsReal(op, dtype.AsSlice[int8](vals), rs, missing, numel, intFill(d, fill))})
	case d == dtype.Int16:
		storeReal(out, res, []int64{runsReal(op, dtype.AsSlice[int16](vals), rs, missing, numel, intFill(d, fill))})
	case d == dtype.Int32:
		storeReal(out, res, []int64{runsReal(op, dtype.AsSlice[int32](vals), rs, missing, numel, intFill(d, fill))})
	case d == dtype.Int64:
		storeReal(out, res, []int64{runsReal(op, dtype.AsSlice[int64](vals), rs, missing, numel, intFill(d, fill))})
	default: // bool, uint8
		storeReal(out, res, []int64{runsReal(op, dtype.AsSlice[uint8](vals), rs, missing, numel, intFill(d, fill))})
	}
	return res, nil
}

// runSet is a list of runs with the offset of each in their concatenation.
type runSet struct {
	runs  []int64
	start []int64 // start[k]: the concatenation's index of run k's first slot
	n     int64   // the concatenation's length
}

func newRunSet(runs []int64) runSet {
	rs := runSet{runs: runs, start: make([]int64, len(runs)/2)}
	for k := range rs.start {
		rs.start[k] = rs.n
		rs.n += runs[2*k+1] - runs[2*k]
	}
	return rs
}

// runsFold folds the concatenation of the runs in fixed chunks of allChunk
// (in parallel), each chunk piece by piece through fold from the identity
// init, and combines the chunks' partials in order.
func runsFold[A any](rs runSet, init A, fold func(lo, hi int64, acc A) A, combine func(a, b A) A) A {
	parts := make([]A, (rs.n+allChunk-1)/allChunk)
	parallel.ForChunks(int(rs.n), allChunk, func(c, lo, hi int) {
		acc := init
		k := sort.Search(len(rs.start), func(k int) bool { return rs.start[k] > int64(lo) }) - 1
		for at := int64(lo); at < int64(hi); k++ {
			off := at - rs.start[k]
			end := min(int64(hi)-rs.start[k], rs.runs[2*k+1]-rs.runs[2*k])
			if end > off {
				acc = fold(rs.runs[2*k]+off, rs.runs[2*k]+end, acc)
				at = rs.start[k] + end
			}
		}
		parts[c] = acc
	})
	acc := init
	for _, p := range parts {
		acc = combine(acc, p)
	}
	return acc
}

// runsReal is allReal over the runs.
func runsReal[V realVal, A realAcc](op ReduceOp, v []V, rs runSet, missing, numel int64, fill A) A {
	fold := func(lo, hi int64, acc A) A { return foldReal(op, v[lo:hi], acc) }
	switch op {
	case Sum, Mean:
		fold = func(lo, hi int64, acc A) A { return sumReal(v[lo:hi], acc) }
	case Norm:
		fold = func(lo, hi int64, acc A) A { return sumSquares(v[lo:hi], acc) }
	}
	acc := runsFold(rs, initReal[A](op), fold, func(a, b A) A { return combineReal(op, a, b) })
	return finishReal(op, acc, missing, fill, numel)
}

// runsComplex is allComplex over the runs.
func runsComplex[V complexVal](op ReduceOp, v []V, rs runSet, missing, numel int64, fill complex128) complex128 {
	acc := runsFold(rs, initComplex(op), func(lo, hi int64, acc complex128) complex128 { return foldComplex(op, v[lo:hi], acc) },
		func(a, b complex128) complex128 { return combineComplex(op, a, b) })
	return finishComplex(op, acc, missing, fill, numel)
}
