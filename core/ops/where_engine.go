package ops

import (
	"bytes"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// whereNative runs Where on the engine when the condition is a bool CSR,
// CSC or coalesced COO matrix, one of x and y is a number and the other a
// tensor of the condition's layout, pattern and the result dtype (the
// shape of t.masked_fill(t < 0, v) and where(t > 0, t, 0)): the result is
// the condition's structure (shared) with the values selected element by
// element. ok is false for every other case. The result is the general
// path's: the pattern is the union of the three, here the condition's.
func whereNative(condition *tensor.Tensor, x, y Operand, xs, ys *tensor.Tensor, out dtype.DType) (*tensor.Tensor, bool, error) {
	if (x.Tensor == nil) == (y.Tensor == nil) || condition.DType() != dtype.Bool || !plainMatrix(condition) ||
		(condition.Layout() == tensor.COO && condition.IndexWidth() != 64) { // the merge gives COO int64 indices
		return nil, false, nil
	}
	t, num, numberWhenTrue := x.Tensor, dtype.LoadScalar(ys.DType(), ys.FillElem()), false
	if t == nil {
		t, num, numberWhenTrue = y.Tensor, dtype.LoadScalar(xs.DType(), xs.FillElem()), true
	}
	if t.DType() != out || !plainMatrix(t) || t.Layout() != condition.Layout() || !samePattern(condition, t) {
		return nil, false, nil
	}
	vals, ok, err := engine.Select(condition.Values(), t.Values(), tensor.ScalarBytes(out, num), numberWhenTrue)
	if !ok || err != nil {
		return nil, ok, err
	}
	fill := tensor.ScalarBytes(out, pick3([]dtype.Scalar{dtype.LoadScalar(condition.DType(), condition.FillElem()), dtype.LoadScalar(xs.DType(), xs.FillElem()), dtype.LoadScalar(ys.DType(), ys.FillElem())}))
	return tensor.WithValues(condition, out, vals, fill), true, nil
}

// plainMatrix reports whether t is a CSR, CSC or coalesced COO tensor
// without batch or dense dims, custom format or per-slot fill.
func plainMatrix(t *tensor.Tensor) bool {
	l := t.Layout()
	return (l == tensor.CSR || l == tensor.CSC || (l == tensor.COO && t.IsCoalesced())) &&
		t.BatchDim() == 0 && t.DenseDim() == 0 && !t.PerSlotFill()
}

// samePattern reports whether a and b (of one layout) store the same
// positions: equal index arrays (the same arrays, often: ops share them).
func samePattern(a, b *tensor.Tensor) bool {
	eq := func(p, q dtype.Array) bool { return p.DType == q.DType && bytes.Equal(p.Data, q.Data) }
	if a.Layout() == tensor.COO {
		return eq(a.Indices(), b.Indices())
	}
	la, lb := a.Levels()[1], b.Levels()[1]
	return eq(la.Pos, lb.Pos) && eq(la.Crd, lb.Crd)
}

// whereChoose runs Where on a bool strided condition and strided tensors
// or numbers through engine.Choose: the values move as words from the
// native buffers (a tensor of another dtype is cast first, a number is one
// element), none of them densified. ok is false for a condition that is
// not bool. The result is whereStrided's, bit for bit.
func whereChoose(condition *tensor.Tensor, x, y Operand, out dtype.DType) (*tensor.Tensor, bool, error) {
	if condition.DType() != dtype.Bool {
		return nil, false, nil
	}
	vals := make([]dtype.Array, 2)
	for i, o := range []Operand{x, y} {
		if o.Tensor == nil { // the number in its own dtype, then cast, as its filled tensor would be
			v := dtype.LoadScalar(o.Number.Kind, tensor.ScalarBytes(o.Number.Kind, o.Number.Value))
			vals[i] = dtype.Array{DType: out, Shape: []int64{1}, Data: tensor.ScalarBytes(out, v)}
			continue
		}
		t := o.Tensor
		if t.DType() != out {
			var err error
			if t, err = convert.ToDType(t, out); err != nil {
				return nil, true, err
			}
		}
		vals[i] = t.Values()
	}
	r, ok, err := engine.Choose(condition.Values(), vals[0], vals[1])
	if !ok || err != nil {
		return nil, ok, err
	}
	res, err := tensor.NewStrided(r)
	return res, true, err
}
