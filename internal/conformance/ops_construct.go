package conformance

import (
	"fmt"

	"github.com/gosparse/gosparse/core/tensor"
)

// Constructors from components: torch.sparse_coo_tensor and the compressed
// family. Their inputs are strided index and value arrays; they have no
// dense definition (there is no dense tensor to start from).
func init() {
	register("sparse_coo_tensor", sparseCOOTensor)
	register("sparse_csr_tensor", compressedTensor("sparse_csr_tensor", tensor.CSR))
	register("sparse_csc_tensor", compressedTensor("sparse_csc_tensor", tensor.CSC))
	register("sparse_bsr_tensor", compressedTensor("sparse_bsr_tensor", tensor.BSR))
	register("sparse_bsc_tensor", compressedTensor("sparse_bsc_tensor", tensor.BSC))
	register("sparse_compressed_tensor", compressedTensor("sparse_compressed_tensor", tensor.Strided))
}

// buildOptions reads check_invariants (torch's default here: check) and,
// for COO, is_coalesced.
func buildOptions(op string, p Params) (tensor.BuildOptions, error) {
	check, err := boolParam(op, p, "check_invariants", true)
	if err != nil {
		return tensor.BuildOptions{}, err
	}
	coalesced, err := boolParam(op, p, "is_coalesced", false)
	if err != nil {
		return tensor.BuildOptions{}, err
	}
	return tensor.BuildOptions{NoCheck: !check, Coalesced: coalesced}, nil
}

// sizeParam reads size; nil (infer) when absent.
func sizeParam(op string, p Params) ([]int64, error) {
	size, ok, err := intsParam(op, p, "size")
	if err != nil || !ok {
		return nil, err
	}
	if size == nil {
		size = []int64{}
	}
	return size, nil
}

// sparseCOOTensor is torch.sparse_coo_tensor(indices, values, size,
// check_invariants=, is_coalesced=).
func sparseCOOTensor(inputs []Value, p Params) (Value, error) {
	const op = "sparse_coo_tensor"
	if err := checkParams(op, p, "size", "check_invariants", "is_coalesced"); err != nil {
		return Value{}, err
	}
	if err := checkArity(op, inputs, 2); err != nil {
		return Value{}, err
	}
	idx, err := arrayArg(op, "indices", inputs, 0)
	if err != nil {
		return Value{}, err
	}
	vals, err := arrayArg(op, "values", inputs, 1)
	if err != nil {
		return Value{}, err
	}
	size, err := sizeParam(op, p)
	if err != nil {
		return Value{}, err
	}
	opt, err := buildOptions(op, p)
	if err != nil {
		return Value{}, err
	}
	t, err := tensor.NewCOO(idx, vals, size, opt)
	if err != nil {
		return Value{}, err
	}
	return TensorValue(t), nil
}

// compressedTensor is torch.sparse_<layout>_tensor(compressed, plain, values,
// size, check_invariants=); layout Strided stands for
// sparse_compressed_tensor, whose layout param is required.
func compressedTensor(op string, layout tensor.Layout) Op {
	allowed := []string{"size", "check_invariants"}
	if layout == tensor.Strided {
		allowed = append(allowed, "layout")
	}
	return func(inputs []Value, p Params) (Value, error) {
		if err := checkParams(op, p, allowed...); err != nil {
			return Value{}, err
		}
		if err := checkArity(op, inputs, 3); err != nil {
			return Value{}, err
		}
		l := layout
		if l == tensor.Strided {
			name, ok, err := stringParam(op, p, "layout")
			if err != nil {
				return Value{}, err
			}
			if !ok {
				return Value{}, fmt.Errorf("%s: param layout is required", op)
			}
			if l, err = tensor.ParseLayout(name); err != nil {
				return Value{}, fmt.Errorf("%s: param layout: %w", op, err)
			}
		}
		cn, pn := "compressed_indices", "plain_indices"
		if layout != tensor.Strided {
			cn, pn = compressedFields(layout)
		}
		comp, err := arrayArg(op, cn, inputs, 0)
		if err != nil {
			return Value{}, err
		}
		plain, err := arrayArg(op, pn, inputs, 1)
		if err != nil {
			return Value{}, err
		}
		vals, err := arrayArg(op, "values", inputs, 2)
		if err != nil {
			return Value{}, err
		}
		size, err := sizeParam(op, p)
		if err != nil {
			return Value{}, err
		}
		opt, err := buildOptions(op, p)
		if err != nil {
			return Value{}, err
		}
		t, err := tensor.NewCompressed(l, comp, plain, vals, size, opt)
		if err != nil {
			return Value{}, err
		}
		return TensorValue(t), nil
	}
}
