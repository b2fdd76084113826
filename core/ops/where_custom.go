package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// whereCustom is Where(condition, x, y) where condition is a bool
// custom-format tensor and one of x, y a tensor of condition's storage
// (one format, the same pos and crd arrays, shared or equal: A > 0 and A,
// say) of the result's dtype, the other a number: a select over the two
// values arrays, slot by slot (engine.Select), the padding selecting
// between the fills, so the result's padding holds its fill, where(fill of
// condition, fill of x, fill of y). The result is that format over the
// tensor's levels, as a zip of two tensors of one storage gives
// (zipCustom), never the operands' COO forms. ok is false for every other
// case (a per-slot or undefined fill, another storage, two tensors, a
// dtype the engine does not select), which takes the COO forms' route.
func whereCustom(condition *tensor.Tensor, x, y Operand) (*tensor.Tensor, bool, error) {
	if condition.Layout() != tensor.Custom || condition.DType() != dtype.Bool || condition.NDim() == 0 ||
		condition.PerSlotFill() || condition.UndefinedFill() || (x.Tensor == nil) == (y.Tensor == nil) {
		return nil, false, nil
	}
	t, n, numberWhenTrue := x.Tensor, y.Number, false
	if t == nil {
		t, n, numberWhenTrue = y.Tensor, x.Number, true
	}
	out := resultType(x, y)
	if t.Layout() != tensor.Custom || t.DType() != out || t.PerSlotFill() || t.UndefinedFill() || !slices.Equal(t.Dims(), condition.Dims()) {
		return nil, false, nil
	}
	uc, err := condition.USTStorage()
	if err != nil {
		return nil, false, nil
	}
	ut, err := t.USTStorage()
	if err != nil || !ut.Format.IsUnique() || !sameStorage(uc, ut) {
		return nil, false, nil
	}
	// The number in its own dtype, then cast, as its filled tensor would be (whereOperand).
	num := tensor.ScalarBytes(out, dtype.LoadScalar(n.Kind, tensor.ScalarBytes(n.Kind, n.Value)))
	fills := []dtype.Scalar{dtype.LoadScalar(dtype.Bool, condition.FillElem()), dtype.LoadScalar(out, num), dtype.LoadScalar(out, num)}
	fills[1+boolIndex(numberWhenTrue)] = dtype.LoadScalar(out, t.FillElem())
	fill := tensor.ScalarBytes(out, pick3(fills))
	selected := true
	r, err := tensor.CustomMapped(t, fill, func(v dtype.Array) (dtype.Array, error) {
		vals, ok, err := engine.Select(uc.Values, v, num, numberWhenTrue)
		selected = ok
		return vals, err
	})
	if !selected { // no error then: the engine refused the dtype before reading anything
		return nil, false, nil
	}
	return r, true, err
}

// boolIndex is 1 for true, 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
