package core

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// Where is torch.where(condition, x, y) with any operands sparse: out[i] is
// x[i] where condition[i] is non-zero, else y[i]. x and y are tensors or
// numbers (a number reads as a tensor with nothing stored and that fill).
// The result is stored where any operand stores an element, in condition's
// layout when it is sparse (else x's, else y's), with dtype
// promote_types(x, y) and fill where(fill(condition), fill(x), fill(y)).
func Where(condition *Tensor, x, y Operand) (*Tensor, error) {
	xs, err := whereOperand("x", x, condition)
	if err != nil {
		return nil, err
	}
	ys, err := whereOperand("y", y, condition)
	if err != nil {
		return nil, err
	}
	out := dtype.PromoteTypes(xs.dtype, ys.dtype)
	switch {
	case x.Tensor == nil && y.Tensor == nil: // two numbers: their default dtypes, as torch
		out = dtype.PromoteTypes(numberDefault(x.Number.Kind), numberDefault(y.Number.Kind))
	case x.Tensor == nil:
		out = dtype.PromoteNumber(y.Tensor.dtype, x.Number.Kind)
	case y.Tensor == nil:
		out = dtype.PromoteNumber(x.Tensor.dtype, y.Number.Kind)
	}
	ops := []*Tensor{condition, xs, ys}
	for _, t := range ops {
		if !slices.Equal(t.shape, condition.shape) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "where: expected condition, x and y to have the same shape, got %v, %v and %v", condition.shape, xs.shape, ys.shape)
		}
	}
	if len(condition.shape) == 0 { // 0-d tensors are strided: choose the one element
		v := pick3([]dtype.Scalar{condition.values.Complex(0), xs.values.Complex(0), ys.values.Complex(0)})
		return NewStrided(dtype.Array{DType: out, Data: ScalarBytes(out, v)})
	}
	lists := make([]*Tensor, 3)
	for i, t := range ops {
		if lists[i], err = elementCOO(t); err != nil {
			return nil, err
		}
	}
	nd := len(condition.shape)
	fills := []dtype.Scalar{condition.Fill(), xs.Fill(), ys.Fill()}
	pos := make([]int64, 3)
	var coords [][]int64
	var vals []dtype.Scalar
	for {
		// the smallest coordinate not yet merged, across the three lists
		best := -1
		for i, l := range lists {
			if pos[i] < l.indices.Shape[1] && (best < 0 || cmpColumns(l, pos[i], lists[best], pos[best], nd) < 0) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		at := make([]int64, nd)
		for d := range at {
			at[d] = lists[best].indices.Index(int64(d)*lists[best].indices.Shape[1] + pos[best])
		}
		v := make([]dtype.Scalar, 3)
		for i, l := range lists {
			v[i] = fills[i]
			if pos[i] < l.indices.Shape[1] && cmpColumns(l, pos[i], lists[best], pos[best], nd) == 0 && i != best {
				v[i] = l.values.Complex(pos[i])
				pos[i]++
			}
		}
		v[best] = lists[best].values.Complex(pos[best])
		pos[best]++
		coords = append(coords, at)
		vals = append(vals, pick3(v))
	}
	fill := pick3(fills)
	values := dtype.NewArray(out, []int64{int64(len(vals))})
	for i, v := range vals {
		values.SetComplex(int64(i), v)
	}
	ce := &cooEntries{shape: condition.Shape(), coords: make([][]int64, nd), vals: values, coalesced: true,
		width: 64, fill: ScalarBytes(out, fill), dtype: out}
	for d := range ce.coords {
		ce.coords[d] = make([]int64, len(coords))
		for i := range coords {
			ce.coords[d][i] = coords[i][d]
		}
	}
	r, err := ce.tensor()
	if err != nil {
		return nil, err
	}
	like := condition
	for _, t := range []*Tensor{condition, x.Tensor, y.Tensor} {
		if t != nil && t.layout != Strided {
			like = t
			break
		}
	}
	if like.layout == Strided {
		return ToDense(r)
	}
	opt := ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: like.block, IndexWidth: keptWidth(like)}
	return ToLayout(r, like.layout, opt)
}

// pick3 is where(c, x, y) on scalars.
func pick3(v []dtype.Scalar) dtype.Scalar {
	if isNonZero(v[0]) {
		return v[1]
	}
	return v[2]
}

// whereOperand turns a number into an empty COO of condition's shape filled with it.
func whereOperand(arg string, o Operand, condition *Tensor) (*Tensor, error) {
	if o.Tensor != nil {
		return o.Tensor, nil
	}
	if len(condition.shape) == 0 {
		return NewStrided(dtype.Array{DType: o.Number.Kind, Data: ScalarBytes(o.Number.Kind, o.Number.Value)})
	}
	e, err := Empty(COO, o.Number.Kind, condition.Shape(), [2]int64{}, 0)
	if err != nil {
		return nil, errs.Errorf(errs.CodeOf(err), "where: %s: %v", arg, err)
	}
	return revalue(e, e.values, ScalarBytes(o.Number.Kind, o.Number.Value)), nil
}

// numberDefault is the dtype torch gives a Python number of a kind on its
// own: float numbers are float32, complex ones complex64.
func numberDefault(kind dtype.DType) dtype.DType {
	switch kind {
	case dtype.Float64:
		return dtype.Float32
	case dtype.Complex128:
		return dtype.Complex64
	}
	return kind
}
