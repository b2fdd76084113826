package conformance

import (
	"encoding/json"
	"fmt"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// The matmul family: mm, sparse.mm, mv, matmul, addmm, sparse.addmm,
// sspaddmm, hspmm, smm, bmm and sparse.sampled_addmm. Each core function
// accepts strided operands too, which makes it its own dense definition.
func init() {
	binary := map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
		"mm": linalg.Mm, "sparse.mm": linalg.SparseMm, "mv": linalg.Mv, "matmul": linalg.Matmul,
		"hspmm": linalg.Hspmm, "smm": linalg.Smm, "bmm": linalg.Bmm,
	}
	for name, f := range binary {
		register(name, linalgBinary(name, f))
		registerDense(name, linalgBinary(name, f))
	}
	addmm := map[string]func(in, a, b *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error){
		"addmm": linalg.Addmm, "sparse.addmm": linalg.SparseAddmm, "sspaddmm": linalg.Sspaddmm,
		"sparse.sampled_addmm": linalg.SampledAddmm,
	}
	for name, f := range addmm {
		register(name, linalgAddmm(name, f))
		registerDense(name, linalgAddmm(name, f))
	}
}

// linalgBinary is an op of two tensors without params.
func linalgBinary(op string, f func(a, b *tensor.Tensor) (*tensor.Tensor, error)) Op {
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 2); err != nil {
			return Value{}, err
		}
		a, err := tensorArg(op, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		b, err := tensorArg(op, inputs, 1)
		if err != nil {
			return Value{}, err
		}
		r, err := f(a, b)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// linalgAddmm is an op (input, mat1, mat2, beta=1, alpha=1).
func linalgAddmm(op string, f func(in, a, b *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error)) Op {
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, "beta", "alpha"); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 3); err != nil {
			return Value{}, err
		}
		var ts [3]*tensor.Tensor
		for i := range ts {
			t, err := tensorArg(op, inputs, i)
			if err != nil {
				return Value{}, err
			}
			ts[i] = t
		}
		beta, err := linalgScalarParam(op, p, "beta")
		if err != nil {
			return Value{}, err
		}
		alpha, err := linalgScalarParam(op, p, "alpha")
		if err != nil {
			return Value{}, err
		}
		r, err := f(ts[0], ts[1], ts[2], beta, alpha)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// linalgScalarParam reads a scalar param (an integer, real or [re, im]);
// torch's default of beta and alpha, 1, when absent or null.
func linalgScalarParam(op string, p Params, name string) (dtype.Scalar, error) {
	raw, present := p[name]
	if !present || raw == nil {
		return dtype.IntScalar(1), nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return dtype.Scalar{}, fmt.Errorf("%s: param %s: %v", op, name, err)
	}
	v, err := parseScalar(b)
	if err != nil {
		return dtype.Scalar{}, fmt.Errorf("%s: param %s: %v", op, name, err)
	}
	return v.Scalar, nil
}
