package ops

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Where is torch.where(condition, x, y) with any operands sparse: out[i] is
// x[i] where condition[i] is non-zero, else y[i]. x and y are tensors or
// numbers (a number reads as a tensor with nothing stored and that fill).
// The result is stored where any operand stores an element, in condition's
// layout when it is sparse (else x's, else y's; a custom-format condition
// and tensor of one storage beside a number, or beside two numbers, keep
// its format, whereCustom and whereCustomNumbers;
// tensors x and y, one of a custom format, beside a CSR or CSC operand take
// its layout, all of custom formats one storage's format or CSR, where
// whereFormats serves them; other custom operands read as COO), with dtype
// promote_types(x, y) and fill where(fill(condition), fill(x), fill(y)).
func Where(condition *tensor.Tensor, x, y Operand) (*tensor.Tensor, error) {
	if err := checkWhereNumbers(x, y); err != nil {
		return nil, err
	}
	if r, ok, err := whereCustom(condition, x, y); ok || err != nil {
		return r, err
	}
	if r, ok, err := whereCustomNumbers(condition, x, y); ok || err != nil {
		return r, err
	}
	if r, ok, err := whereFormats(condition, x, y); ok || err != nil {
		return r, err
	}
	condition, x, y, err := namedWhere(condition, x, y)
	if err != nil {
		return nil, err
	}
	xs, err := whereOperand("x", x, condition)
	if err != nil {
		return nil, err
	}
	ys, err := whereOperand("y", y, condition)
	if err != nil {
		return nil, err
	}
	out := resultType(x, y)
	ops := []*tensor.Tensor{condition, xs, ys}
	for _, t := range ops {
		if !slices.Equal(t.Dims(), condition.Dims()) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "where: expected condition, x and y to have the same shape, got %v, %v and %v", condition.Dims(), xs.Dims(), ys.Dims())
		}
	}
	if len(condition.Dims()) == 0 { // choose the one element, strided as torch's 0-d results
		v := make([]dtype.Scalar, 3)
		for i, t := range ops {
			if v[i], err = onlyElement(t); err != nil {
				return nil, err
			}
		}
		return tensor.NewStrided(dtype.Array{DType: out, Data: tensor.ScalarBytes(out, pick3(v))})
	}
	if r, ok, err := whereNative(condition, x, y, xs, ys, out); ok || err != nil {
		return r, err
	}
	strided := func(o Operand) bool { return o.Tensor == nil || o.Tensor.Layout() == tensor.Strided }
	if condition.Layout() == tensor.Strided && strided(x) && strided(y) {
		if r, ok, err := whereChoose(condition, x, y, out); ok || err != nil {
			return r, err
		}
		return whereStrided(ops, out)
	}
	return whereMerge(condition, x, y, xs, ys, out)
}

// namedWhere is Where's operands made named (namedAll): where has no path
// of its own for a custom format.
func namedWhere(condition *tensor.Tensor, x, y Operand) (*tensor.Tensor, Operand, Operand, error) {
	c, err := tensor.SortedNamed(condition)
	if err != nil {
		return nil, x, y, err
	}
	if x, err = namedOperand(x); err != nil {
		return nil, x, y, err
	}
	y, err = namedOperand(y)
	return c, x, y, err
}

// whereStrided is Where on strided operands (or numbers, as filled
// tensors), element by element: each value
// moves bit for bit once cast (the entry merge would read a -0 as an
// unspecified element, so as the fill +0).
func whereStrided(ops []*tensor.Tensor, out dtype.DType) (*tensor.Tensor, error) {
	vals := make([]dtype.Array, 3)
	for i, t := range ops {
		d, err := convert.ToDense(t)
		if err != nil {
			return nil, err
		}
		if i > 0 && d.DType() != out {
			if d, err = convert.ToDType(d, out); err != nil {
				return nil, err
			}
		}
		vals[i] = d.Values()
	}
	r := dtype.NewArray(out, slices.Clone(ops[0].Dims()))
	w := int64(out.Size())
	for i := range r.Numel() {
		from := vals[2]
		if !vals[0].Complex(i).IsZero() {
			from = vals[1]
		}
		copy(r.Data[i*w:(i+1)*w], from.Data[i*w:(i+1)*w])
	}
	return tensor.NewStrided(r)
}

// whereMerge is Where through a merge of the three operands' coalesced
// entries, for any layouts and patterns; the reference of whereNative.
func whereMerge(condition *tensor.Tensor, x, y Operand, xs, ys *tensor.Tensor, out dtype.DType) (*tensor.Tensor, error) {
	ops := []*tensor.Tensor{condition, xs, ys}
	var err error
	lists := make([]*tensor.Tensor, 3)
	for i, t := range ops { // a strided operand's -0s are entries (denseCOO), not its fill +0
		if lists[i], err = canonicalCOO(t, 0); err != nil {
			return nil, err
		}
	}
	nd := len(condition.Dims())
	fills := []dtype.Scalar{dtype.LoadScalar(condition.DType(), condition.FillElem()), dtype.LoadScalar(xs.DType(), xs.FillElem()), dtype.LoadScalar(ys.DType(), ys.FillElem())}
	pos := make([]int64, 3)
	var coords [][]int64
	var vals []dtype.Scalar
	for {
		// the smallest coordinate not yet merged, across the three lists
		best := -1
		for i, l := range lists {
			if pos[i] < l.Indices().Shape[1] && (best < 0 || tensor.CmpColumns(l, pos[i], lists[best], pos[best], nd) < 0) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		at := make([]int64, nd)
		for d := range at {
			at[d] = lists[best].Indices().Index(int64(d)*lists[best].Indices().Shape[1] + pos[best])
		}
		v := make([]dtype.Scalar, 3)
		for i, l := range lists {
			v[i] = fills[i]
			if pos[i] < l.Indices().Shape[1] && tensor.CmpColumns(l, pos[i], lists[best], pos[best], nd) == 0 && i != best {
				v[i] = l.Values().Complex(pos[i])
				pos[i]++
			}
		}
		v[best] = lists[best].Values().Complex(pos[best])
		pos[best]++
		coords = append(coords, at)
		vals = append(vals, pick3(v))
	}
	fill := pick3(fills)
	values := dtype.NewArray(out, []int64{int64(len(vals))})
	for i, v := range vals {
		values.SetComplex(int64(i), v)
	}
	ce := &convert.CooEntries{Shape: slices.Clone(condition.Dims()), Coords: make([][]int64, nd), Vals: values, Coalesced: true,
		Width: 64, Fill: tensor.ScalarBytes(out, fill), Dtype: out}
	for d := range ce.Coords {
		ce.Coords[d] = make([]int64, len(coords))
		for i := range coords {
			ce.Coords[d][i] = coords[i][d]
		}
	}
	r, err := ce.Tensor()
	if err != nil {
		return nil, err
	}
	like := condition
	for _, t := range []*tensor.Tensor{condition, x.Tensor, y.Tensor} {
		if t != nil && t.Layout() != tensor.Strided {
			like = t
			break
		}
	}
	if like.Layout() == tensor.Strided {
		return convert.ToDense(r)
	}
	opt := tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: like.BlockSize(), IndexWidth: convert.KeptWidth(like)}
	if like.Layout().IsCompressed() {
		// the block divides like's sparse dims; a hybrid CSR or CSC keeps its
		// dense dims (read as batch dims they need equal counts per batch)
		opt.DenseDim = like.DenseDim()
	}
	return convert.ToLayout(r, like.Layout(), opt)
}

// onlyElement is the value of a 0-d tensor of any layout: a 0-d COO holds
// its fill when it stores nothing and the sum of its entries when it stores
// several (uncoalesced), so it is read through its dense form.
func onlyElement(t *tensor.Tensor) (dtype.Scalar, error) {
	d, err := convert.ToDense(t)
	if err != nil {
		return dtype.Scalar{}, err
	}
	return d.Values().Complex(0), nil
}

// pick3 is where(c, x, y) on scalars.
func pick3(v []dtype.Scalar) dtype.Scalar {
	if !v[0].IsZero() {
		return v[1]
	}
	return v[2]
}

// whereOperand turns a number into an empty COO of condition's shape filled with it.
func whereOperand(arg string, o Operand, condition *tensor.Tensor) (*tensor.Tensor, error) {
	if o.Tensor != nil {
		return o.Tensor, nil
	}
	if len(condition.Dims()) == 0 {
		return tensor.NewStrided(dtype.Array{DType: o.Number.Kind, Data: tensor.ScalarBytes(o.Number.Kind, o.Number.Value)})
	}
	e, err := tensor.Empty(tensor.COO, o.Number.Kind, slices.Clone(condition.Dims()), [2]int64{}, 0)
	if err != nil {
		return nil, errs.Errorf(errs.CodeOf(err), "where: %s: %v", arg, err)
	}
	return tensor.Revalue(e, e.Values(), tensor.ScalarBytes(o.Number.Kind, o.Number.Value)), nil
}

// checkWhereNumbers refuses an integer number outside the integer result
// dtype, as torch's checked conversion does (where(c, int8 x, 300) raises
// there): converted, it wrapped silently (300 to 44). uint8 takes -255..255,
// torch's range for it.
func checkWhereNumbers(x, y Operand) error {
	out := resultType(x, y)
	if !out.IsInteger() {
		return nil
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	switch out {
	case dtype.UInt8:
		lo, hi = -255, 255
	case dtype.Int8:
		lo, hi = math.MinInt8, math.MaxInt8
	case dtype.Int16:
		lo, hi = math.MinInt16, math.MaxInt16
	case dtype.Int32:
		lo, hi = math.MinInt32, math.MaxInt32
	}
	for i, o := range []Operand{x, y} {
		if o.Tensor != nil || !o.Number.Kind.IsInteger() {
			continue
		}
		if v := o.Number.Value.Int(); v < lo || v > hi {
			return errs.Errorf(errs.ErrInvalidArgument, "where: %s = %d cannot be converted to the result dtype %s without overflow (it takes %d..%d; torch refuses it too)",
				[]string{"x", "y"}[i], v, out, lo, hi)
		}
	}
	return nil
}
