package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// customTimesBroadcast is sparseTimesBroadcast's map for a custom-format s
// of a format with unique coordinates (A * row, A / row): the result keeps s's
// format and structure (pos and crd shared, tensors being immutable), each
// stored element inside the tensor (walkElements: a DIA's column from its
// diagonal's offset, any other format's from one level walk) meeting d at
// its coordinates, with the fill rule of the named layouts' path
// (broadcastResultFill). Only those elements meet
// d, computed in place over s's values widened (one array of its slots,
// beside the result's): a padding slot outside the tensor holds the
// result's fill and is never divided (its coordinates are none of d's), so
// an integer zero divisor raises exactly where a stored element meets it,
// as on CSR. ok is false
// where the format repeats coordinates (floor_divide of a sum is not the
// sum of floor_divides) or the fill rule declines (the general route).
func customTimesBroadcast(op string, bf binFuncs, s, d *tensor.Tensor, denseFirst bool, dom domain, out dtype.DType) (*tensor.Tensor, bool, error) {
	u, err := s.USTStorage()
	if err != nil || !u.Format.IsUnique() || s.PerSlotFill() || s.UndefinedFill() {
		return nil, false, nil
	}
	dv := loadVec(d.Values(), dom)
	fill, ok := broadcastResultFill(op, bf, s, dv, denseFirst, dom)
	if !ok {
		return nil, false, nil
	}
	n := u.Values.Numel()
	if err := errs.CheckAlloc("broadcast", n, 8); err != nil {
		return nil, true, err
	}
	st := engine.BroadcastStrides(d.Dims(), s.Dims())
	v := loadVec(u.Values, dom) // each visited slot's result overwrites its value
	seen := make([]uint64, (n+63)/64)
	zeroDiv := false
	var visit func(at []int64, p int64)
	switch dom {
	case domInt:
		f := bf.integ
		if bf.divides {
			f = func(x, y int64) int64 {
				if y == 0 {
					zeroDiv = true
					return 0
				}
				return bf.integ(x, y)
			}
		}
		visit = broadcastVisit(v.i, dv.i, f, st, seen, denseFirst)
	case domReal:
		visit = broadcastVisit(v.f, dv.f, bf.real, st, seen, denseFirst)
	default:
		visit = broadcastVisit(v.c, dv.c, bf.cplx, st, seen, denseFirst)
	}
	err = walkElements(s, u, visit)
	if err != nil {
		return nil, true, err
	}
	if zeroDiv { // applyBinary's refusal, for the elements that meet a zero divisor only
		return nil, true, errs.Errorf(errs.ErrInvalidArgument, "%s: ZeroDivisionError (an integer divisor element is 0)", op)
	}
	for p := int64(0); p < n; p++ { // the padding (slots outside the tensor) holds the result's fill
		if seen[p>>6]&(1<<(p&63)) == 0 {
			copyVecAt(v, p, fill)
		}
	}
	r, err := tensor.CustomWithValues(s, v.store(out, []int64{n}), fill.store(out, []int64{1}).Data)
	return r, true, err
}

// copyVecAt sets v's element p to w's first.
func copyVecAt(v vec, p int64, w vec) {
	switch v.dom {
	case domInt:
		v.i[p] = w.i[0]
	case domReal:
		v.f[p] = w.f[0]
	default:
		v.c[p] = w.c[0]
	}
}

// broadcastVisit is customTimesBroadcast's visit of one element of s at
// coordinates at, slot p: v[p] becomes f(v[p], d[o]) (f(d[o], v[p]) when
// denseFirst), o being at's offset in d by the strides st, and p is marked
// seen.
func broadcastVisit[T int64 | float64 | complex128](v, d []T, f func(x, y T) T, st []int64, seen []uint64, denseFirst bool) func(at []int64, p int64) {
	return func(at []int64, p int64) {
		o := int64(0)
		for k, c := range at {
			o += c * st[k]
		}
		seen[p>>6] |= 1 << (p & 63)
		if denseFirst {
			v[p] = f(d[o], v[p])
		} else {
			v[p] = f(v[p], d[o])
		}
	}
}
