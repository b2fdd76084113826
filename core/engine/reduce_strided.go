package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// reduceStridedWork is about the elements one chunk of ReduceStrided reads;
// stridedColumns the fewest results of a chunk along a kept inner dim.
const (
	reduceStridedWork = 1 << 15
	stridedColumns    = 256
)

// ReduceStrided reduces the row-major values vals, seen as x[o, r, i] of
// shape (outer, rn, inner), over r: out[o, i] = op of x[o, 0..rn-1, i], a
// new array of outer*inner elements of dtype out. It serves a strided
// tensor reduced over one run of adjacent dims (sum(dim), amax(dim),
// mean(dim) of a matrix, ...). Each result folds its elements in
// ascending r, as a row's segment fold does (integers and bool in int64,
// floats in float64, NaN propagating through amax and amin); fixed chunks
// of the results run in parallel, so the bits do not depend on the thread
// count. ok is false (nothing done) for the half floats and complex
// dtypes, which take the caller's general path.
func ReduceStrided(op ReduceOp, vals dtype.Array, outer, rn, inner int64, out dtype.DType) (dtype.Array, bool, error) {
	d := vals.DType
	if d.IsComplex() || d == dtype.Float16 || d == dtype.BFloat16 {
		return dtype.Array{}, false, nil
	}
	if err := checkReduce(op, d, out); err != nil {
		return dtype.Array{}, true, err
	}
	n := outer * inner
	if err := budget.Check("reduction result", n, out.Size()+8); err != nil {
		return dtype.Array{}, true, err
	}
	res := dtype.UninitArray(out, []int64{n})
	// The accumulators are the result's own values where it is of their
	// type (every one is written): no second array and no copy.
	if isIntegral(d) {
		var accs []int64
		if out == dtype.Int64 {
			accs = dtype.AsSlice[int64](res)
		} else {
			accs = make([]int64, n)
		}
		switch d {
		case dtype.Int8:
			foldStrided(op, dtype.AsSlice[int8](vals), accs, rn, inner)
		case dtype.Int16:
			foldStrided(op, dtype.AsSlice[int16](vals), accs, rn, inner)
		case dtype.Int32:
			foldStrided(op, dtype.AsSlice[int32](vals), accs, rn, inner)
		case dtype.Int64:
			foldStrided(op, dtype.AsSlice[int64](vals), accs, rn, inner)
		default:
			foldStrided(op, dtype.AsSlice[uint8](vals), accs, rn, inner)
		}
		if out != dtype.Int64 {
			storeReal(out, res.Data, accs)
		}
		return res, true, nil
	}
	var accs []float64
	if out == dtype.Float64 {
		accs = dtype.AsSlice[float64](res)
	} else {
		accs = make([]float64, n)
	}
	if d == dtype.Float32 {
		foldStrided(op, dtype.AsSlice[float32](vals), accs, rn, inner)
	} else {
		foldStrided(op, dtype.AsSlice[float64](vals), accs, rn, inner)
	}
	if out != dtype.Float64 {
		storeReal(out, res.Data, accs)
	}
	return res, true, nil
}

// foldStrided computes accs[o*inner+i] = op of x[o, 0..rn-1, i], the mean
// divided by rn, over fixed chunks of the results in parallel (as many
// goroutines as the elements read call for; one below a few microseconds).
func foldStrided[V realVal, A realAcc](op ReduceOp, x []V, accs []A, rn, inner int64) {
	size := max(1, reduceStridedWork/max(rn, 1))
	if inner > 1 {
		// Runs of at least stridedColumns results along the inner dim (each
		// row's piece streams 2 KiB of float64), but more than one chunk
		// of a 1000-wide matrix, so that its columns run in parallel.
		size = max(size, min(inner, stridedColumns))
	}
	parts, chunks := stridedSplit(len(accs), int(size), int64(len(x)))
	parallel.RunChunks(parts, chunks, func(_, c int) {
		lo, hi := c*int(size), min((c+1)*int(size), len(accs))
		init := initReal[A](op)
		if inner == 1 {
			foldRows(op, x, accs[lo:hi], int64(lo), rn, init)
			return
		}
		for g := int64(lo); g < int64(hi); {
			o, i0 := g/inner, g%inner
			i1 := min(inner, i0+int64(hi)-g)
			a := accs[g : g+i1-i0]
			base := o * rn * inner
			foldColumns(op, x, a, base, rn, inner, i0, init)
			switch op {
			case Mean:
				for k := range a {
					a[k] /= A(rn)
				}
			case Norm:
				for k := range a {
					a[k] = sqrtAcc(a[k])
				}
			}
			g += i1 - i0
		}
	})
}

// stridedSplit is foldStrided's split of results in chunks of size over
// parts goroutines, which follow the elements read, not the results (a sum
// over dim 1 of a 1000 x 1000 matrix has 1000 results but 1M elements):
// one below a few microseconds of work.
func stridedSplit(results, size int, read int64) (parts, chunks int) {
	chunks = (results + size - 1) / size
	return min(parallel.ChunkedParts(read), chunks), chunks
}

// foldRows folds the contiguous runs x[(g0+k)*rn : (g0+k+1)*rn] into
// a[k], each in order (a row's segment fold), the mean divided by rn; the
// op is chosen outside the loop over rows.
func foldRows[V realVal, A realAcc](op ReduceOp, x []V, a []A, g0, rn int64, init A) {
	x = x[g0*rn : (g0+int64(len(a)))*rn]
	switch op {
	case Sum, Mean, Norm:
		sumRows(op == Norm, x, a, rn)
		for k := range a {
			switch op {
			case Mean:
				a[k] /= A(rn)
			case Norm:
				a[k] = sqrtAcc(a[k])
			}
		}
	case Amax, Amin:
		if rn <= extremaShortRow {
			extremaRows(op == Amin, x, a, rn, init)
			return
		}
		if op == Amin {
			for k := range a {
				a[k] = foldReal(op, x[int64(k)*rn:int64(k+1)*rn], init)
			}
			return
		}
		for k := range a {
			m := init
			for _, v := range x[int64(k)*rn : int64(k+1)*rn] {
				if b := A(v); b > m || b != b {
					m = b
				}
			}
			a[k] = m
		}
	default:
		for k := range a {
			a[k] = foldReal(op, x[int64(k)*rn:int64(k+1)*rn], init)
		}
	}
}

// foldColumns folds x[base + r*inner + i0 + k] over r into a[k], r
// ascending; the op is chosen outside the loops.
func foldColumns[V realVal, A realAcc](op ReduceOp, x []V, a []A, base, rn, inner, i0 int64, init A) {
	for k := range a {
		a[k] = init
	}
	x = x[base+i0:]
	switch op {
	case Sum, Mean, Norm:
		sumColumns(op == Norm, x, a, rn, inner)
	default:
		w := int64(len(a))
		for r := int64(0); r < rn; r++ {
			v := x[r*inner : r*inner+w]
			a := a[:len(v)]
			switch op {
			case Amax:
				for k, b := range v {
					if b := A(b); b > a[k] || b != b {
						a[k] = b
					}
				}
			case Amin:
				for k, b := range v {
					if b := A(b); b < a[k] || b != b {
						a[k] = b
					}
				}
			default:
				for k := range v {
					a[k] = foldReal(op, v[k:k+1], a[k])
				}
			}
		}
	}
}
