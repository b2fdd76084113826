package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// elementwiseFormat is the format rule of an element-wise result, read by
// the operators and their plans alike: the custom format of the tensor
// operands where every one is a custom-format tensor of one format (up to
// its dims' names) and one size and no output layout was asked; ok is false
// otherwise (the operators' rules for COO give the result's layout).
func elementwiseFormat(o Output, operands ...*tensor.Tensor) (f format.Format, ok bool) {
	if o.Layout != nil || len(operands) == 0 {
		return format.Format{}, false
	}
	for i, in := range operands {
		if in.Layout() != tensor.Custom {
			return format.Format{}, false
		}
		u, err := in.USTStorage() // the tensor's own storage: no copy
		switch {
		case err != nil:
			return format.Format{}, false
		case i == 0:
			f = u.Format
		case !slices.Equal(in.Dims(), operands[0].Dims()) || !tensor.PositionalNames(u.Format).Equal(tensor.PositionalNames(f)):
			return format.Format{}, false
		}
	}
	return f, true
}

// inFormat stores res, an element-wise result computed on its operands'
// COO forms, in format f (elementwiseFormat's), its padding holding res's
// fill: a ragged operand's structure takes res's values where res kept its
// pattern; a res that is not a sparse COO tensor of the operands' size is
// returned as is. A format that cannot hold res's pattern (a structured(n)
// strip given more than n values by an addition) or a storage over the
// memory limit leaves res in COO too: the result exists either way.
func inFormat(res *tensor.Tensor, f format.Format, operands ...*tensor.Tensor) (*tensor.Tensor, error) {
	if res.Layout() != tensor.COO || !slices.Equal(res.Dims(), operands[0].Dims()) {
		return res, nil
	}
	if len(operands) == 1 {
		if out, ok := keepRagged(res, operands[0]); ok {
			return out, nil
		}
	}
	out, err := convert.ToFormat(res, f)
	switch errs.CodeOf(err) {
	case errs.OK:
		return out, nil
	case errs.ErrInvalidArgument, errs.ErrTooLarge:
		return res, nil
	}
	return nil, err
}

// tensorsOf lists the operands that are tensors.
func tensorsOf(ops ...Operand) []*tensor.Tensor {
	return appendTensors(nil, ops...)
}

// appendTensors appends the tensors of ops (skipping numbers) to ts.
func appendTensors(ts []*tensor.Tensor, ops ...Operand) []*tensor.Tensor {
	for _, o := range ops {
		if o.Tensor != nil {
			ts = append(ts, o.Tensor)
		}
	}
	return ts
}
