package ops

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// zipOnto's float64 add, sub and mul over a DIA-like or row-walked custom
// operand compute as they gather: one pass writes the result's values
// (no gathered array, no second pass), each element computed as
// engine.MergeValues computes it (x*y; x + y; x + alpha*y with alpha -1
// for sub, exact products; another alpha is left to MergeValues, see
// newF64Op), so the two routes agree bit for bit.

// f64Op is one of those ops, the custom operand first or second.
type f64Op struct {
	mul         bool
	alpha       float64
	customFirst bool
}

// newF64Op is the op of mop with margs' alpha; ok is false for an add
// whose alpha is not 1 or -1: that sum rounds once (fma(alpha, y, x), as
// torch), which engine.MergeValues computes, so the fused gathers decline
// it and their loops keep x + y and x + alpha*y (exact products) only.
func newF64Op(mop engine.MergeOp, margs engine.MergeArgs, customFirst bool) (f64Op, bool) {
	op := f64Op{mul: mop == engine.MergeMul, alpha: 1, customFirst: customFirst}
	if margs.Alpha != nil {
		op.alpha = margs.Alpha.Re()
	}
	return op, op.mul || op.alpha == 1 || op.alpha == -1
}

// apply is the op of the custom operand's value c and the named one's r.
func (o f64Op) apply(c, r float64) float64 {
	x, y := c, r
	if !o.customFirst {
		x, y = r, c
	}
	switch {
	case o.mul:
		return x * y
	case o.alpha == 1:
		return x + y
	}
	return x + o.alpha*y
}

// fusedOnto is zipOnto's result computed in the gather where the values
// are float64 and custom is DIA-like or row-walked; ok is false (nothing
// done) otherwise, or where custom holds a value other than its fill
// outside named's pattern.
func fusedOnto(mop engine.MergeOp, margs engine.MergeArgs, custom, named *tensor.Tensor, target tensor.Layout, customFirst bool) (*tensor.Tensor, bool, error) {
	op, ok := newF64Op(mop, margs, customFirst)
	if !ok || custom.DType() != dtype.Float64 {
		return nil, false, nil
	}
	u, err := custom.USTStorage()
	if err != nil {
		return nil, false, err
	}
	outer := 0
	if target == tensor.CSC {
		outer = 1
	}
	lv := named.Levels()[1]
	fill := word[uint64](custom.FillElem())
	vals := dtype.AsSlice[uint64](u.Values)
	rv := dtype.AsSlice[float64](named.Values())[:named.NNZ()]
	out := dtype.UninitArray(dtype.Float64, []int64{named.NNZ()})
	ov := dtype.AsSlice[float64](out)[:named.NNZ()]
	var matched, total int64
	if s, isDIA := diaSlotsOf(u, custom.Dims(), outer); isDIA {
		total = s.nonFill(func(lo, hi int64) int64 { return countNot(vals[lo:hi], fill) })
		if lv.Pos.DType == dtype.Int32 {
			matched = fusedDIA(s, dtype.AsSlice[int32](lv.Pos), dtype.AsSlice[int32](lv.Crd), vals, fill, rv, ov, op)
		} else {
			matched = fusedDIA(s, dtype.AsSlice[int64](lv.Pos), dtype.AsSlice[int64](lv.Crd), vals, fill, rv, ov, op)
		}
	} else if w, isWalk := rowWalkOf(u, custom.Dims(), outer); isWalk {
		total = countNot(vals[:w.slots], fill)
		matched, ok = fusedWalkOf(w, lv.Pos, lv.Crd, vals, fill, rv, ov, op)
	} else {
		return nil, false, nil
	}
	if !ok || matched != total {
		return nil, false, nil
	}
	fa, fb := custom.FillElem(), named.FillElem()
	if !customFirst {
		fa, fb = fb, fa
	}
	one := func(f []byte) dtype.Array { // an aligned copy: f may start anywhere
		x := dtype.NewArray(dtype.Float64, []int64{1})
		copy(x.Data, f)
		return x
	}
	_, rfill, ok, err := engine.MergeValues(mop, margs, one(fa), one(fb), fa, fb)
	if !ok || err != nil {
		return nil, ok, err
	}
	return tensor.Revalue(named, out, rfill), true, nil
}

// fusedDIA is gatherDIA writing op(value, rv[e]) into out instead of the value.
func fusedDIA[I int32 | int64](s *diaSlots, pos, crd []I, vals []uint64, fill uint64, rv, out []float64, op f64Op) int64 {
	diag, so, si, size, rOuter := s.diag, s.so, s.si, s.size, s.rOuter
	n, _ := rowParts(int64(len(pos)-1), int64(len(crd)), func(lo, hi int64) (int64, bool) {
		var moved int64
		for x := lo; x < hi; x++ {
			vx := so*x - s.vlo
			a, b := int64(pos[x]), int64(pos[x+1])
			row, r, o := crd[a:b], rv[a:b], out[a:b]
			r, o = r[:len(row)], o[:len(row)]
			for e, c := range row {
				y := int64(c)
				w := fill
				if t := vx + si*y; uint64(t) < uint64(len(diag)) {
					if k := int64(diag[t]); k >= 0 {
						at := y
						if rOuter {
							at = x
						}
						w = vals[k*size+at]
					}
				}
				o[e] = op.apply(math.Float64frombits(w), r[e])
				if w != fill {
					moved++
				}
			}
		}
		return moved, true
	})
	return n
}

// fusedWalkOf is fusedWalk over the index widths of the pattern and w.
func fusedWalkOf(w *rowWalk, pos, crd dtype.Array, vals []uint64, fill uint64, rv, out []float64, op f64Op) (int64, bool) {
	switch {
	case pos.DType == dtype.Int32 && w.pos.DType == dtype.Int32:
		return fusedWalk(w, dtype.AsSlice[int32](w.pos), dtype.AsSlice[int32](w.crd), dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), vals, fill, rv, out, op)
	case pos.DType == dtype.Int32:
		return fusedWalk(w, dtype.AsSlice[int64](w.pos), dtype.AsSlice[int64](w.crd), dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), vals, fill, rv, out, op)
	case w.pos.DType == dtype.Int32:
		return fusedWalk(w, dtype.AsSlice[int32](w.pos), dtype.AsSlice[int32](w.crd), dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), vals, fill, rv, out, op)
	}
	return fusedWalk(w, dtype.AsSlice[int64](w.pos), dtype.AsSlice[int64](w.crd), dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), vals, fill, rv, out, op)
}

// fusedWalk is gatherWalk writing op(value, rv[e]) into out instead of the value.
func fusedWalk[I, J int32 | int64](w *rowWalk, wpos, wcrd []J, pos, crd []I, vals []uint64, fill uint64, rv, out []float64, op f64Op) (int64, bool) {
	block, bxs, bys, delta, xMajor := w.bx*w.by, w.bx, w.by, w.delta, w.xMajor
	dx, dy := newBlockDiv(bxs), newBlockDiv(bys)
	return rowParts(int64(len(pos)-1), int64(len(crd)), func(lo, hi int64) (int64, bool) {
		var moved int64
		for x := lo; x < hi; x++ {
			bx, ox := dx.split(x)
			q, qe := int64(wpos[bx]), int64(wpos[bx+1])
			c := int64(-1) // the segment's coordinate at q (delta's gaps decoded)
			if q < qe {
				c = int64(wcrd[q])
			}
			a, b := int64(pos[x]), int64(pos[x+1])
			row, r, o := crd[a:b], rv[a:b], out[a:b]
			r, o = r[:len(row)], o[:len(row)]
			prev := int64(-1)
			for e, cc := range row {
				y := int64(cc)
				if y <= prev {
					return 0, false
				}
				prev = y
				by, oy := dy.split(y)
				for q < qe && c < by {
					if q++; q < qe {
						next := int64(wcrd[q])
						if delta {
							next += c + 1
						}
						c = next
					}
				}
				v := fill
				if q < qe && c == by {
					slot := q*block + ox*bys + oy
					if !xMajor {
						slot = q*block + oy*bxs + ox
					}
					v = vals[slot]
				}
				o[e] = op.apply(math.Float64frombits(v), r[e])
				if v != fill {
					moved++
				}
			}
		}
		return moved, true
	})
}
