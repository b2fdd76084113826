package ops

import (
	"bytes"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// The element-wise ops on a custom-format tensor's own storage, never its
// COO form: the result is a tensor of the same format sharing the input's
// pos and crd arrays (tensors are immutable), its values a map (or zip) of
// the input's values array. The padding holds the fill, and maps to the
// op of the fill, which is the result's fill: the storage stays exact.

// mapCustom runs a unary op, or an op with a number bound into ef and fast
// (mapTensor's arguments), on custom-format t as a map over its values
// array. ok is false where the op takes the COO form's route: an output
// layout asked for, a per-slot fill, a format with repeated coordinates
// (a nonlinear op must see their sum), an op the domain lacks (mapTensor
// gives the error).
func mapCustom(op string, t *tensor.Tensor, out dtype.DType, dom domain, ef elemFuncs, fast engine.Fast, o Output) (*tensor.Tensor, bool, error) {
	if !mapCustomApplies(t, dom, ef, o) {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	if err := errs.CheckAlloc(op, u.Values.Numel(), out.Size()); err != nil {
		return nil, true, err
	}
	fill := applyUnary(ef, elementVec(t.DType(), t.FillElem(), dom)).store(out, []int64{1})
	r, err := tensor.CustomMapped(t, fill.Data, func(v dtype.Array) (dtype.Array, error) {
		return engine.Map(v, out, engine.Domain(dom), engine.MapFunc{Int: ef.integ, Real: ef.real, Complex: ef.cplx}, fast)
	})
	return r, true, err
}

// mapCustomApplies reports whether mapCustom maps t's values array (the
// plans of gs_explain ask it too).
func mapCustomApplies(t *tensor.Tensor, dom domain, ef elemFuncs, o Output) bool {
	if o.Layout != nil || t.Layout() != tensor.Custom || t.PerSlotFill() {
		return false
	}
	if (dom == domReal && ef.real == nil) || (dom == domComplex && ef.cplx == nil) || (dom == domInt && ef.integ == nil) {
		return false
	}
	u, err := t.USTStorage()
	return err == nil && u.Format.IsUnique()
}

// zipCustom runs add, sub and mul of two custom-format tensors of one
// format, shape, dtype (the result's) and storage structure (the same pos
// and crd arrays, shared or equal) as a zip of their values arrays
// (engine.MergeValues): slot by slot, padding with padding, so the result's
// padding holds op(fill_a, fill_b), its fill. ok is false for every other
// case, which takes the COO forms' route.
func zipCustom(op string, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	if ok, err := zipCustomApplies(op, a, b, out, args); !ok || err != nil {
		return nil, ok, err
	}
	mop, margs, _ := mergeEngineOp(op, args)
	// The fills zipped first: the result's fill, and whether the engine zips this dtype.
	fa, fb := a.FillElem(), b.FillElem()
	one := func(f []byte) dtype.Array { // an aligned copy: f may start anywhere
		a := dtype.NewArray(out, []int64{1})
		copy(a.Data, f)
		return a
	}
	_, fill, ok, err := engine.MergeValues(mop, margs, one(fa), one(fb), fa, fb)
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err := tensor.CustomZipped(a, b, fill, func(x, y dtype.Array) (dtype.Array, error) {
		vals, _, _, err := engine.MergeValues(mop, margs, x, y, fa, fb)
		return vals, err
	})
	return r, true, err
}

// zipCustomApplies reports whether zipCustom zips a's and b's values
// arrays (short of the engine's refusal of a dtype; the plans of gs_explain
// ask it too).
func zipCustomApplies(op string, a, b *tensor.Tensor, out dtype.DType, args *BinaryArgs) (bool, error) {
	if a.Layout() != tensor.Custom || b.Layout() != tensor.Custom { // first: mergeEngineOp allocates
		return false, nil
	}
	_, _, ok := mergeEngineOp(op, args)
	if !ok || args.Out.Layout != nil ||
		a.DType() != out || b.DType() != out || a.PerSlotFill() || b.PerSlotFill() || !slices.Equal(a.Dims(), b.Dims()) {
		return false, nil
	}
	ua, err := a.USTStorage()
	if err != nil {
		return true, err
	}
	ub, err := b.USTStorage()
	if err != nil {
		return true, err
	}
	return ua.Format.IsUnique() && sameStorage(ua, ub), nil
}

// sameStorage reports whether a and b are one format (up to the names of
// the dims) with the same level arrays, shared or equal element for element.
func sameStorage(a, b *tensor.UST) bool {
	if !tensor.PositionalNames(a.Format).Equal(tensor.PositionalNames(b.Format)) || !slices.Equal(a.LevelSizes, b.LevelSizes) || a.Values.Numel() != b.Values.Numel() {
		return false
	}
	eq := func(p, q dtype.Array) bool { return p.DType == q.DType && bytes.Equal(p.Data, q.Data) }
	for l := range a.Pos {
		if !eq(a.Pos[l], b.Pos[l]) || !eq(a.Crd[l], b.Crd[l]) {
			return false
		}
	}
	return true
}
