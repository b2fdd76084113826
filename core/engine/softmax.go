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

func softmaxTyped[I kernels.Index, V float32 | float64](pos []I, v, out []V, log bool) {
	segs := len(pos) - 1
	base := pos[0]
	parallel.ForRows(pos, int64(segs)+int64(pos[segs]-base), func(lo, hi int) {
		for s := lo; s < hi; s++ {
			x, y := v[pos[s]-base:pos[s+1]-base], out[pos[s]-base:pos[s+1]-base]
			y = y[:len(x)]
			m := math.Inf(-1)
			for _, e := range x {
				m = max(m, float64(e)) // math.Max's rules (NaN wins, +0 over -0), without its call per element
			}
			if math.IsInf(m, -1) {
				m = 0
			}
			sum := 0.0
			for _, e := range x {
				sum += math.Exp(float64(e) - m)
			}
			if log {
				ls := math.Log(sum)
				for i, e := range x {
					y[i] = V(float64(e) - m - ls)
				}
			} else {
				for i, e := range x {
					y[i] = V(math.Exp(float64(e)-m) / sum)
				}
			}
		}
	})
}
