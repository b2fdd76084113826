package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// mergeNative runs add, sub and mul of two CSR (or two CSC) matrices of
// one float dtype and index width as the engine's row merge, the result
// assembled directly in that layout; ok is false for every other case,
// which takes mergeBinary. The result is mergeBinary's: same pattern,
// values, fill and flags.
func mergeNative(op string, a, b *tensor.Tensor, dom domain, out dtype.DType, layout tensor.Layout, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	mop := engine.MergeAdd
	switch op {
	case "add", "sub":
	case "mul":
		mop = engine.MergeMul
	default:
		return nil, false, nil
	}
	if dom != domReal || (layout != tensor.CSR && layout != tensor.CSC) || !mergeable(a, layout, out) || !mergeable(b, layout, out) {
		return nil, false, nil
	}
	alpha := alphaScalar(op, args)
	if alpha.Im() != 0 {
		return nil, false, nil
	}
	view := func(t *tensor.Tensor) engine.MergeInput {
		lv := t.StorageLevels()[1]
		return engine.MergeInput{Pos: lv.Pos, Crd: lv.Crd, Values: t.ValueArray(), Fill: t.FillElem()}
	}
	m, ok, err := engine.MergeCompressed(mop, alpha.Re(), view(a), view(b))
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err := tensor.NewCompressed(layout, m.Pos, m.Crd, m.Values, a.Shape(), tensor.BuildOptions{NoCheck: true})
	if err != nil {
		return nil, true, err
	}
	return tensor.Revalue(r, r.ValueArray(), m.Fill), true, nil
}

// mergeable reports whether t is an unbatched 2-D matrix of the layout and
// dtype without dense dims or a per-slot fill.
func mergeable(t *tensor.Tensor, layout tensor.Layout, d dtype.DType) bool {
	return t.Layout() == layout && t.DType() == d && t.NDim() == 2 && t.BatchDim() == 0 && t.DenseDim() == 0 && !t.PerSlotFill()
}
