package conformance

import (
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Reductions and masking: sparse.sum, sparse.softmax, sparse.log_softmax, sparse_mask.
func init() {
	register("sparse.sum", sumOp)
	registerDense("sparse.sum", sumOp)
	register("sparse.softmax", tensorWithInts("sparse.softmax", []string{"dim"}, func(t *tensor.Tensor, v []int64) (*tensor.Tensor, error) {
		return ops.Softmax(t, int(v[0]), false)
	}))
	register("sparse.log_softmax", tensorWithInts("sparse.log_softmax", []string{"dim"}, func(t *tensor.Tensor, v []int64) (*tensor.Tensor, error) {
		return ops.Softmax(t, int(v[0]), true)
	}))
	register("sparse_mask", sparseMaskOp)
}

// sumOp is torch.sparse.sum(input, dim=None).
func sumOp(inputs []Value, p Params) (Value, error) {
	const op = "sparse.sum"
	if err := checkParams(op, p, "dim"); err != nil {
		return Value{}, err
	}
	if err := checkArity(op, inputs, 1); err != nil {
		return Value{}, err
	}
	t, err := tensorArg(op, inputs, 0)
	if err != nil {
		return Value{}, err
	}
	dims, _, err := intsParam(op, p, "dim")
	if err != nil {
		return Value{}, err
	}
	ds := make([]int, len(dims))
	for i, d := range dims {
		ds[i] = int(d)
	}
	r, err := ops.Sum(t, ds)
	if err != nil {
		return Value{}, err
	}
	return TensorValue(r), nil
}

// sparseMaskOp is input.sparse_mask(mask).
func sparseMaskOp(inputs []Value, p Params) (Value, error) {
	const op = "sparse_mask"
	if err := checkParams(op, p); err != nil {
		return Value{}, err
	}
	if err := checkArity(op, inputs, 2); err != nil {
		return Value{}, err
	}
	t, err := tensorArg(op, inputs, 0)
	if err != nil {
		return Value{}, err
	}
	m, err := tensorArg(op, inputs, 1)
	if err != nil {
		return Value{}, err
	}
	r, err := ops.SparseMask(t, m)
	if err != nil {
		return Value{}, err
	}
	return TensorValue(r), nil
}
