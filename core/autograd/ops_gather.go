package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// Gather records op, an operation every element of whose result is a copy
// of one element of one input or an unspecified (fill) element: the shape,
// indexing and joining ops (reshape, permute, unsqueeze, squeeze, select,
// index_select, narrow_copy, t[i], cat, stack). Its backward is the adjoint
// of the copy: each element of an input gets the sum of the output's
// gradient over the elements copied from it, at a sparse input's specified
// elements only (torch's masked rule), coalesced for COO.
//
// The copy map is not derived per op: at backward, op runs once more on
// inputs of the same patterns whose stored values number the stored
// elements (1, 2, ... across all inputs, float64, exact below 2^53), so the
// output tells where each of its elements came from. Forward costs nothing
// more than op.
func Gather(name string, xs []*Var, op func([]*tensor.Tensor) (*tensor.Tensor, error)) (*Var, error) {
	ts := make([]*tensor.Tensor, len(xs))
	for i, x := range xs {
		ts[i] = x.t
	}
	out, err := op(ts)
	if err != nil {
		return nil, err
	}
	return record(name, out, xs, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		return gatherGrads(ts, g, op)
	}), nil
}

// gatherGrads is Gather's backward: the numbered inputs through op, then
// the output's gradient scattered back by number.
func gatherGrads(ts []*tensor.Tensor, g *tensor.Tensor, op func([]*tensor.Tensor) (*tensor.Tensor, error)) ([]*tensor.Tensor, error) {
	pats := make([]*tensor.Tensor, len(ts))
	numbered := make([]*tensor.Tensor, len(ts))
	starts := make([]int64, len(ts)+1)
	for i, t := range ts {
		p, err := patternOf(t)
		if err != nil {
			return nil, err
		}
		pats[i] = p
		if numbered[i], err = numberedLike(p, starts[i]); err != nil {
			return nil, err
		}
		starts[i+1] = starts[i] + storedCount(p)
	}
	ids, err := op(numbered)
	if err != nil {
		return nil, err
	}
	idv, gv, err := alignedValues(ids, g)
	if err != nil {
		return nil, err
	}
	acc := make([]complex128, starts[len(ts)])
	for e, id := range idv {
		if k := int64(id) - 1; id != 0 && k >= 0 && k < int64(len(acc)) {
			acc[k] += gv[e]
		}
	}
	grads := make([]*tensor.Tensor, len(ts))
	for i, p := range pats {
		if grads[i], err = valuesGrad(p, acc[starts[i]:starts[i+1]]); err != nil {
			return nil, err
		}
	}
	return grads, nil
}

// patternOf is t with its stored elements unique: an uncoalesced COO
// tensor coalesced (its gradient is coalesced, as torch's), others as they
// are.
func patternOf(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.COO && !t.IsCoalesced() {
		return convert.Coalesce(t)
	}
	return t, nil
}

// storedCount is the number of stored scalars of t (every element of a
// strided tensor; nnz times the dense block of a sparse one).
func storedCount(t *tensor.Tensor) int64 {
	v := t.Values()
	return v.Numel()
}

// numberedLike is a float64 tensor of p's pattern and layout whose stored
// scalars are start+1, start+2, ... in storage order.
func numberedLike(p *tensor.Tensor, start int64) (*tensor.Tensor, error) {
	v, err := tensor.Component(p, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	vals := dtype.NewArray(dtype.Float64, v.Shape)
	f := dtype.AsSlice[float64](vals)
	for i := range f {
		f[i] = float64(start + int64(i) + 1)
	}
	if p.Layout() == tensor.Strided {
		return tensor.NewStrided(vals)
	}
	return withValues(p, vals)
}

// alignedValues reads the numbers of ids and the gradient g element by
// element in one order: every element of a strided ids, the stored
// scalars of a sparse one (g at the same positions).
func alignedValues(ids, g *tensor.Tensor) ([]float64, []complex128, error) {
	if ids.Layout() == tensor.Strided {
		gd := g
		if g.Layout() != tensor.Strided {
			var err error
			if gd, err = convert.ToDense(g); err != nil {
				return nil, nil, err
			}
		}
		iv, err := floatsOf(ids)
		if err != nil {
			return nil, nil, err
		}
		gv, err := complexesOf(gd)
		return iv, gv, err
	}
	ic, err := cooOf(ids)
	if err != nil {
		return nil, nil, err
	}
	gm, err := ops.SparseMask(g, ic)
	if err != nil {
		return nil, nil, err
	}
	if gm, err = cooOf(gm); err != nil {
		return nil, nil, err
	}
	if gm.NNZ() != ic.NNZ() {
		return nil, nil, errs.Errorf(errs.ErrInternal, "gather backward: the gradient masked to the output's pattern has %d entries, the output %d", gm.NNZ(), ic.NNZ())
	}
	iv, err := floatsOf(ic)
	if err != nil {
		return nil, nil, err
	}
	gv, err := complexesOf(gm)
	return iv, gv, err
}

// floatsOf is t's stored scalars as float64.
func floatsOf(t *tensor.Tensor) ([]float64, error) {
	c, err := convert.ToDType(t, dtype.Float64)
	if err != nil {
		return nil, err
	}
	v, err := tensor.Component(c, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	return dtype.AsSlice[float64](v), nil
}

// complexesOf is t's stored scalars as complex128.
func complexesOf(t *tensor.Tensor) ([]complex128, error) {
	c, err := convert.ToDType(t, dtype.Complex128)
	if err != nil {
		return nil, err
	}
	v, err := tensor.Component(c, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	return dtype.AsSlice[complex128](v), nil
}

// valuesGrad is the gradient of p holding acc at its stored scalars, in p's
// dtype (the real part for a real p), pattern and layout.
func valuesGrad(p *tensor.Tensor, acc []complex128) (*tensor.Tensor, error) {
	v, err := tensor.Component(p, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	var vals dtype.Array
	if p.DType().IsComplex() {
		vals = dtype.NewArray(dtype.Complex128, v.Shape)
		copy(dtype.AsSlice[complex128](vals), acc)
	} else {
		vals = dtype.NewArray(dtype.Float64, v.Shape)
		f := dtype.AsSlice[float64](vals)
		for i, a := range acc {
			f[i] = real(a)
		}
	}
	var t *tensor.Tensor
	if p.Layout() == tensor.Strided {
		t, err = tensor.NewStrided(vals)
	} else {
		t, err = withValues(p, vals)
	}
	if err != nil || t.DType() == p.DType() {
		return t, err
	}
	return convert.ToDType(t, p.DType())
}
