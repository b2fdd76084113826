package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The operators' entry to a custom-format operand they have no path of
// their own for: each family tries its paths on the format's storage
// first, then reads, for the rest of the call, the COO tensor tensor.Named
// makes of the operand's elements. That tensor lives for the call only:
// the operand goes on holding its storage and nothing more.

// namedAll is tensor.Named of each of ts (the same slice when none is a
// custom-format tensor).
func namedAll(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
	var out []*tensor.Tensor
	for i, t := range ts {
		if t == nil || t.Layout() != tensor.Custom {
			continue
		}
		if out == nil {
			out = append([]*tensor.Tensor(nil), ts...)
		}
		n, err := tensor.Named(t)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	if out == nil {
		return ts, nil
	}
	return out, nil
}

// namedOperand is o with its tensor, if any, made named (namedAll).
func namedOperand(o Operand) (Operand, error) {
	if o.Tensor == nil || o.Tensor.Layout() != tensor.Custom {
		return o, nil
	}
	n, err := tensor.Named(o.Tensor)
	if err != nil {
		return Operand{}, err
	}
	o.Tensor = n
	return o, nil
}

// namedBinary is binaryTensors on the operands made named, or on
// compressed forms for a custom matrix beside a CSR or CSC one
// (binaryCompressed) or two matrices of different custom formats
// (binaryFormats).
func namedBinary(name string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, error) {
	if r, ok, err := binaryFormats(name, def, bf, a, b, dom, out, args); ok || err != nil {
		return r, err
	}
	if r, ok, err := binaryCompressed(name, def, bf, a, b, dom, out, args); ok || err != nil {
		return r, err
	}
	ts, err := namedAll([]*tensor.Tensor{a, b})
	if err != nil {
		return nil, err
	}
	return binaryTensors(name, def, bf, ts[0], ts[1], dom, out, args)
}
