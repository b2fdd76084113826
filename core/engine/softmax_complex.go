package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// ComplexMath is the complex exponential and logarithm a complex softmax
// computes with: core/ops passes its C99 Annex G functions (the engine
// holds no complex elementary functions of its own).
type ComplexMath struct{ Exp, Log func(complex128) complex128 }

// The complex softmax (torch refuses it; this is the defined one):
// softmax(z)_k = exp(z_k) / sum_j exp(z_j) over a group, computed in
// complex128 (complex64 values rounded once at the end) with the group's
// largest real part m subtracted first (exp(-m) cancels: the quotient is
// unchanged, nothing overflows), m = 0 for an all -Inf group;
// log_softmax(z)_k = z_k - m - log(sum_j exp(z_j - m)). Each group's sum
// runs in the order of its entries' coordinate along the dim, so the
// results are the bits of the COO route's before the engine.

// SoftmaxComplexSegments is SoftmaxSegmentsBlocked of complex64 or
// complex128 values: each dense element of each segment of pos (int32 or
// int64 bounds) its own complex softmax, the segments in parallel. ok is
// false for other dtypes.
func SoftmaxComplexSegments(pos, vals dtype.Array, block int64, log bool, cm ComplexMath) (dtype.Array, bool, error) {
	if !vals.DType.IsComplex() {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("softmax result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if block == 0 || vals.Numel() == 0 {
		return out, true, nil
	}
	switch {
	case pos.DType == dtype.Int32 && vals.DType == dtype.Complex128:
		complexSegments(dtype.AsSlice[int32](pos), dtype.AsSlice[complex128](vals), dtype.AsSlice[complex128](out), int(block), log, cm)
	case pos.DType == dtype.Int32:
		complexSegments(dtype.AsSlice[int32](pos), dtype.AsSlice[complex64](vals), dtype.AsSlice[complex64](out), int(block), log, cm)
	case vals.DType == dtype.Complex128:
		complexSegments(dtype.AsSlice[int64](pos), dtype.AsSlice[complex128](vals), dtype.AsSlice[complex128](out), int(block), log, cm)
	default:
		complexSegments(dtype.AsSlice[int64](pos), dtype.AsSlice[complex64](vals), dtype.AsSlice[complex64](out), int(block), log, cm)
	}
	return out, true, nil
}

func complexSegments[I kernels.Index, C complex64 | complex128](pos []I, v, out []C, block int, log bool, cm ComplexMath) {
	segs := len(pos) - 1
	base := pos[0]
	parallel.ForRows(pos, int64(segs)+int64(pos[segs]-base)*int64(block), func(lo, hi int) {
		var e [expBlock]complex128
		for s := lo; s < hi; s++ {
			a, n := int(pos[s]-base), int(pos[s+1]-pos[s])
			if n == 0 {
				continue
			}
			for j := range block {
				complexLine(v[a*block+j:], out[a*block+j:], n, block, &e, log, cm)
			}
		}
	})
}

// SoftmaxComplexAxis is SoftmaxAxis of complex64 or complex128 values:
// vals read as (outer, n, inner), each (o, j) line of n values its own
// complex softmax, the outer slices in parallel. ok is false for other
// dtypes.
func SoftmaxComplexAxis(vals dtype.Array, n, inner int64, log bool, cm ComplexMath) (dtype.Array, bool, error) {
	if !vals.DType.IsComplex() {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("softmax result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if vals.Numel() == 0 {
		return out, true, nil
	}
	if vals.DType == dtype.Complex128 {
		complexAxis(dtype.AsSlice[complex128](vals), dtype.AsSlice[complex128](out), int(n), int(inner), log, cm)
	} else {
		complexAxis(dtype.AsSlice[complex64](vals), dtype.AsSlice[complex64](out), int(n), int(inner), log, cm)
	}
	return out, true, nil
}

func complexAxis[C complex64 | complex128](v, out []C, n, inner int, log bool, cm ComplexMath) {
	seg := n * inner
	outer := len(v) / seg
	parallel.ForEven(outer, 1, int64(len(v)), func(lo, hi int) {
		var e [expBlock]complex128
		for o := lo; o < hi; o++ {
			for j := range inner {
				complexLine(v[o*seg+j:], out[o*seg+j:], n, inner, &e, log, cm)
			}
		}
	})
}

// SoftmaxComplexScatter is SoftmaxScatter of complex64 or complex128
// values of a coalesced COO tensor, hybrid or not (vals (entries,
// *dense)): each dense element of the entries that share every sparse
// coordinate but dim's is a group, its largest real part and its sum
// accumulated in one pair a group and dense element, in storage order. ok
// is false for other dtypes, or where the groups outnumber the entries by
// far (as SoftmaxScatter's).
func SoftmaxComplexScatter(indices dtype.Array, shape []int64, dim int, vals dtype.Array, log bool, cm ComplexMath) (dtype.Array, bool, error) {
	if !vals.DType.IsComplex() {
		return dtype.Array{}, false, nil
	}
	n := vals.Shape[0]
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
	block := dtype.NumelOf(vals.Shape[1:])
	// A max and a sum a group and dense element, and the result.
	held := budget.Add(budget.Mul(budget.Mul(groups, block), 24), budget.Mul(vals.Numel(), int64(vals.DType.Size())))
	if err := budget.CheckBytes("softmax accumulators", held); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if vals.Numel() == 0 {
		return out, true, nil
	}
	switch {
	case indices.DType == dtype.Int32 && vals.DType == dtype.Complex128:
		complexScatter(dtype.AsSlice[int32](indices), strides, groups, int(block), dtype.AsSlice[complex128](vals), dtype.AsSlice[complex128](out), log, cm)
	case indices.DType == dtype.Int32:
		complexScatter(dtype.AsSlice[int32](indices), strides, groups, int(block), dtype.AsSlice[complex64](vals), dtype.AsSlice[complex64](out), log, cm)
	case vals.DType == dtype.Complex128:
		complexScatter(dtype.AsSlice[int64](indices), strides, groups, int(block), dtype.AsSlice[complex128](vals), dtype.AsSlice[complex128](out), log, cm)
	default:
		complexScatter(dtype.AsSlice[int64](indices), strides, groups, int(block), dtype.AsSlice[complex64](vals), dtype.AsSlice[complex64](out), log, cm)
	}
	return out, true, nil
}

// complexScatter runs SoftmaxComplexScatter's three passes over the
// entries, each computing its keys a block at a time: the maxima, the sums
// (both in storage order, on one goroutine), then the results in parallel
// chunks (each its own, the split changes nothing).
func complexScatter[I kernels.Index, C complex64 | complex128](idx []I, strides []int64, groups int64, block int, v, out []C, log bool, cm ComplexMath) {
	n := len(v) / block
	mx := make([]float64, groups*int64(block))
	for g := range mx {
		mx[g] = math.Inf(-1)
	}
	var keys [expBlock]int64
	for lo := 0; lo < n; lo += expBlock {
		ks := keys[:min(expBlock, n-lo)]
		groupKeys(idx, strides, n, lo, ks)
		for k, g := range ks {
			for j := range block {
				a := int(g)*block + j
				mx[a] = math.Max(mx[a], real(complex128(v[(lo+k)*block+j])))
			}
		}
	}
	for g, m := range mx {
		if math.IsInf(m, -1) {
			mx[g] = 0
		}
	}
	sum := make([]complex128, len(mx))
	for lo := 0; lo < n; lo += expBlock {
		ks := keys[:min(expBlock, n-lo)]
		groupKeys(idx, strides, n, lo, ks)
		for k, g := range ks {
			for j := range block {
				a := int(g)*block + j
				sum[a] += cm.Exp(complex128(v[(lo+k)*block+j]) - complex(mx[a], 0))
			}
		}
	}
	if log {
		for g, s := range sum {
			sum[g] = cm.Log(s)
		}
	}
	parallel.ForChunks(n, keyChunk, func(_, lo, hi int) {
		var keys [expBlock]int64
		for b := lo; b < hi; b += expBlock {
			ks := keys[:min(expBlock, hi-b)]
			groupKeys(idx, strides, n, b, ks)
			for k, g := range ks {
				for j := range block {
					a, e := int(g)*block+j, (b+k)*block+j
					z := complex128(v[e]) - complex(mx[a], 0)
					if log {
						out[e] = C(z - sum[a])
					} else {
						out[e] = C(cm.Exp(z) / sum[a])
					}
				}
			}
		}
	})
}

// complexLine is the complex softmax of the n values x[0], x[stride],
// ..., written to y at the same offsets. The exponentials are kept in e
// (the caller's scratch) where n fits it, else computed again for the
// results: the same bits either way.
func complexLine[C complex64 | complex128](x, y []C, n, stride int, e *[expBlock]complex128, log bool, cm ComplexMath) {
	m := math.Inf(-1)
	for k := range n {
		m = math.Max(m, real(complex128(x[k*stride])))
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	keep := n <= expBlock && !log
	var sum complex128
	for k := range n {
		w := cm.Exp(complex128(x[k*stride]) - complex(m, 0))
		if keep {
			e[k] = w
		}
		sum += w
	}
	if log {
		ls := cm.Log(sum)
		for k := range n {
			y[k*stride] = C(complex128(x[k*stride]) - complex(m, 0) - ls)
		}
		return
	}
	if keep {
		for k, w := range e[:n] {
			y[k*stride] = C(w / sum)
		}
		return
	}
	for k := range n {
		y[k*stride] = C(cm.Exp(complex128(x[k*stride])-complex(m, 0)) / sum)
	}
}
