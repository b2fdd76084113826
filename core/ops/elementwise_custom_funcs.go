package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// zipCustomFuncs is a binary op of two custom-format tensors of one
// storage (one unique format, the same level arrays: A / A, A >= f(A))
// that the engine's zip (zipCustom: add, sub, mul) does not serve: the
// op's element function over the two values arrays slot by slot, in its
// compute domain (applyBinary, as mergeBinary applies it to the entries
// of the COO forms), the result that format over a's levels (shared) with
// fill op(fill(a), fill(b)), which the padding's slots, holding the fills,
// get too. ok is false where it does not apply (zipCustomFuncsApplies) or
// the fills' op fails (an integer division by a zero fill), which take
// the COO forms' route.
func zipCustomFuncs(op string, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	if !zipCustomFuncsApplies(bf, a, b, dom, args) {
		return nil, false, nil
	}
	fz, err := applyBinary(op, bf, fillVec(a, dom), fillVec(b, dom))
	if err != nil {
		return nil, false, nil
	}
	r, err := tensor.CustomZipped(a, b, fz.store(out, []int64{1}).Data, func(x, y dtype.Array) (dtype.Array, error) {
		z, err := applyBinary(op, bf, loadVec(x, dom), loadVec(y, dom))
		if err != nil {
			return dtype.Array{}, err
		}
		return z.store(out, slices.Clone(x.Shape)), nil
	})
	return r, true, err
}

// zipCustomFuncsApplies reports whether zipCustomFuncs zips a's and b's
// values arrays: both custom, of one storage of a unique format, scalar
// fills, no result layout asked for, and not an integer division (whose
// padding outside the tensor, holding a zero fill, would divide by zero
// where no element does).
func zipCustomFuncsApplies(bf binFuncs, a, b *tensor.Tensor, dom domain, args *BinaryArgs) bool {
	if a.Layout() != tensor.Custom || b.Layout() != tensor.Custom || args.Out.Layout != nil || a.PerSlotFill() || b.PerSlotFill() ||
		!slices.Equal(a.Dims(), b.Dims()) || (bf.divides && dom == domInt) {
		return false
	}
	ua, err := a.USTStorage()
	if err != nil {
		return false
	}
	ub, err := b.USTStorage()
	return err == nil && ua.Format.IsUnique() && sameStorage(ua, ub)
}
