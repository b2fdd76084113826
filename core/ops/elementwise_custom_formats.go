package ops

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// A binary op of two matrices of different custom formats (DIA-I + DIA-J,
// DIA + anti-DIA, BSR column-major + delta CSR, ...) never builds their COO
// forms. Where one format relabels the other's storage (DIA-I and DIA-J of
// the same diagonals: each diagonal of one is a shifted copy of the
// other's), add, sub and mul move b's diagonals into a's layout and zip the
// values (diagonalZip): the result is a's format over a's levels. Otherwise
// one operand (a DIA-like one where there is one: its conversion reads the
// diagonals into rows directly; else b) is converted to CSR by core/convert
// and the op runs as a custom matrix beside a CSR one (binaryCompressed),
// its result CSR.

// twoFormats reports whether a and b are matrices of two custom formats
// (up to the names of the dims) of one shape, unique formats, scalar
// defined fills, no output layout asked for: the operands of binaryFormats.
func twoFormats(a, b *tensor.Tensor, args *BinaryArgs) bool {
	if args.Out.Layout != nil || a.NDim() != 2 || !slices.Equal(a.Dims(), b.Dims()) {
		return false
	}
	var fs [2]format.Format
	for i, t := range []*tensor.Tensor{a, b} {
		if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() {
			return false
		}
		u, err := t.USTStorage()
		if err != nil || !u.Format.IsUnique() {
			return false
		}
		fs[i] = tensor.PositionalNames(u.Format)
	}
	return !fs[0].Equal(fs[1])
}

// binaryFormats is the op of two matrices of different custom formats (see
// above), or of a custom matrix and a BSR, BSC, DCSR or DCSC one (the named
// one converted to CSR by its hand-written route, then binaryCompressed);
// ok is false where twoFormats and otherNamed refuse them.
func binaryFormats(op string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	if i, ok := otherNamed(a, b, args); ok {
		ops := [2]*tensor.Tensor{a, b}
		c, err := convert.ToLayout(ops[i], tensor.CSR, tensor.DefaultConvert())
		if err != nil {
			return nil, true, err
		}
		ops[i] = c
		return binaryCompressed(op, def, bf, ops[0], ops[1], dom, out, args)
	}
	if !twoFormats(a, b, args) {
		return nil, false, nil
	}
	if r, ok, err := diagonalZip(op, a, b, out, args); ok || err != nil {
		return r, true, err
	}
	ops := [2]*tensor.Tensor{a, b}
	i := convertedOperand(a, b)
	c, err := convert.ToFormat(ops[i], format.CSR())
	if err != nil {
		return nil, true, err
	}
	if c.Layout() != tensor.CSR {
		return nil, false, nil
	}
	ops[i] = c
	return binaryCompressed(op, def, bf, ops[0], ops[1], dom, out, args)
}

// otherNamed is the index of the named operand where a and b are a custom
// matrix and a BSR, BSC, DCSR or DCSC one of one shape, neither batched nor
// hybrid, scalar defined fills, no output layout asked for.
func otherNamed(a, b *tensor.Tensor, args *BinaryArgs) (int, bool) {
	if args.Out.Layout != nil || a.NDim() != 2 || !slices.Equal(a.Dims(), b.Dims()) {
		return 0, false
	}
	i := 1
	if b.Layout() == tensor.Custom {
		i = 0
	}
	c, n := [2]*tensor.Tensor{a, b}[1-i], [2]*tensor.Tensor{a, b}[i]
	switch n.Layout() {
	case tensor.BSR, tensor.BSC, tensor.DCSR, tensor.DCSC:
	default:
		return 0, false
	}
	if c.Layout() != tensor.Custom || n.BatchDim() != 0 || n.DenseDim() != 0 {
		return 0, false
	}
	for _, t := range []*tensor.Tensor{c, n} {
		if t.PerSlotFill() || t.UndefinedFill() {
			return 0, false
		}
	}
	u, err := c.USTStorage()
	return i, err == nil && u.Format.IsUnique()
}

// convertedOperand is the index of the operand binaryFormats converts to
// CSR: a DIA-like one (its diagonals read into rows directly), else b.
func convertedOperand(a, b *tensor.Tensor) int {
	if u, err := a.USTStorage(); err == nil {
		if _, ok := diaSlotsOf(u, a.Dims(), 0); ok {
			return 0
		}
	}
	return 1
}

// diagonalZip runs add, sub and mul of DIA-like a and b of one diagonal
// expression and the same diagonals, stored along different dims (DIA-I
// and DIA-J, anti-DIA-I and anti-DIA-J), of the result's dtype, as a zip
// of a's values with b's moved into a's layout (relaidDiagonals): the
// result shares a's levels. ok is false for every other case.
func diagonalZip(op string, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	sa, sb, ok := diagonalZipApplies(op, a, b, out, args)
	if !ok {
		return nil, false, nil
	}
	mop, margs, _ := mergeEngineOp(op, args)
	ua, _ := a.USTStorage()
	ub, _ := b.USTStorage()
	fa, fb := a.FillElem(), b.FillElem()
	one := func(f []byte) dtype.Array { // an aligned copy: f may start anywhere
		x := dtype.NewArray(out, []int64{1})
		copy(x.Data, f)
		return x
	}
	_, fill, ok, err := engine.MergeValues(mop, margs, one(fa), one(fb), fa, fb)
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err := tensor.CustomMapped(a, fill, func(v dtype.Array) (dtype.Array, error) {
		if op, ok := newF64Op(mop, margs, true); ok && out == dtype.Float64 { // computed as it moves: one pass, one array
			return fusedDiagonals(sa, sb, ua, ub, fb, op), nil
		}
		vals, _, _, err := engine.MergeValues(mop, margs, v, relaidDiagonals(sa, sb, ua, ub, fb), fa, fb)
		return vals, err
	})
	return r, true, err
}

// fusedDiagonals is diagonalZip's float64 values: op(a's slot, b's slot
// of the same element) at each of a's slots, b's fill where that element is
// outside the matrix, as MergeValues computes it over relaidDiagonals'
// array.
func fusedDiagonals(sa, sb *diaSlots, ua, ub *tensor.UST, fill []byte, op f64Op) dtype.Array {
	out := dtype.UninitArray(dtype.Float64, []int64{ua.Values.Numel()})
	dst, av, bv := dtype.AsSlice[float64](out)[:out.Numel()], dtype.AsSlice[float64](ua.Values), dtype.AsSlice[float64](ub.Values)
	fb := math.Float64frombits(word[uint64](fill))
	crd := indexValues(ua.Crd[0])
	ca, cb := sa.si, sa.so // as relay
	if sa.rOuter {
		ca, cb = sa.so, sa.si
	}
	done := int64(0)
	for k := range sa.spans {
		base, step := cb*crd[k], -cb*ca
		at := int64(k) * sa.size
		from, to := sa.spans[k].from, sa.spans[k].to
		for p := done; p < from; p++ { // the padding before the span, and earlier diagonals' after theirs
			dst[p] = op.apply(av[p], fb)
		}
		s := bv[int64(k)*sb.size:]
		if step == 1 {
			d, x, y := dst[from:to], av[from:to], s[base+from-at:base+to-at]
			y = y[:len(x)]
			d = d[:len(x)]
			for i := range x {
				d[i] = op.apply(x[i], y[i])
			}
		} else {
			for p := from; p < to; p++ {
				dst[p] = op.apply(av[p], s[base+step*(p-at)])
			}
		}
		done = max(to, from)
	}
	for p := done; p < int64(len(dst)); p++ {
		dst[p] = op.apply(av[p], fb)
	}
	return out
}

// diagonalZipApplies reports whether diagonalZip zips a and b (short of the
// engine's refusal of a dtype; the plans of gs_explain ask it too), with
// their diaSlots.
func diagonalZipApplies(op string, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) (sa, sb *diaSlots, ok bool) {
	if _, _, ok := mergeEngineOp(op, args); !ok || a.DType() != out || b.DType() != out {
		return nil, nil, false
	}
	ua, err := a.USTStorage()
	if err != nil {
		return nil, nil, false
	}
	ub, err := b.USTStorage()
	if err != nil {
		return nil, nil, false
	}
	if sa, ok = diaSlotsOf(ua, a.Dims(), 0); !ok {
		return nil, nil, false
	}
	if sb, ok = diaSlotsOf(ub, b.Dims(), 0); !ok || sa.so != sb.so || sa.si != sb.si || sa.rOuter == sb.rOuter ||
		!slices.Equal(indexValues(ua.Crd[0])[:len(sa.spans)], indexValues(ub.Crd[0])[:len(sb.spans)]) {
		return nil, nil, false
	}
	return sa, sb, true
}

// relaidDiagonals is b's values laid out as a's slots: diagonal k's slot at
// a's range coordinate x holds b's slot of the same element (b's range
// coordinate being a's other one, base + step*x), b's fill where that
// element is outside the matrix. a and b list the same diagonals.
func relaidDiagonals(sa, sb *diaSlots, ua, ub *tensor.UST, fill []byte) dtype.Array {
	out := dtype.UninitArray(ub.Values.DType, []int64{ua.Values.Numel()})
	byWord(out.DType, func(w wordGather) bool { w.relay(sa, sb, ua, ub, fill, out); return true })
	return out
}

func (words[W]) relay(sa, sb *diaSlots, ua, ub *tensor.UST, fill []byte, out dtype.Array) {
	fw := word[W](fill)
	src, dst := dtype.AsSlice[W](ub.Values), dtype.AsSlice[W](out)[:out.Numel()]
	crd := indexValues(ua.Crd[0])
	// a's range coordinate x is b's other coordinate; b's range coordinate
	// (a's other one) is base + step*x, from v = coef_a*x + coef_b*y.
	ca, cb := sa.si, sa.so // coefficients of a's range and other dims (outer is dim 0)
	if sa.rOuter {
		ca, cb = sa.so, sa.si
	}
	for i := range dst {
		dst[i] = fw
	}
	for k := range sa.spans {
		v := crd[k]
		base, step := cb*v, -cb*ca
		from, to := sa.spans[k].from-int64(k)*sa.size, sa.spans[k].to-int64(k)*sa.size
		d, s := dst[int64(k)*sa.size:], src[int64(k)*sb.size:]
		for x := from; x < to; x++ {
			d[x] = s[base+step*x]
		}
	}
}
