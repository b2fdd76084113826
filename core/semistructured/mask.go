package semistructured

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// Mask returns the n:m magnitude mask of dense, a bool array of its shape:
// in every strip of m consecutive elements along the last dimension it
// keeps the n of largest absolute value, ties to the lower column, NaN
// above every number (as torch.topk ranks it). dense has a real dtype and
// at least one dimension whose last is a multiple of m; 0 <= n <= m.
// This is the mask torch.ao.pruning's WeightNormSparsifier with 1 x m
// blocks gives, without its block selection: every strip is pruned.
func Mask(dense dtype.Array, n, m int) (dtype.Array, error) {
	if m < 1 || n < 0 || n > m {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "n, m: %d:%d must have 1 <= m and 0 <= n <= m", n, m)
	}
	if dense.DType.IsComplex() || dense.DType == dtype.Bool || !dense.DType.Valid() {
		return dtype.Array{}, errs.Errorf(errs.ErrDType, "dense: dtype %s has no magnitude order; a mask needs a real dtype", dense.DType)
	}
	if len(dense.Shape) == 0 {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument, "dense: a 0-d tensor has no strips; it needs at least 1 dimension")
	}
	if last := dense.Shape[len(dense.Shape)-1]; last%int64(m) != 0 {
		return dtype.Array{}, errs.Errorf(errs.ErrInvalidArgument,
			"dense: shape %v: the last dimension %d must be a multiple of m = %d", dense.Shape, last, m)
	}
	if err := checkData("dense", dense); err != nil {
		return dtype.Array{}, err
	}
	out := dtype.NewArray(dtype.Bool, dense.Shape)
	keep := dtype.AsSlice[uint8](out)
	mags := magnitudes(dense)
	order := make([]int, m)
	for s := 0; s < len(keep); s += m {
		strip := mags[s : s+m]
		for i := range order {
			order[i] = i
		}
		// Stable: equal magnitudes keep column order, so ties go to the lower column.
		slices.SortStableFunc(order, func(a, b int) int { return compareDesc(strip[a], strip[b]) })
		for _, i := range order[:n] {
			keep[s+i] = 1
		}
	}
	return out, nil
}

// magnitude orders elements by absolute value: exact for integers (mag is
// |x| as uint64), float64 for floating point with NaN above +Inf.
type magnitude struct {
	f   float64
	u   uint64
	nan bool
}

// compareDesc orders larger magnitudes first.
func compareDesc(a, b magnitude) int {
	switch {
	case a.nan != b.nan:
		if a.nan {
			return -1
		}
		return 1
	case a.u != b.u:
		if a.u > b.u {
			return -1
		}
		return 1
	case a.f != b.f:
		if a.f > b.f {
			return -1
		}
		return 1
	}
	return 0
}

func magnitudes(a dtype.Array) []magnitude {
	n := a.Numel()
	out := make([]magnitude, n)
	for i := range n {
		v := a.Complex(i)
		if a.DType.IsInteger() {
			x := v.Int()
			u := uint64(x)
			if x < 0 {
				u = -u
			}
			out[i] = magnitude{u: u}
			continue
		}
		f := math.Abs(v.Re())
		out[i] = magnitude{f: f, nan: math.IsNaN(f)}
	}
	return out
}

// Prune returns a copy of dense with every strip pruned to its dtype's
// semi-structured pattern (2 of 4 for float16, bfloat16 and int8, 1 of 2
// for float32): the elements outside Mask are set to zero, so that
// FromDense accepts the result whenever the shape is one torch accepts.
func Prune(dense dtype.Array) (dtype.Array, error) {
	l, err := layoutOf("dense", dense.DType)
	if err != nil {
		return dtype.Array{}, err
	}
	mask, err := Mask(dense, l.n, l.m)
	if err != nil {
		return dtype.Array{}, err
	}
	out := dtype.NewArray(dense.DType, dense.Shape)
	copy(out.Data, dense.Data)
	esz := dense.DType.Size()
	for i, k := range dtype.AsSlice[uint8](mask) {
		if k == 0 {
			clear(out.Data[i*esz : (i+1)*esz])
		}
	}
	return out, nil
}
