package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// mergeEngineOp is the engine's merge op for add, sub and mul, and its
// constants; ok is false for the other ops.
func mergeEngineOp(op string, args *BinaryArgs) (engine.MergeOp, engine.MergeArgs, bool) {
	switch op {
	case "add", "sub":
		alpha := alphaScalar(op, args)
		return engine.MergeAdd, engine.MergeArgs{Alpha: &alpha}, true
	case "mul":
		return engine.MergeMul, engine.MergeArgs{}, true
	}
	return 0, engine.MergeArgs{}, false
}

// mergeNative runs add, sub and mul of two CSR (or two CSC) matrices of
// one dtype (bool, integer, float32/64, complex) and index width as the
// engine's row merge, the result assembled directly in that layout; ok is
// false for every other case, which takes mergeBinary. The result is
// mergeBinary's: same pattern, values, fill and flags.
func mergeNative(op string, a, b *tensor.Tensor, out dtype.DType, layout tensor.Layout, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	mop, margs, ok := mergeEngineOp(op, args)
	if !ok || (layout != tensor.CSR && layout != tensor.CSC) || !mergeable(a, layout, out) || !mergeable(b, layout, out) {
		return nil, false, nil
	}
	view := func(t *tensor.Tensor) engine.MergeInput {
		lv := t.Levels()[1]
		return engine.MergeInput{Pos: lv.Pos, Crd: lv.Crd, Values: t.Values(), Fill: t.FillElem()}
	}
	m, ok, err := engine.MergeCompressed(mop, margs, view(a), view(b))
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err := tensor.NewCompressed(layout, m.Pos, m.Crd, m.Values, slices.Clone(a.Dims()), tensor.BuildOptions{NoCheck: true})
	if err != nil {
		return nil, true, err
	}
	return tensor.Revalue(r, r.Values(), m.Fill), true, nil
}

// mergeCOONative runs add, sub and mul of two coalesced COO tensors of one
// dtype and index width without dense dims as the engine's merge of their
// sorted coordinate lists. With zero fills add and sub are torch's COO add
// (cooAddMerge: an entry of a only keeps its value, the result's fill is
// zero); otherwise the result is mergeBinary's. Both operands coalesced,
// the result is too (torch's flag for add, and for mul's intersection).
// ok is false for every other case.
func mergeCOONative(op string, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	mop, margs, ok := mergeEngineOp(op, args)
	if !ok || !cooMergeable(a, out) || !cooMergeable(b, out) {
		return nil, false, nil
	}
	fa, fb := a.FillElem(), b.FillElem()
	torchAdd := mop == engine.MergeAdd && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() && dtype.LoadScalar(b.DType(), b.FillElem()).IsZero()
	if torchAdd {
		margs.KeepA = true
		fa = make([]byte, out.Size())
		fb = fa
	}
	m, ok, err := engine.MergeCOO(mop, margs, slices.Clone(a.Dims()), engine.COOInput{Indices: a.Indices(), Values: a.Values(), Fill: fa},
		engine.COOInput{Indices: b.Indices(), Values: b.Values(), Fill: fb})
	if !ok || err != nil {
		return nil, ok, err
	}
	if torchAdd {
		m.Fill = fa // cooAddMerge's result keeps the zero fill of a new tensor
	}
	r, err := tensor.NewCOO(m.Indices, m.Values, slices.Clone(a.Dims()), tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	if err != nil {
		return nil, true, err
	}
	return tensor.Revalue(r, r.Values(), m.Fill), true, nil
}

// mergeable reports whether t is an unbatched 2-D matrix of the layout and
// dtype without dense dims or a per-slot fill.
func mergeable(t *tensor.Tensor, layout tensor.Layout, d dtype.DType) bool {
	return t.Layout() == layout && t.DType() == d && t.NDim() == 2 && t.BatchDim() == 0 && t.DenseDim() == 0 && !t.PerSlotFill()
}

// cooMergeable reports whether t is a coalesced COO tensor of dtype d with
// at least one sparse dim and no dense dims or per-slot fill.
func cooMergeable(t *tensor.Tensor, d dtype.DType) bool {
	return t.Layout() == tensor.COO && t.IsCoalesced() && t.DType() == d && t.NDim() > 0 && t.DenseDim() == 0 && !t.PerSlotFill()
}
