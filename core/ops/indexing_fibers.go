package ops

import (
	"cmp"
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// select and narrow_copy of a custom-format tensor on a dim that is not
// level 0's own (DIA's rows, BSR's i / 2 and i % 2, a batched DIA's rows):
// a walk of the storage's last-level fibers (ustorage.Fibers), each
// fiber's coordinate along dim an arithmetic run of its level coordinate,
// so a fiber whose coordinates along dim change (a DIA's diagonal) is cut
// to the elements in the slice by a division, never read element by
// element, and one whose coordinate is constant is taken whole or skipped.
// A DIA's row is then one entry per diagonal, found in O(diagonals). The
// picked elements' keys (linear over the result's dims) are sorted, and
// the result is the coalesced COO of the old route, through the COO form,
// with t's fill. ok is false for repeated coordinates, dense dims, a per-slot or undefined fill, a 1-d
// tensor's select (a 0-d result is strided), or a result too large to
// key in an int64.

// fiberPick is an element a fiber walk picked: its key over the result's
// dims and its value slot.
type fiberPick struct{ key, slot int64 }

// fibersApply reports whether selectFibers and narrowFibers run on t.
func fibersApply(t *tensor.Tensor) bool {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() || t.DenseDim() != 0 {
		return false
	}
	u, err := t.USTStorage()
	return err == nil && u.Format.IsUnique()
}

// selectFibers is Select of index along dim through pickFibers.
func selectFibers(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, bool, error) {
	if t.NDim() < 2 || !fibersApply(t) {
		return nil, false, nil
	}
	shape := slices.Delete(slices.Clone(t.Dims()), dim, dim+1)
	return pickFibers(t, dim, index, 1, shape, func(d int) int {
		if d < dim {
			return d
		}
		return d - 1
	})
}

// narrowFibers is NarrowCopy of [start, start+length) along dim through
// pickFibers.
func narrowFibers(t *tensor.Tensor, dim int, start, length int64) (*tensor.Tensor, bool, error) {
	if !fibersApply(t) {
		return nil, false, nil
	}
	shape := slices.Clone(t.Dims())
	shape[dim] = length
	return pickFibers(t, dim, start, length, shape, func(d int) int { return d })
}

// pickFibers collects the elements of t whose coordinate along dim lies in
// [lo, lo+n), keyed over shape (the result's dims: t's dim d is result dim
// rd(d), or dropped where rd(dim) is out of range; dim's coordinate is
// shifted by -lo), and makes the coalesced COO result. Where level 0 is
// dense over dim or dim / c (a BSR's block rows), only the subtrees of
// [lo, lo+n) are walked (topSpan).
func pickFibers(t *tensor.Tensor, dim int, lo, n int64, shape []int64, rd func(int) int) (*tensor.Tensor, bool, error) {
	strides, ok := keyStrides(shape)
	if !ok {
		return nil, false, nil
	}
	nd := t.NDim()
	st := make([]int64, nd) // t's dim d's stride in the result's key (0: dropped)
	for d := range nd {
		if r := rd(d); r >= 0 && r < len(shape) && (d != dim || len(shape) == nd) {
			st[d] = strides[r]
		}
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	var picks []fiberPick
	take := func(f *ustorage.Fiber, k0, k1 int64) { // the fiber's elements k0..k1-1
		var base, step int64 // the key of level coordinate 0, and its change per coordinate
		for d := range nd {
			c0 := f.Dim0[d]
			if d == dim {
				c0 -= lo
			}
			base += c0 * st[d]
			step += f.Step[d] * st[d]
		}
		for k := k0; k < k1; k++ {
			x := f.First + k
			if f.Crd != nil {
				x = f.Crd[k]
			}
			picks = append(picks, fiberPick{base + x*step, f.Lo + k})
		}
	}
	top := topSpan(u.Format, dim, lo, lo+n)
	err = ustorage.FibersUnder(tensor.CustomStructure(t), u.Values.Numel(), top, func(f *ustorage.Fiber) {
		m := f.Hi - f.Lo
		c0, s := f.Dim0[dim], f.Step[dim]
		switch {
		case s == 0:
			if c0 >= lo && c0 < lo+n {
				take(f, 0, m)
			}
		case f.Crd == nil: // coordinates First.. : c0 + x*s in [lo, lo+n) is an interval of x
			xa, xb := coordRange(c0, s, lo, lo+n)
			take(f, max(xa-f.First, 0), min(xb-f.First, m))
		default:
			for k, x := range f.Crd {
				if c := c0 + x*s; c >= lo && c < lo+n {
					take(f, int64(k), int64(k)+1)
				}
			}
		}
	})
	if err != nil {
		return nil, true, err
	}
	slices.SortFunc(picks, func(a, b fiberPick) int { return cmp.Compare(a.key, b.key) })
	r, err := picksCOO(t, u.Values, picks, shape, strides)
	return r, true, err
}

// topSpan is the coordinates (ascending) of f's level 0 that dim's
// coordinates a..b-1 fall under, where level 0 is dense over dim or
// dim / c (FibersUnder then walks only those: a BSR's block rows of the
// rows asked); nil (every subtree) otherwise.
func topSpan(f format.Format, dim int, a, b int64) []int64 {
	if len(f.Levels) == 0 || f.Levels[0].Kind != format.Dense || f.DimIndex(f.Levels[0].Expr.A) != dim {
		return nil
	}
	c := int64(1)
	switch e := f.Levels[0].Expr; e.Op {
	case format.OpDim:
	case format.OpDiv:
		c = e.C
	default:
		return nil
	}
	top := make([]int64, 0, max((b-1)/c-a/c+1, 0)) // empty, not nil, for no coordinate
	for v := a / c; a < b && v <= (b-1)/c; v++ {
		top = append(top, v)
	}
	return top
}

// coordRange is the x with c0 + x*s in [a, b) (s != 0), as [xa, xb).
func coordRange(c0, s, a, b int64) (xa, xb int64) {
	if s > 0 {
		return ceilDiv(a-c0, s), ceilDiv(b-c0, s)
	}
	// s < 0: c0 + x*s >= a  <=>  x <= (c0-a)/|s|;  c0 + x*s < b  <=>  x > (c0-b)/|s|
	return floorDiv(c0-b, -s) + 1, floorDiv(c0-a, -s) + 1
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// keyStrides is the row-major strides of shape; ok is false where its
// numel passes int64's range.
func keyStrides(shape []int64) ([]int64, bool) {
	strides := make([]int64, len(shape))
	n := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		strides[d] = n
		if shape[d] > 0 && n > math.MaxInt64/shape[d] {
			return nil, false
		}
		n *= shape[d]
	}
	return strides, true
}

// picksCOO is the coalesced COO tensor of shape holding the picked
// elements (sorted by key) with t's fill: each key decoded over strides,
// each value copied from its slot, the indices of t's index width.
func picksCOO(t *tensor.Tensor, vals dtype.Array, picks []fiberPick, shape, strides []int64) (*tensor.Tensor, error) {
	m := int64(len(picks))
	es := int64(vals.DType.Size())
	out := dtype.NewArray(vals.DType, []int64{m})
	idx64 := make([]int64, int64(len(shape))*m)
	for e, p := range picks {
		copy(out.Data[int64(e)*es:], vals.Data[p.slot*es:(p.slot+1)*es])
		k := p.key
		for d, s := range strides {
			idx64[int64(d)*m+int64(e)] = k / s
			k %= s
		}
	}
	idx := dtype.Int64Array(idx64, int64(len(shape)), m)
	if t.IndexWidth() == 32 && slices.Max(append(slices.Clone(shape), 0)) <= math.MaxInt32 {
		idx32 := make([]int32, len(idx64))
		for i, v := range idx64 {
			idx32[i] = int32(v)
		}
		idx = dtype.Int32Array(idx32, int64(len(shape)), m)
	}
	r, err := tensor.NewCOO(idx, out, shape, tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	if err != nil || isZeroBytes(t.FillElem()) {
		return r, err
	}
	return tensor.WithFill(r, slices.Clone(t.FillElem()))
}
