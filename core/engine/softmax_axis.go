package engine

import (
	"math"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SoftmaxAxis computes a numerically stable softmax (log: log_softmax)
// along the middle axis of vals read as (outer, n, inner) in row-major
// order: element (o, k, j) at vals[(o*n + k)*inner + j], each (o, j) one
// softmax over its n values, by SoftmaxSegments' formulas (the max
// subtracted, 0 for an all -Inf line, the sum in order), into a new array
// of vals' shape and dtype (float32 or float64; ok is false for others).
// It is a dense softmax over one dim of a hybrid tensor's values (torch's
// rule for a dense dim: each entry's block its own dense softmax).
func SoftmaxAxis(vals dtype.Array, n, inner int64, log bool) (dtype.Array, bool, error) {
	if vals.DType != dtype.Float64 && vals.DType != dtype.Float32 {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("softmax result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	if vals.Numel() == 0 {
		return out, true, nil
	}
	if vals.DType == dtype.Float64 {
		softmaxAxis(dtype.AsSlice[float64](vals), dtype.AsSlice[float64](out), int(n), int(inner), log)
	} else {
		softmaxAxis(dtype.AsSlice[float32](vals), dtype.AsSlice[float32](out), int(n), int(inner), log)
	}
	return out, true, nil
}

// softmaxAxis runs SoftmaxAxis' outer slices in parallel ranges, cut at
// multiples of a group (each line's result does not depend on the cut).
// Slices whose n x inner values fit a block run a group at a time, and a
// larger slice with n within a block its columns a block's width at a
// time (axisBlock: the lines side by side, as stored); a line longer than
// a block runs on its own, read in place (softmaxStrided).
func softmaxAxis[V float32 | float64](v, out []V, n, inner int, log bool) {
	seg := n * inner
	outer := len(v) / seg
	per := max(1, expBlock/seg) // slices a group
	parallel.ForEven(outer, per, int64(len(v)+outer), func(lo, hi int) {
		sc := expScratchPool.Get().(*expScratch)
		defer expScratchPool.Put(sc)
		switch {
		case seg <= expBlock:
			for g := lo; g < hi; g += per {
				e := min(g+per, hi)
				axisBlock(v[g*seg:e*seg], out[g*seg:e*seg], n, inner, 0, inner, sc, log)
			}
		case n <= expBlock:
			w := expBlock / n // columns a block
			for o := lo; o < hi; o++ {
				for j := 0; j < inner; j += w {
					axisBlock(v[o*seg:(o+1)*seg], out[o*seg:(o+1)*seg], n, inner, j, min(j+w, inner), sc, log)
				}
			}
		default:
			for o := lo; o < hi; o++ {
				for j := range inner {
					softmaxStrided(v[o*seg+j:], out[o*seg+j:], n, inner, sc, log)
				}
			}
		}
	})
}

// axisBlock is the softmax of the lines of columns [j0, j1) of the
// (slices, n, inner) values v (slices x n x (j1 - j0) at most a block),
// by softmaxShort's formulas and bits: each line's max, the shifted
// values of all lines through one kernels.Exp (in sc.t as
// (slices, n, j1 - j0)), each line's sum in k order, then the results.
func axisBlock[V float32 | float64](v, out []V, n, inner, j0, j1 int, sc *expScratch, log bool) {
	if inner == 1 {
		axisLines(v, out, n, sc, log)
		return
	}
	w, seg := j1-j0, n*inner
	slices := len(v) / seg
	lines := slices * w
	m, s, t := sc.m[:lines], sc.s[:lines], sc.t[:lines*n]
	for o := range slices {
		mo := m[o*w : (o+1)*w]
		for j := range mo {
			mo[j] = math.Inf(-1)
		}
		for k := range n {
			for j, e := range v[o*seg+k*inner+j0 : o*seg+k*inner+j1] {
				mo[j] = max(mo[j], float64(e))
			}
		}
		for j, x := range mo {
			if math.IsInf(x, -1) {
				mo[j] = 0
			}
		}
		for k := range n {
			to := t[(o*n+k)*w : (o*n+k+1)*w]
			for j, e := range v[o*seg+k*inner+j0 : o*seg+k*inner+j1] {
				to[j] = float64(e) - mo[j]
			}
		}
	}
	kernels.Exp(t, t)
	for l := range s {
		s[l] = 0
	}
	for o := range slices {
		so := s[o*w : (o+1)*w]
		for k := range n {
			for j, e := range t[(o*n+k)*w : (o*n+k+1)*w] {
				so[j] += e
			}
		}
	}
	if log {
		kernels.Log(s, s) // math.Log's bits
	}
	for o := range slices {
		mo, so := m[o*w:(o+1)*w], s[o*w:(o+1)*w]
		for k := range n {
			x, y := v[o*seg+k*inner+j0:o*seg+k*inner+j1], out[o*seg+k*inner+j0:o*seg+k*inner+j1]
			if log {
				for j, e := range x {
					y[j] = V(float64(e) - mo[j] - so[j])
				}
				continue
			}
			for j, e := range t[(o*n+k)*w : (o*n+k+1)*w] {
				y[j] = V(e / so[j])
			}
		}
	}
}

// axisLines is axisBlock for inner 1: v holds whole lines of n values,
// one after the other (at most a block), each line's work in flat loops.
func axisLines[V float32 | float64](v, out []V, n int, sc *expScratch, log bool) {
	lines := len(v) / n
	t := sc.t[:len(v)]
	for l := range lines {
		x, tl := v[l*n:l*n+n], t[l*n:l*n+n]
		m := math.Inf(-1)
		for _, e := range x {
			m = max(m, float64(e))
		}
		if math.IsInf(m, -1) {
			m = 0
		}
		sc.m[l] = m
		for k, e := range x {
			tl[k] = float64(e) - m
		}
	}
	kernels.Exp(t, t)
	for l := range lines {
		sum := 0.0
		for _, e := range t[l*n : l*n+n] {
			sum += e
		}
		sc.s[l] = sum
	}
	if log {
		kernels.Log(sc.s[:lines], sc.s[:lines])
	}
	for l := range lines {
		m, sum := sc.m[l], sc.s[l]
		x, y := v[l*n:l*n+n], out[l*n:l*n+n]
		if log {
			for k, e := range x {
				y[k] = V(float64(e) - m - sum)
			}
			continue
		}
		for k, e := range t[l*n : l*n+n] {
			y[k] = V(e / sum)
		}
	}
}
