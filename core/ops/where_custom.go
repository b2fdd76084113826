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
	t, uc, n, numberWhenTrue, ok := whereCustomOperands(condition, x, y)
	if !ok {
		return nil, false, nil
	}
	out := t.DType()
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

// whereCustomOperands is whereCustom's test of its operands: the tensor
// of condition's storage and condition's storage uc, the number and
// whether it is chosen where condition holds; ok is false where whereCustom
// does not serve them.
func whereCustomOperands(condition *tensor.Tensor, x, y Operand) (t *tensor.Tensor, uc *tensor.UST, n dtype.Number, numberWhenTrue, ok bool) {
	if condition.Layout() != tensor.Custom || condition.DType() != dtype.Bool || condition.NDim() == 0 ||
		condition.PerSlotFill() || condition.UndefinedFill() || (x.Tensor == nil) == (y.Tensor == nil) {
		return nil, nil, n, false, false
	}
	t, n = x.Tensor, y.Number
	if t == nil {
		t, n, numberWhenTrue = y.Tensor, x.Number, true
	}
	out := resultType(x, y)
	if t.Layout() != tensor.Custom || t.DType() != out || t.PerSlotFill() || t.UndefinedFill() || !slices.Equal(t.Dims(), condition.Dims()) {
		return nil, nil, n, false, false
	}
	uc, err := condition.USTStorage()
	if err != nil {
		return nil, nil, n, false, false
	}
	ut, err := t.USTStorage()
	if err != nil || !ut.Format.IsUnique() || !sameStorage(uc, ut) {
		return nil, nil, n, false, false
	}
	return t, uc, n, numberWhenTrue, true
}

// boolIndex is 1 for true, 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
