package conformance

import (
	"fmt"

	"github.com/gosparse/gosparse/core/convert"
)

// Op runs one operation of the vectors: inputs are positional, in torch's
// order; params are torch's keyword arguments.
type Op func(inputs []Value, params Params) (Value, error)

// Registry maps a case's op name to its implementation over the core. An op
// absent from it fails its cases with "not implemented: <op>". Each
// ops_<family>.go file fills it in its init.
var Registry = map[string]Op{}

// DenseRegistry maps an op name to its definition on strided inputs: the
// reference against which a result is judged where torch refused the case,
// by the invariant to_dense(op(A)) == op(to_dense(A)).
var DenseRegistry = map[string]Op{}

// register adds an op; registering a name twice is a programming error.
func register(name string, op Op) {
	if _, dup := Registry[name]; dup {
		panic("conformance: op " + name + " registered twice")
	}
	Registry[name] = op
}

// registerDense adds an op's definition on strided tensors.
func registerDense(name string, op Op) {
	if _, dup := DenseRegistry[name]; dup {
		panic("conformance: dense op " + name + " registered twice")
	}
	DenseRegistry[name] = op
}

// denseValue materialises every tensor of v as a strided tensor (tuples
// element by element; scalars as they are).
func denseValue(v Value) (Value, error) {
	switch v.Kind {
	case KindTensor:
		d, err := convert.ToDense(v.Tensor)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(d), nil
	case KindTuple:
		out := make([]Value, len(v.Tuple))
		for i, x := range v.Tuple {
			d, err := denseValue(x)
			if err != nil {
				return Value{}, fmt.Errorf("tuple[%d]: %w", i, err)
			}
			out[i] = d
		}
		return TupleValue(out...), nil
	}
	return v, nil
}
