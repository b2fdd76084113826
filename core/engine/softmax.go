package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxSegments computes a numerically stable softmax (log: log_softmax)
// of each segment vals[pos[s]-pos[0] : pos[s+1]-pos[0]] over its stored
// values only, into a new array of vals' dtype (float32 or float64,
// computed in float64; ok is false for other dtypes). pos is an int32 or
// int64 array of segment bounds; the segments run in parallel.
func SoftmaxSegments(pos, vals dtype.Array, log bool) (dtype.Array, bool, error) {
	if vals.DType != dtype.Float64 && vals.DType != dtype.Float32 {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("softmax result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	switch {
	case pos.DType == dtype.Int32 && vals.DType == dtype.Float64:
		softmaxTyped(dtype.AsSlice[int32](pos), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), log)
	case pos.DType == dtype.Int32:
		softmaxTyped(dtype.AsSlice[int32](pos), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), log)
	case vals.DType == dtype.Float64:
		softmaxTyped(dtype.AsSlice[int64](pos), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), log)
	default:
		softmaxTyped(dtype.AsSlice[int64](pos), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), log)
	}
	return out, true, nil
}

// softmaxTyped runs the segments in parallel; each segment's result is
// computed the same way whatever the split: exponentials by kernels.Exp
// (a group of short segments or a block of a long one per call), each
// segment's sum added in order.
func softmaxTyped[I kernels.Index, V float32 | float64](pos []I, v, out []V, log bool) {
	segs := len(pos) - 1
	base := pos[0]
	parallel.ForRows(pos, int64(segs)+int64(pos[segs]-base), func(lo, hi int) {
		sc := expScratchPool.Get().(*expScratch)
		defer expScratchPool.Put(sc)
		for s := lo; s < hi; {
			a, b := pos[s]-base, pos[s+1]-base
			if b-a > expBlock {
				softmaxLong(v[a:b], out[a:b], sc, log)
				s++
				continue
			}
			e := s + 1 // rows [s, e) whose entries fit in one block together
			for e < hi && e-s < expBlock && pos[e+1]-base-a <= expBlock {
				e++
			}
			softmaxShort(pos[s:e+1], base, v, out, sc, log)
			s = e
		}
	})
}

// segmentMax is the max of x by math.Max's rules (NaN wins, +0 over -0),
// without its call per element; 0 for an empty or all -Inf x (exp(-Inf)
// is then 0, not NaN).
func segmentMax[V float32 | float64](x []V) float64 {
	m := math.Inf(-1)
	for _, e := range x {
		m = max(m, float64(e))
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	return m
}

// softmaxShort is the softmax of the rows bounded by pos (at most
// expBlock rows and entries): the shifted values of every row into one
// buffer, one kernels.Exp over it, then each row's sum and result.
func softmaxShort[I kernels.Index, V float32 | float64](pos []I, base I, v, out []V, sc *expScratch, log bool) {
	rows := len(pos) - 1
	a := pos[0] - base
	t := sc.t[:pos[rows]-base-a]
	for r := range rows {
		lo, hi := pos[r]-base, pos[r+1]-base
		m := segmentMax(v[lo:hi])
		sc.m[r] = m
		for k := lo; k < hi; k++ {
			t[k-a] = float64(v[k]) - m
		}
	}
	kernels.Exp(t, t)
	for r := range rows {
		sum := 0.0
		for _, e := range t[pos[r]-base-a : pos[r+1]-base-a] {
			sum += e
		}
		sc.s[r] = sum
	}
	if log {
		kernels.Log(sc.s[:rows], sc.s[:rows]) // math.Log's bits
	}
	for r := range rows {
		lo, hi := pos[r]-base, pos[r+1]-base
		m, s := sc.m[r], sc.s[r]
		for k := lo; k < hi; k++ {
			if log {
				out[k] = V(float64(v[k]) - m - s)
			} else {
				out[k] = V(t[k-a] / s)
			}
		}
	}
}

// softmaxLong is the softmax of one segment longer than a block: the sum
// a block at a time, then the results (softmax computes the exponentials
// again rather than keep a segment's worth).
func softmaxLong[V float32 | float64](x, y []V, sc *expScratch, log bool) {
	m := segmentMax(x)
	sum := 0.0
	for i := 0; i < len(x); i += expBlock {
		for _, e := range expShifted(sc.t[:], x[i:min(i+expBlock, len(x))], m) {
			sum += e
		}
	}
	if log {
		ls := math.Log(sum)
		for i, e := range x {
			y[i] = V(float64(e) - m - ls)
		}
		return
	}
	for i := 0; i < len(x); i += expBlock {
		for k, e := range expShifted(sc.t[:], x[i:min(i+expBlock, len(x))], m) {
			y[i+k] = V(e / sum)
		}
	}
}
