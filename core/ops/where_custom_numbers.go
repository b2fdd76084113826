package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// whereCustomNumbers is Where(condition, x, y) of a bool custom-format
// condition and two numbers: a choice between the two numbers over the
// condition's values array, slot by slot (engine.SelectNumbers), the
// result the condition's format over its levels (shared), of dtype
// promote_types(x, y) and fill where(fill(condition), x, y), which its
// padding holds, as every slot of the padding holds the condition's fill.
// ok is false for every other case (a per-slot or undefined fill, a
// nonunique format, a condition that is not bool), which takes the COO
// forms' route.
func whereCustomNumbers(condition *tensor.Tensor, x, y Operand) (*tensor.Tensor, bool, error) {
	if !whereCustomNumbersApplies(condition, x, y) {
		return nil, false, nil
	}
	out := resultType(x, y)
	// Each number in its own dtype, then cast, as its filled tensor would be (whereOperand).
	nums := [2][]byte{}
	for i, n := range []dtype.Number{x.Number, y.Number} {
		nums[i] = tensor.ScalarBytes(out, dtype.LoadScalar(n.Kind, tensor.ScalarBytes(n.Kind, n.Value)))
	}
	fill := nums[1]
	if !dtype.LoadScalar(dtype.Bool, condition.FillElem()).IsZero() {
		fill = nums[0]
	}
	selected := true
	r, err := tensor.CustomMapped(condition, fill, func(c dtype.Array) (dtype.Array, error) {
		vals, ok, err := engine.SelectNumbers(c, out, nums[0], nums[1])
		selected = ok
		return vals, err
	})
	if !selected { // no error then: the engine refused before reading anything
		return nil, false, nil
	}
	return r, true, err
}

// whereCustomNumbersApplies is whereCustomNumbers' test of its operands.
func whereCustomNumbersApplies(condition *tensor.Tensor, x, y Operand) bool {
	if condition.Layout() != tensor.Custom || condition.DType() != dtype.Bool || condition.NDim() == 0 ||
		condition.PerSlotFill() || condition.UndefinedFill() || x.Tensor != nil || y.Tensor != nil {
		return false
	}
	u, err := condition.USTStorage()
	return err == nil && u.Format.IsUnique()
}
