package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxSegmentsBlocked is SoftmaxSegments over the values of a hybrid
// tensor, block elements an entry (entry k's dense element j at
// vals[k*block + j]): each dense element of each segment is its own
// softmax over the segment's entries, by SoftmaxSegments' formulas (the
// same bits as SoftmaxSegments of that element's values alone). block 1
// is SoftmaxSegments.
func SoftmaxSegmentsBlocked(pos, vals dtype.Array, block int64, log bool) (dtype.Array, bool, error) {
	if block == 1 {
		return SoftmaxSegments(pos, vals, log)
	}
	if vals.DType != dtype.Float64 && vals.DType != dtype.Float32 {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("softmax result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if block == 0 {
		return out, true, nil
	}
	switch {
	case pos.DType == dtype.Int32 && vals.DType == dtype.Float64:
		softmaxBlocked(dtype.AsSlice[int32](pos), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), int(block), log)
	case pos.DType == dtype.Int32:
		softmaxBlocked(dtype.AsSlice[int32](pos), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), int(block), log)
	case vals.DType == dtype.Float64:
		softmaxBlocked(dtype.AsSlice[int64](pos), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), int(block), log)
	default:
		softmaxBlocked(dtype.AsSlice[int64](pos), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), int(block), log)
	}
	return out, true, nil
}

// softmaxBlocked runs the segments in parallel ranges. Consecutive
// segments whose L entries x block elements fit a block together are
// transposed into block rows of L values each and computed as one
// softmaxShort group of rows; a longer one runs each dense element on its
// own, read in place (softmaxStrided). Each row's result is the same
// whatever the grouping.
func softmaxBlocked[I kernels.Index, V float32 | float64](pos []I, v, out []V, block int, log bool) {
	segs := len(pos) - 1
	base := pos[0]
	parallel.ForRows(pos, int64(segs)+int64(pos[segs]-base)*int64(block), func(lo, hi int) {
		sc := expScratchPool.Get().(*expScratch)
		defer expScratchPool.Put(sc)
		var x, y [expBlock]V
		var rows [expBlock + 1]int64
		for s := lo; s < hi; {
			a, n := int(pos[s]-base), int(pos[s+1]-pos[s])
			if n*block > expBlock {
				for j := range block {
					softmaxStrided(v[a*block+j:], out[a*block+j:], n, block, sc, log)
				}
				s++
				continue
			}
			e, used := s, 0 // the group: segments [s, e), used values
			for ; e < hi; e++ {
				a, n := int(pos[e]-base), int(pos[e+1]-pos[e])
				if used+n*block > expBlock {
					break
				}
				for j := range block {
					for k := range n {
						x[used+j*n+k] = v[(a+k)*block+j]
					}
				}
				used += n * block
			}
			r, off := 0, 0 // the group's rows: each segment's block rows of its n values
			for g := s; g < e; g++ {
				n := int(pos[g+1] - pos[g])
				if n == 0 {
					continue
				}
				for range block {
					rows[r] = int64(off)
					r, off = r+1, off+n
				}
			}
			rows[r] = int64(off)
			if r > 0 {
				softmaxShort(rows[:r+1], 0, x[:], y[:], sc, log)
			}
			off = 0
			for g := s; g < e; g++ {
				a, n := int(pos[g]-base), int(pos[g+1]-pos[g])
				for j := range block {
					for k := range n {
						out[(a+k)*block+j] = y[off+j*n+k]
					}
				}
				off += n * block
			}
			s = e
		}
	})
}

// softmaxStrided is softmaxLong of the n values x[0], x[stride], ...,
// written to y at the same offsets: the exponentials a block at a time
// through sc.t (computed again for the results, as softmaxLong does).
func softmaxStrided[V float32 | float64](x, y []V, n, stride int, sc *expScratch, log bool) {
	m := math.Inf(-1)
	for k := range n {
		m = max(m, float64(x[k*stride]))
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	exps := func(i int) []float64 { // exp(x - m) of elements [i, i + expBlock)
		t := sc.t[:min(expBlock, n-i)]
		for k := range t {
			t[k] = float64(x[(i+k)*stride]) - m
		}
		kernels.Exp(t, t)
		return t
	}
	sum := 0.0
	for i := 0; i < n; i += expBlock {
		for _, e := range exps(i) {
			sum += e
		}
	}
	if log {
		ls := math.Log(sum)
		for k := range n {
			y[k*stride] = V(float64(x[k*stride]) - m - ls)
		}
		return
	}
	for i := 0; i < n; i += expBlock {
		for k, e := range exps(i) {
			y[(i+k)*stride] = V(e / sum)
		}
	}
}
