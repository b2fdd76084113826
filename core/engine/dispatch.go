package engine

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// The one dtype switch per call: each entry point below picks the typed
// kernel for the value dtype (and the caller's for the index width) and
// runs it over the whole input.

// allIntegral is ReduceAll's fold for bool and the integer dtypes.
func allIntegral(op ReduceOp, vals dtype.Array, missing, numel, fill int64) int64 {
	switch vals.DType {
	case dtype.Int8:
		return allReal(op, dtype.AsSlice[int8](vals), missing, numel, fill)
	case dtype.Int16:
		return allReal(op, dtype.AsSlice[int16](vals), missing, numel, fill)
	case dtype.Int32:
		return allReal(op, dtype.AsSlice[int32](vals), missing, numel, fill)
	case dtype.Int64:
		return allReal(op, dtype.AsSlice[int64](vals), missing, numel, fill)
	}
	return allReal(op, dtype.AsSlice[uint8](vals), missing, numel, fill) // bool, uint8
}

// allFloat is ReduceAll's fold for the real floating dtypes.
func allFloat(op ReduceOp, vals dtype.Array, missing, numel int64, fill float64) float64 {
	switch vals.DType {
	case dtype.Float32:
		return allReal(op, dtype.AsSlice[float32](vals), missing, numel, fill)
	case dtype.Float64:
		return allReal(op, dtype.AsSlice[float64](vals), missing, numel, fill)
	}
	return allHalf(op, dtype.AsSlice[uint16](vals), vals.DType == dtype.BFloat16, missing, numel, fill)
}

// indexDType is the index dtype of the Go index type I.
func indexDType[I kernels.Index]() dtype.DType {
	var i I
	if unsafe.Sizeof(i) == 4 {
		return dtype.Int32
	}
	return dtype.Int64
}

// accSize is the accumulator size of the values' dtype.
func accSize(d dtype.DType) int64 {
	if d.IsComplex() {
		return 16
	}
	return 8
}

// segments is ReduceSegments for index type I.
func segments[I kernels.Index](op ReduceOp, pos []I, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	m := len(pos) - 1
	kept := 0
	for r := 0; r < m; r++ {
		if pos[r+1] > pos[r] {
			kept++
		}
	}
	need := budget.Add(budget.Mul(int64(m), accSize(vals.DType)), budget.Mul(int64(kept), int64(unsafe.Sizeof(pos[0]))+int64(out.Size())))
	if err := budget.CheckBytes("reduction over rows", need); err != nil {
		return Reduced{}, err
	}
	work := int64(m) + int64(pos[m]-pos[0])
	d := vals.DType
	switch {
	case d.IsComplex():
		accs := make([]complex128, m)
		parallel.ForRows(pos, work, func(lo, hi int) {
			if d == dtype.Complex64 {
				rowsComplex(op, pos, dtype.AsSlice[complex64](vals), lo, hi, accs)
			} else {
				rowsComplex(op, pos, dtype.AsSlice[complex128](vals), lo, hi, accs)
			}
		})
		return compactComplex[I](op, accs, pos, true, kept, group, complexFill(d, fill), out), nil
	case isIntegral(d):
		accs := make([]int64, m)
		parallel.ForRows(pos, work, func(lo, hi int) { rowsIntegral(op, pos, vals, lo, hi, accs) })
		return compactReal[I](op, accs, pos, true, kept, group, intFill(d, fill), out), nil
	}
	accs := make([]float64, m)
	parallel.ForRows(pos, work, func(lo, hi int) {
		switch d {
		case dtype.Float32:
			rowsReal(op, pos, dtype.AsSlice[float32](vals), lo, hi, accs)
		case dtype.Float64:
			rowsReal(op, pos, dtype.AsSlice[float64](vals), lo, hi, accs)
		default:
			rowsHalf(op, pos, dtype.AsSlice[uint16](vals), d == dtype.BFloat16, lo, hi, accs)
		}
	})
	return compactReal[I](op, accs, pos, true, kept, group, floatFill(d, fill), out), nil
}

// rowsIntegral is rowsReal over bool and the integer dtypes.
func rowsIntegral[I kernels.Index](op ReduceOp, pos []I, vals dtype.Array, lo, hi int, accs []int64) {
	switch vals.DType {
	case dtype.Int8:
		rowsReal(op, pos, dtype.AsSlice[int8](vals), lo, hi, accs)
	case dtype.Int16:
		rowsReal(op, pos, dtype.AsSlice[int16](vals), lo, hi, accs)
	case dtype.Int32:
		rowsReal(op, pos, dtype.AsSlice[int32](vals), lo, hi, accs)
	case dtype.Int64:
		rowsReal(op, pos, dtype.AsSlice[int64](vals), lo, hi, accs)
	default:
		rowsReal(op, pos, dtype.AsSlice[uint8](vals), lo, hi, accs)
	}
}

// counter is a per-group count of stored elements: uint32 when fewer than
// 2^32 elements are stored (half the memory traffic of the scatter's
// second array), else int64.
type counter interface{ ~int32 | ~uint32 | ~int64 }

// scatter is ReduceScatter for index type I: one chunk, crd itself.
func scatter[I kernels.Index](op ReduceOp, crd []I, n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	if r, ok := scatterSplit(op, crd, n, vals, group, fill, out); ok {
		return r, nil
	}
	whole := func(yield func(keys []I, lo, hi int)) { yield(crd, 0, len(crd)) }
	if int64(len(crd)) < 1<<32 {
		return scatterCounted[I, I, uint32](op, whole, n, vals, group, fill, out)
	}
	return scatterCounted[I, I, int64](op, whole, n, vals, group, fill, out)
}

// keyChunks is the key source of a scatter: it calls yield with the
// group keys of the stored elements [lo, hi), in order, covering them all.
type keyChunks[K kernels.Index] func(yield func(keys []K, lo, hi int))

// scatterCounted is scatter with keys of type K from chunks, result keys
// of type I and counts of type C.
func scatterCounted[I, K kernels.Index, C counter](op ReduceOp, chunks keyChunks[K], n int64, vals dtype.Array, group int64, fill []byte, out dtype.DType) (Reduced, error) {
	d := vals.DType
	cnt := make([]C, n)
	kept := func() int {
		k := 0
		for _, c := range cnt {
			if c > 0 {
				k++
			}
		}
		return k
	}
	switch {
	case d.IsComplex():
		accs := make([]complex128, n)
		for g := range accs {
			accs[g] = initComplex(op)
		}
		chunks(func(keys []K, lo, hi int) {
			if d == dtype.Complex64 {
				scatterComplex(op, keys, dtype.AsSlice[complex64](vals)[lo:hi], accs, cnt)
			} else {
				scatterComplex(op, keys, dtype.AsSlice[complex128](vals)[lo:hi], accs, cnt)
			}
		})
		return compactComplex[I](op, accs, cnt, false, kept(), group, complexFill(d, fill), out), nil
	case isIntegral(d):
		accs := filled(n, initReal[int64](op))
		chunks(func(keys []K, lo, hi int) {
			switch d {
			case dtype.Int8:
				scatterReal(op, keys, dtype.AsSlice[int8](vals)[lo:hi], accs, cnt)
			case dtype.Int16:
				scatterReal(op, keys, dtype.AsSlice[int16](vals)[lo:hi], accs, cnt)
			case dtype.Int32:
				scatterReal(op, keys, dtype.AsSlice[int32](vals)[lo:hi], accs, cnt)
			case dtype.Int64:
				scatterReal(op, keys, dtype.AsSlice[int64](vals)[lo:hi], accs, cnt)
			default:
				scatterReal(op, keys, dtype.AsSlice[uint8](vals)[lo:hi], accs, cnt)
			}
		})
		return compactReal[I](op, accs, cnt, false, kept(), group, intFill(d, fill), out), nil
	}
	accs := filled(n, initReal[float64](op))
	chunks(func(keys []K, lo, hi int) {
		switch d {
		case dtype.Float32:
			scatterReal(op, keys, dtype.AsSlice[float32](vals)[lo:hi], accs, cnt)
		case dtype.Float64:
			scatterReal(op, keys, dtype.AsSlice[float64](vals)[lo:hi], accs, cnt)
		default:
			scatterHalf(op, keys, dtype.AsSlice[uint16](vals)[lo:hi], d == dtype.BFloat16, accs, cnt)
		}
	})
	return compactReal[I](op, accs, cnt, false, kept(), group, floatFill(d, fill), out), nil
}

// filled is n accumulators set to v.
func filled[A int64 | float64](n int64, v A) []A {
	s := make([]A, n)
	if v == 0 { // make zeroed it (the identity of sum is +0)
		return s
	}
	for i := range s {
		s[i] = v
	}
	return s
}

// compactReal finishes the groups that hold stored elements (count > 0),
// moves them to the front of accs in order, and stores them and their keys.
// Group g's count is cnt[g], or cnt[g+1] - cnt[g] when diff (cnt is a row
// pointer): a slice, not a function, so the loop calls nothing per group.
func compactReal[I kernels.Index, A realAcc, C counter](op ReduceOp, accs []A, cnt []C, diff bool, kept int, group int64, fill A, out dtype.DType) Reduced {
	keys := dtype.UninitArray(indexDType[I](), []int64{int64(kept)})
	ks := dtype.AsSlice[I](keys)
	j := 0
	for g := range accs {
		c := int64(cnt[g])
		if diff {
			c = int64(cnt[g+1]) - c
		}
		switch {
		case c == 0:
		case op == Sum: // finishReal's sum, inlined: the common case, one group per column
			a := accs[g]
			if c < group {
				a += fill * A(group-c)
			}
			accs[j] = a
			ks[j] = I(g)
			j++
		default:
			accs[j] = finishReal(op, accs[g], group-c, fill, group)
			ks[j] = I(g)
			j++
		}
	}
	return packReal(op, accs, kept, group, fill, out, keys)
}

// packReal is the Reduced of the finished groups accs[:kept] with their
// keys, and the fill: a group of unspecified elements reduced.
func packReal[A realAcc](op ReduceOp, accs []A, kept int, group int64, fill A, out dtype.DType, keys dtype.Array) Reduced {
	var vals dtype.Array
	if _, same := any(accs).([]float64); same && out == dtype.Float64 && 2*kept >= len(accs) {
		// The accumulators are the result: no second array, no copy (when
		// most groups are kept, so the array it pins is mostly used).
		vals = dtype.Array{DType: out, Shape: []int64{int64(kept)},
			Data: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(accs))), kept*8)}
	} else {
		vals = dtype.UninitArray(out, []int64{int64(kept)})
		storeReal(out, vals.Data, accs[:kept])
	}
	f := make([]byte, out.Size())
	storeReal(out, f, []A{finishReal(op, initReal[A](op), group, fill, group)})
	return Reduced{Keys: keys, Values: vals, Fill: f}
}

// compactComplex is compactReal for complex accumulators.
func compactComplex[I kernels.Index, C counter](op ReduceOp, accs []complex128, cnt []C, diff bool, kept int, group int64, fill complex128, out dtype.DType) Reduced {
	keys := dtype.UninitArray(indexDType[I](), []int64{int64(kept)})
	ks := dtype.AsSlice[I](keys)
	j := 0
	for g := range accs {
		c := int64(cnt[g])
		if diff {
			c = int64(cnt[g+1]) - c
		}
		if c > 0 {
			accs[j] = finishComplex(op, accs[g], group-c, fill, group)
			ks[j] = I(g)
			j++
		}
	}
	vals := dtype.UninitArray(out, []int64{int64(kept)})
	storeComplex(out, vals.Data, accs[:kept])
	f := make([]byte, out.Size())
	storeComplex(out, f, []complex128{finishComplex(op, initComplex(op), group, fill, group)})
	return Reduced{Keys: keys, Values: vals, Fill: f}
}

// storeReal narrows accumulators to the result dtype out (as
// dtype.StoreScalar would, without a Scalar per element).
func storeReal[A realAcc](out dtype.DType, dst []byte, src []A) {
	a := dtype.Array{DType: out, Shape: []int64{int64(len(src))}, Data: dst[:len(src)*out.Size()]}
	if narrowIntegers(src, a) {
		return
	}
	switch out {
	case dtype.Float32:
		narrowTo(src, dtype.AsSlice[float32](a))
	case dtype.Float64:
		narrowTo(src, dtype.AsSlice[float64](a))
	case dtype.Float16, dtype.BFloat16:
		h := dtype.AsSlice[uint16](a)
		for i, x := range src {
			if out == dtype.BFloat16 {
				h[i] = dtype.Float32ToBFloat16(float32(x))
			} else {
				h[i] = dtype.Float32ToFloat16(float32(x))
			}
		}
	default:
		panic("engine: storeReal to " + out.String())
	}
}

// storeComplex narrows complex accumulators to out: a complex dtype, or
// (any, count_nonzero) bool and int64 from the real part.
func storeComplex(out dtype.DType, dst []byte, src []complex128) {
	a := dtype.Array{DType: out, Shape: []int64{int64(len(src))}, Data: dst[:len(src)*out.Size()]}
	switch out {
	case dtype.Complex64:
		c := dtype.AsSlice[complex64](a)
		for i, x := range src {
			c[i] = complex64(x)
		}
	case dtype.Complex128:
		copy(dtype.AsSlice[complex128](a), src)
	default:
		re := make([]float64, len(src))
		for i, x := range src {
			re[i] = real(x)
		}
		storeReal(out, dst, re)
	}
}
