package conformance

import (
	"fmt"

	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Indexing operators: select, index (s[i, j, ...]), index_select, narrow_copy.
func init() {
	for name, op := range map[string]Op{
		"select": tensorWithInts("select", []string{"dim", "index"}, func(t *tensor.Tensor, v []int64) (*tensor.Tensor, error) {
			return ops.Select(t, int(v[0]), v[1])
		}),
		"narrow_copy": tensorWithInts("narrow_copy", []string{"dim", "start", "length"}, func(t *tensor.Tensor, v []int64) (*tensor.Tensor, error) {
			return ops.NarrowCopy(t, int(v[0]), v[1], v[2])
		}),
		"index":        indexOp,
		"index_select": indexSelectOp,
	} {
		register(name, op)
		registerDense(name, op)
	}
}

// indexOp is s[i, j, ...] with integer indices (param index).
func indexOp(inputs []Value, p Params) (Value, error) {
	const op = "index"
	if err := checkParams(op, p, "index"); err != nil {
		return Value{}, err
	}
	if err := checkArity(op, inputs, 1); err != nil {
		return Value{}, err
	}
	t, err := tensorArg(op, inputs, 0)
	if err != nil {
		return Value{}, err
	}
	idx, ok, err := intsParam(op, p, "index")
	if err != nil {
		return Value{}, err
	}
	if !ok {
		return Value{}, errMissingParam(op, "index")
	}
	r, err := ops.Index(t, idx)
	if err != nil {
		return Value{}, err
	}
	return TensorValue(r), nil
}

// indexSelectOp is index_select(input, dim, index) with index a strided int tensor input.
func indexSelectOp(inputs []Value, p Params) (Value, error) {
	const op = "index_select"
	if err := checkParams(op, p, "dim"); err != nil {
		return Value{}, err
	}
	if err := checkArity(op, inputs, 2); err != nil {
		return Value{}, err
	}
	t, err := tensorArg(op, inputs, 0)
	if err != nil {
		return Value{}, err
	}
	idx, err := arrayArg(op, "index", inputs, 1)
	if err != nil {
		return Value{}, err
	}
	dim, ok, err := intParam(op, p, "dim")
	if err != nil {
		return Value{}, err
	}
	if !ok {
		return Value{}, errMissingParam(op, "dim")
	}
	r, err := ops.IndexSelect(t, int(dim), idx)
	if err != nil {
		return Value{}, err
	}
	return TensorValue(r), nil
}

// errMissingParam reports a required keyword argument that the case lacks.
func errMissingParam(op, name string) error {
	return fmt.Errorf("%s: missing param %s", op, name)
}
