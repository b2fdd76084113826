package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Binary ops of two tensors of different shapes, broadcast as torch does
// (engine.BroadcastShape). A strided result computes on both operands
// expanded to the result's shape. A sparse result (mul, and a sparse
// dividend over a dense divisor, unless args.Out asks for another layout)
// keeps the sparse operand's pattern, as torch's sparse * dense: each stored
// value meets the dense operand at its coordinates, and the fill becomes
// op(fill, d) where that is the same for every element d of the dense
// operand. Where it is not (a NaN or infinite factor, a zero divisor), a
// zero fill stays zero (torchPatternFill: torch's answer, which forms the
// op at the stored coordinates only), and the unspecified elements of
// another fill that it reaches are stored, through the equal-shape path on
// the expanded dense operand. Of two sparse operands of different shapes, the
// one that broadcasts is read dense against the other (torch refuses every
// such pair; gosparse takes it for the row-normalising form), and the
// result has the other's layout.

// binaryBroadcast combines two tensors whose shapes differ.
func binaryBroadcast(op string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, error) {
	shape, err := engine.BroadcastShape(a.Dims(), b.Dims())
	if err != nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: %s", op, err.Error())
	}
	layout := broadcastLayout(op, def, a, b, shape)
	if a.Layout() != tensor.Strided && b.Layout() != tensor.Strided {
		if a, b, err = denseBroadcastOperand(op, a, b, shape); err != nil {
			return nil, err
		}
	}
	sparseB := b.Layout() != tensor.Strided
	if args.Out.Layout != nil {
		layout = *args.Out.Layout
		if !layout.Valid() {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(layout))
		}
	}
	if layout == tensor.Strided || a.Layout() == tensor.Strided && b.Layout() == tensor.Strided {
		// Two strided operands are computed strided, then laid out as
		// asked: every element is the op's, where sparseTimesBroadcast
		// would keep a pattern of the first one's nonzeros.
		r, ok, err := binaryStrided(op, a, b, shape, out, args)
		if !ok && err == nil {
			r, err = broadcastDense(op, bf, a, b, shape, dom, out)
		}
		if err != nil || layout == tensor.Strided {
			return r, err
		}
		return toOutput(r, Output{Layout: &layout, BlockSize: args.Out.BlockSize})
	}
	s, d, denseFirst := a, b, false
	if sparseB {
		s, d, denseFirst = b, a, true
	}
	if slices.Equal(s.Dims(), shape) {
		if r, ok, err := sparseTimesBroadcast(op, bf, s, d, denseFirst, dom, out, args); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return toOutput(r, Output{Layout: &layout, BlockSize: args.Out.BlockSize})
		}
	}
	// The general case: every operand expanded to the result's shape (the
	// dense one stays strided), then the equal-shape path in that layout.
	ea, err := expandOperand(a, shape)
	if err != nil {
		return nil, err
	}
	eb, err := expandOperand(b, shape)
	if err != nil {
		return nil, err
	}
	full := *args
	full.Out.Layout = &layout
	for _, t := range []*tensor.Tensor{a, b} { // an expanded BSR operand leaves its block size
		if layout.IsBlocked() && full.Out.BlockSize == ([2]int64{}) && t.Layout() == layout {
			full.Out.BlockSize = t.BlockSize()
		}
	}
	return binaryTensors(op, def, bf, ea, eb, dom, out, &full)
}

// broadcastLayout is the result layout of a broadcast op with no layout
// asked: a sparse operand's for mul and for a sparse dividend (the
// row-normalising A / A.sum(1, keepdim=True)), strided otherwise; of two
// sparse operands, the layout of the one of the result's shape.
func broadcastLayout(op string, def *binaryDef, a, b *tensor.Tensor, shape []int64) tensor.Layout {
	switch {
	case a.Layout() != tensor.Strided && b.Layout() != tensor.Strided:
		if slices.Equal(b.Dims(), shape) {
			return b.Layout()
		}
		return a.Layout()
	case a.Layout() != tensor.Strided && (def.multiplicative || isDivision(op)):
		return a.Layout()
	case b.Layout() != tensor.Strided && def.multiplicative:
		return b.Layout()
	}
	return tensor.Strided
}

// isDivision reports whether op divides its first operand by its second.
func isDivision(op string) bool {
	return op == "div" || op == "true_divide" || op == "floor_divide"
}

// denseBroadcastOperand reads the operand of two sparse ones that
// broadcasts to the other's shape as a strided tensor (at most that many
// elements: A / A.sum(1, keepdim=True) densifies a column). torch refuses
// every pair of sparse operands of different sizes; gosparse refuses those
// where neither has the result's shape.
func denseBroadcastOperand(op string, a, b *tensor.Tensor, shape []int64) (*tensor.Tensor, *tensor.Tensor, error) {
	var err error
	switch {
	case slices.Equal(a.Dims(), shape):
		b, err = denseOperandOf(b)
	case slices.Equal(b.Dims(), shape):
		a, err = denseOperandOf(a)
	default:
		return nil, nil, errs.Errorf(errs.ErrInvalidArgument, "%s: sparse operands of sizes %v and %v do not broadcast: of two sparse tensors, one must have the size of the result (%v)",
			op, a.Dims(), b.Dims(), shape)
	}
	return a, b, err
}

// expandOperand is t broadcast to shape as a strided tensor, or t itself
// where it has that shape.
func expandOperand(t *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	if slices.Equal(t.Dims(), shape) {
		return t, nil
	}
	if err := errs.CheckAlloc("broadcast", dtype.NumelOf(shape), t.DType().Size()); err != nil {
		return nil, err
	}
	d, err := convert.ToDense(t)
	if err != nil {
		return nil, err
	}
	e, err := engine.Expand(d.Values(), shape)
	if err != nil {
		return nil, err
	}
	return tensor.NewStrided(e)
}

// broadcastDense computes a strided result of the broadcast shape.
func broadcastDense(op string, bf binFuncs, a, b *tensor.Tensor, shape []int64, dom domain, out dtype.DType) (*tensor.Tensor, error) {
	if err := errs.CheckAlloc(op, dtype.NumelOf(shape), 3*max(out.Size(), 8)); err != nil {
		return nil, err
	}
	ea, err := expandOperand(a, shape)
	if err != nil {
		return nil, err
	}
	eb, err := expandOperand(b, shape)
	if err != nil {
		return nil, err
	}
	return binaryDense(op, bf, ea, eb, dom, out)
}

// sparseTimesBroadcast computes op(s, d) (op(d, s) when denseFirst) for a
// sparse s of the result's shape and a strided d that broadcasts to it, as
// a map over s's stored values with its structure shared: O(nse) after one
// pass over d. ok is false where the unspecified elements do not all give
// one fill value, or s has a custom format or a per-slot fill.
func sparseTimesBroadcast(op string, bf binFuncs, s, d *tensor.Tensor, denseFirst bool, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	if s.Layout() == tensor.Custom || s.PerSlotFill() || dtype.NumelOf(d.Dims()) == 0 {
		return nil, false, nil
	}
	if s.Layout() == tensor.COO && !s.IsCoalesced() {
		var err error
		if s, err = convert.Coalesce(s); err != nil { // an op with the dense operand is not linear in general
			return nil, true, err
		}
	}
	st := engine.BroadcastStrides(d.Dims(), s.Dims())
	if r, ok, err := broadcastNative(op, s, d, st, denseFirst, out, args); ok || err != nil {
		return r, true, err
	}
	dv := loadVec(d.Values(), dom)
	fill, ok := broadcastResultFill(op, bf, s, dv, denseFirst, dom)
	if !ok {
		return nil, false, nil
	}
	off, err := storedOffsets(s, st)
	if err != nil {
		return nil, true, err
	}
	x := loadVec(s.Values(), dom)
	y := gatherVec(dv, off)
	if denseFirst {
		x, y = y, x
	}
	z, err := applyBinary(op, bf, x, y)
	if err != nil {
		return nil, true, err
	}
	r := tensor.WithValues(s, out, z.store(out, s.Values().Shape), fill.store(out, []int64{1}).Data)
	return r, true, nil
}

// broadcastResultFill is the fill of op(s, d) (op(d, s) when denseFirst),
// dv d's values widened: op of s's fill and d's elements where that is one
// value (broadcastFill), else zero where torchPatternFill keeps it; ok is
// false where neither holds (the general route).
func broadcastResultFill(op string, bf binFuncs, s *tensor.Tensor, dv vec, denseFirst bool, dom domain) (vec, bool) {
	if fill, ok := broadcastFill(op, bf, elementVec(s.DType(), s.FillElem(), dom), dv, denseFirst); ok {
		return fill, true
	}
	if !torchPatternFill(op, s, denseFirst) {
		return vec{}, false
	}
	return makeVec(dom, 1), true
}

// torchPatternFill reports whether op(s, d) (op(d, s) when denseFirst)
// keeps s's zero fill where op(0, x) is not one value over the elements x
// of d: for mul and for s divided by d (A / A.sum(1, keepdim=True) with an
// all-zero row, A * (1 / deg) with a zero degree). torch's sparse * dense
// forms the product at the stored coordinates only, so its unspecified
// elements stay zero where 0 * inf or 0 / 0 would be NaN (torch refuses a
// dense divisor that is not a scalar; A / d is taken as A * (1 / d), its
// idiom). The rule to_dense(op(A, d)) == op(to_dense(A), d) then holds at
// the stored coordinates only: storing every element the op reaches would
// expand d to the result's shape (10^12 elements for a row-normalised
// matrix of 10^6 rows). A uniform op(0, x) (every x infinite, or zero) is
// still the result's fill, as with a number.
func torchPatternFill(op string, s *tensor.Tensor, denseFirst bool) bool {
	return dtype.LoadScalar(s.DType(), s.FillElem()).IsZero() && (op == "mul" || (isDivision(op) && !denseFirst))
}

// broadcastFill is op(fill, x) (op(x, fill) when denseFirst) for the
// elements x of d, when it is one value for all of them (NaN counting as one
// value); ok is false otherwise, or where op refuses one (an integer zero
// divisor).
func broadcastFill(op string, bf binFuncs, fill, d vec, denseFirst bool) (vec, bool) {
	n := d.len()
	f := repeatVec(fill, n)
	x, y := f, d
	if denseFirst { // applyBinary writes into its first operand: d stays
		x, y = cloneVec(d), f
	}
	z, err := applyBinary(op, bf, x, y)
	if err != nil {
		return vec{}, false
	}
	for i := 1; i < n; i++ {
		if !z.equalAt(i, z, 0) && !(z.isNaNAt(i) && z.isNaNAt(0)) {
			return vec{}, false
		}
	}
	return sliceVec(z, 1), true
}

// broadcastNative is the engine's typed loop for mul and a true division of
// a float32 or float64 CSR or CSC matrix, or COO tensor without dense dims,
// by a dense operand of its dtype:
// sparseTimesBroadcast's result, without widening the values; ok is false
// where it does not apply.
func broadcastNative(op string, s, d *tensor.Tensor, st []int64, denseFirst bool, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	bop := engine.BroadcastMul
	switch {
	case op == "mul" && args.Alpha == nil:
	case (op == "div" || op == "true_divide") && !denseFirst && args.RoundingMode == "":
		bop = engine.BroadcastDiv
	default:
		return nil, false, nil
	}
	lay := s.Layout()
	if s.DenseDim() != 0 || s.DType() != out || d.DType() != out || s.Layout() == tensor.Custom {
		return nil, false, nil
	}
	if lay != tensor.COO && ((lay != tensor.CSR && lay != tensor.CSC) || s.NDim() != 2 || s.BatchDim() != 0) {
		return nil, false, nil
	}
	fill, one := engine.BroadcastFill(bop, d.Values(), dtype.LoadScalar(s.DType(), s.FillElem()).Re())
	if !one {
		if !torchPatternFill(op, s, denseFirst) {
			return nil, false, nil
		}
		fill = 0
	}
	var vals dtype.Array
	var ok bool
	var err error
	if lay == tensor.COO {
		vals, ok, err = engine.MapCOOBroadcast(bop, s.Indices(), s.Values(), d.Values(), st)
	} else {
		lv := s.Levels()
		vals, ok, err = engine.MapCompressedBroadcast(bop, lv[1].Pos, lv[1].Crd, s.Values(), d.Values(), st[lv[0].Dim], st[lv[1].Dim])
	}
	if !ok || err != nil {
		return nil, ok, err
	}
	return tensor.WithValues(s, out, vals, tensor.ScalarBytes(out, dtype.Real(fill))), true, nil
}
