package conformance

import (
	"fmt"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// Kind says what a Value holds.
type Kind int

// The kinds of values that ops take and return.
const (
	KindTensor Kind = iota
	KindScalar
	KindTuple
)

// Value is an op's input or result: a tensor, a scalar or a tuple of values.
type Value struct {
	Kind   Kind
	Tensor *tensor.Tensor
	// Scalar and ScalarDType hold a scalar: ScalarDType says what the JSON
	// literal was (Bool, Int64, Float64 or Complex128), for type promotion.
	Scalar      dtype.Scalar
	ScalarDType dtype.DType
	Tuple       []Value
}

// TensorValue wraps a tensor.
func TensorValue(t *tensor.Tensor) Value { return Value{Kind: KindTensor, Tensor: t} }

// ScalarValue wraps a scalar whose literal had the given dtype.
func ScalarValue(s dtype.Scalar, d dtype.DType) Value {
	return Value{Kind: KindScalar, Scalar: s, ScalarDType: d}
}

// TupleValue wraps a tuple of values.
func TupleValue(vs ...Value) Value { return Value{Kind: KindTuple, Tuple: vs} }

// String names the kind of the value, for messages.
func (k Kind) String() string {
	switch k {
	case KindTensor:
		return "tensor"
	case KindScalar:
		return "scalar"
	case KindTuple:
		return "tuple"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// tensorArg returns input i as a tensor, or an error naming the argument.
func tensorArg(op string, inputs []Value, i int) (*tensor.Tensor, error) {
	if i >= len(inputs) {
		return nil, fmt.Errorf("%s: input %d is missing (got %d inputs)", op, i, len(inputs))
	}
	if inputs[i].Kind != KindTensor || inputs[i].Tensor == nil {
		return nil, fmt.Errorf("%s: input %d must be a tensor, got a %s", op, i, inputs[i].Kind)
	}
	return inputs[i].Tensor, nil
}

// arrayArg returns input i, a strided tensor, as its dense array (an alias
// of the tensor's data, as torch's constructors alias their inputs).
func arrayArg(op, name string, inputs []Value, i int) (dtype.Array, error) {
	t, err := tensorArg(op, inputs, i)
	if err != nil {
		return dtype.Array{}, err
	}
	if t.Layout() != tensor.Strided {
		return dtype.Array{}, fmt.Errorf("%s: %s (input %d) must be a strided tensor, got %s", op, name, i, t.Layout())
	}
	return tensor.Component(t, tensor.CompValues)
}

// checkArity requires exactly n inputs.
func checkArity(op string, inputs []Value, n int) error {
	if len(inputs) != n {
		return fmt.Errorf("%s: expected %d inputs, got %d", op, n, len(inputs))
	}
	return nil
}
