package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// catCheck checks cat's tensors against ts[0]: dtype, dims, dense dims,
// the sizes but for dim, and the fill value. dim is normalised (sparse or dense).
func catCheck(ts []*tensor.Tensor, dim int) error {
	first := ts[0]
	nd := len(first.Dims())
	for i, x := range ts {
		if x.DType() != first.DType() || len(x.Dims()) != nd || x.DenseDim() != first.DenseDim() {
			return errs.Errorf(errs.ErrInvalidArgument, "cat: tensors[%d] is %s with %d dims (dense_dim %d), tensors[0] is %s with %d dims (dense_dim %d)", i, x.DType(), len(x.Dims()), x.DenseDim(), first.DType(), nd, first.DenseDim())
		}
		for d := range x.Dims() {
			if d != dim && x.Dims()[d] != first.Dims()[d] {
				return errs.Errorf(errs.ErrInvalidArgument, "cat: Sizes of tensors must match except in dimension %d. Expected size %d but got size %d for tensor number %d in the list", dim, first.Dims()[d], x.Dims()[d], i)
			}
		}
		if !slices.Equal(x.FillElem(), first.FillElem()) {
			return errs.Errorf(errs.ErrInvalidArgument, "cat: tensors[%d] has another fill value than tensors[0]", i)
		}
	}
	return nil
}

// catCheckSize refuses, before anything is built, a cat whose result passes
// the memory limit: the dense result when ts[0] is strided, else the COO
// entries the inputs bring (a strided input brings every element). stacked
// sizes stack's result instead: each tensor with a new dim of size 1 at dim.
func catCheckSize(ts []*tensor.Tensor, dim int, stacked bool) error {
	first := ts[0]
	es := int64(first.DType().Size())
	numel := catNumel(ts, dim, stacked)
	if catAllStrided(ts) {
		return errs.CheckBytesf(budget.Mul(numel, es), "cat: the result of %d tensors", len(ts))
	}
	sparse := len(first.Dims()) - first.DenseDim()
	indices := int64(sparse)
	if stacked {
		indices++
	}
	block := slices.Clone(first.Dims()[sparse:])
	if !stacked && dim >= sparse { // along a dense dim every entry's block widens to the sum
		block[dim-sparse] = 0
		for _, x := range ts {
			block[dim-sparse] = budget.Add(block[dim-sparse], x.Dims()[dim])
		}
	}
	perEntry := budget.Add(budget.Mul(indices, 8), budget.Mul(dtype.NumelOf(block), es))
	entries := int64(0)
	for _, x := range ts {
		if x.Layout() == tensor.Strided {
			entries = budget.Add(entries, dtype.NumelOf(x.Dims()[:sparse]))
		} else if dense := dtype.NumelOf(x.Dims()[sparse:]); dense > 0 {
			entries = budget.Add(entries, x.Values().Numel()/dense)
		}
	}
	bytes := budget.Mul(entries, perEntry)
	if first.Layout() == tensor.Strided { // the dense result too
		bytes = budget.Add(bytes, budget.Mul(numel, es))
	}
	return errs.CheckBytesf(bytes, "cat: the entries of %d tensors", len(ts))
}

// catNumel is the element count of cat's (or stack's) result, saturating
// on overflow.
func catNumel(ts []*tensor.Tensor, dim int, stacked bool) int64 {
	if stacked {
		return budget.Mul(int64(len(ts)), dtype.NumelOf(ts[0].Dims()))
	}
	n := int64(0)
	for _, x := range ts {
		n = budget.Add(n, x.Dims()[dim])
	}
	for d, s := range ts[0].Dims() {
		if d != dim {
			n = budget.Mul(n, s)
		}
	}
	return n
}

// catAllStrided reports whether every tensor is strided (cat then copies
// dense blocks, no sparse form).
func catAllStrided(ts []*tensor.Tensor) bool {
	for _, x := range ts {
		if x.Layout() != tensor.Strided {
			return false
		}
	}
	return true
}

// catStrided concatenates strided tensors along dim: for each index of the
// dims before dim, each tensor's block of the dims from dim on in turn.
func catStrided(ts []*tensor.Tensor, dim int) *tensor.Tensor {
	first := ts[0]
	shape := slices.Clone(first.Dims())
	shape[dim] = 0
	for _, x := range ts {
		shape[dim] += x.Dims()[dim]
	}
	es := int64(first.DType().Size())
	outer := dtype.NumelOf(shape[:dim])
	data := dtype.NewArray(first.DType(), shape).Data
	off := int64(0)
	for o := int64(0); o < outer; o++ {
		for _, x := range ts {
			block := dtype.NumelOf(x.Dims()[dim:]) * es
			off += int64(copy(data[off:], x.Values().Data[o*block:(o+1)*block]))
		}
	}
	return tensor.NewStridedOwned(first.DType(), shape, data)
}
