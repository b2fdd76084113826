package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// keepFormat gives an element-wise result the format of its custom-format
// operands: res, computed on their COO forms, is stored again in that
// format (its padding holding res's fill value) when every tensor operand
// is a custom-format tensor of one format and res's shape, res is sparse,
// and no output layout was asked for. Otherwise res is returned as is (the
// operators' rules for COO). A format that cannot hold res's pattern (a
// structured(n) strip given more than n values by an addition) or a storage
// over the memory limit leaves res in COO too: the result exists either way.
func keepFormat(res *tensor.Tensor, o Output, operands ...*tensor.Tensor) (*tensor.Tensor, error) {
	if o.Layout != nil || res.Layout() != tensor.COO || res.FormatStore() != nil || len(operands) == 0 {
		return res, nil
	}
	var f format.Format
	for i, in := range operands {
		u := in.FormatStore()
		if u == nil || !slices.Equal(in.Dims(), res.Dims()) {
			return res, nil
		}
		if i == 0 {
			f = u.Format
		} else if !tensor.PositionalNames(u.Format).Equal(tensor.PositionalNames(f)) {
			return res, nil
		}
	}
	if len(operands) == 1 {
		if out, ok := keepRagged(res, operands[0]); ok {
			return out, nil
		}
	}
	out, err := tensor.ToFormat(res, f)
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
