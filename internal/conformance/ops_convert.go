package conformance

import (
	"fmt"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
)

// Conversions between layouts: to_sparse*, to_dense, coalesce. On dense
// tensors every one of them is the identity, which is their dense definition.
func init() {
	register("to_sparse", toSparse)
	register("to_sparse_coo", convertTo("to_sparse_coo", tensor.COO))
	register("to_sparse_csr", convertTo("to_sparse_csr", tensor.CSR))
	register("to_sparse_csc", convertTo("to_sparse_csc", tensor.CSC))
	register("to_sparse_bsr", convertTo("to_sparse_bsr", tensor.BSR))
	register("to_sparse_bsc", convertTo("to_sparse_bsc", tensor.BSC))
	register("to_dense", unaryTensor("to_dense", convert.ToDense))
	register("coalesce", unaryTensor("coalesce", convert.Coalesce))
	for _, name := range []string{"to_sparse", "to_sparse_coo", "to_sparse_csr", "to_sparse_csc",
		"to_sparse_bsr", "to_sparse_bsc", "to_dense", "coalesce"} {
		registerDense(name, denseIdentity(name))
	}
}

// toSparse is Tensor.to_sparse(sparse_dim) or
// Tensor.to_sparse(layout=, blocksize=, dense_dim=); COO by default.
func toSparse(inputs []Value, p Params) (Value, error) {
	const op = "to_sparse"
	if err := checkParams(op, p, "sparse_dim", "layout", "blocksize", "dense_dim"); err != nil {
		return Value{}, err
	}
	if err := checkArity(op, inputs, 1); err != nil {
		return Value{}, err
	}
	t, err := tensorArg(op, inputs, 0)
	if err != nil {
		return Value{}, err
	}
	layout := tensor.COO
	if name, ok, err := stringParam(op, p, "layout"); err != nil {
		return Value{}, err
	} else if ok {
		if layout, err = tensor.ParseLayout(name); err != nil {
			return Value{}, fmt.Errorf("%s: param layout: %w", op, err)
		}
	}
	opt, err := convertOptions(op, p)
	if err != nil {
		return Value{}, err
	}
	sd, ok, err := intParam(op, p, "sparse_dim")
	if err != nil {
		return Value{}, err
	}
	if ok {
		if layout != tensor.COO {
			return Value{}, fmt.Errorf("%s: param sparse_dim applies to sparse_coo only, not to layout %s", op, layout)
		}
		opt.SparseDim = int(sd)
	}
	r, err := convert.ToLayout(t, layout, opt)
	if err != nil {
		return Value{}, err
	}
	return TensorValue(r), nil
}

// convertTo is Tensor.to_sparse_<layout>(blocksize=, dense_dim=).
func convertTo(op string, layout tensor.Layout) Op {
	allowed := []string{"dense_dim"}
	if layout == tensor.BSR || layout == tensor.BSC {
		allowed = append(allowed, "blocksize")
	}
	if layout == tensor.COO {
		allowed = nil
	}
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, allowed...); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 1); err != nil {
			return Value{}, err
		}
		t, err := tensorArg(op, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		opt, err := convertOptions(op, p)
		if err != nil {
			return Value{}, err
		}
		r, err := convert.ToLayout(t, layout, opt)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// convertOptions reads dense_dim and blocksize (either may be absent).
func convertOptions(op string, p Params) (tensor.ConvertOptions, error) {
	opt := tensor.DefaultConvert()
	dd, ok, err := intParam(op, p, "dense_dim")
	if err != nil {
		return opt, err
	}
	if ok {
		opt.DenseDim = int(dd)
	}
	if opt.BlockSize, _, err = blockSize(op, p); err != nil {
		return opt, err
	}
	return opt, nil
}

// unaryTensor adapts a core function of one tensor and no params.
func unaryTensor(op string, f func(*tensor.Tensor) (*tensor.Tensor, error)) Op {
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 1); err != nil {
			return Value{}, err
		}
		t, err := tensorArg(op, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		r, err := f(t)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(r), nil
	}
}

// denseIdentity is the dense definition of a layout conversion: on a strided
// tensor it changes nothing.
func denseIdentity(op string) Op {
	return func(inputs []Value, _ Params) (Value, error) {
		if err := checkArity(op, inputs, 1); err != nil {
			return Value{}, err
		}
		t, err := tensorArg(op, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(tensor.Clone(t)), nil
	}
}
