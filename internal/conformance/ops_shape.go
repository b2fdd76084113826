package conformance

import (
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Shape operators: transpose, t, unsqueeze, cat, stack. Each also has its
// dense definition: the same core function accepts strided tensors.
func init() {
	for name, op := range map[string]Op{
		"transpose": tensorWithInts("transpose", []string{"dim0", "dim1"}, func(t *tensor.Tensor, v []int64) (*tensor.Tensor, error) {
			return ops.Transpose(t, int(v[0]), int(v[1]))
		}),
		"t": tensorWithInts("t", nil, func(t *tensor.Tensor, _ []int64) (*tensor.Tensor, error) { return ops.T(t) }),
		"unsqueeze": tensorWithInts("unsqueeze", []string{"dim"}, func(t *tensor.Tensor, v []int64) (*tensor.Tensor, error) {
			return ops.Unsqueeze(t, int(v[0]))
		}),
		"cat":   tensorList("cat", ops.Cat),
		"stack": tensorList("stack", ops.Stack),
	} {
		register(name, op)
		registerDense(name, op)
	}
}

// tensorWithInts runs f on one tensor input and the named integer params, in order.
func tensorWithInts(op string, names []string, f func(*tensor.Tensor, []int64) (*tensor.Tensor, error)) Op {
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, names...); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 1); err != nil {
			return Value{}, err
		}
		t, err := tensorArg(op, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		vals := make([]int64, len(names))
		for i, n := range names {
			v, ok, err := intParam(op, p, n)
			if err != nil {
				return Value{}, err
			}
			if !ok {
				return Value{}, errMissingParam(op, n)
			}
			vals[i] = v
		}
		r, err := f(t, vals)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// tensorList runs f on every input tensor and the param dim (default 0).
func tensorList(op string, f func([]*tensor.Tensor, int) (*tensor.Tensor, error)) Op {
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, "dim"); err != nil {
			return Value{}, err
		}
		ts := make([]*tensor.Tensor, len(inputs))
		for i := range inputs {
			t, err := tensorArg(op, inputs, i)
			if err != nil {
				return Value{}, err
			}
			ts[i] = t
		}
		dim, _, err := intParam(op, p, "dim")
		if err != nil {
			return Value{}, err
		}
		r, err := f(ts, int(dim))
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}
