package convert

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// The CSR/CSC -> DIA fast path of ToFormat. The general path lists every
// entry's coordinates and sorts them in level order (Arrange). A DIA storage needs no sort: the diagonals present
// come from one pass over the entries marking their offsets in an array over
// the m + n - 1 possible ones, and each value's slot is its diagonal's rank
// times the stride plus its row (DIA-I) or column (DIA-J). Two passes over
// the nonzeros and one over the slots: O(nnz + padding), the passes over
// the nonzeros parallel over row ranges of fixed boundaries (diaMove). Its Named COO
// tensor, made per call by core/tensor (custom_coo.go), is read off the
// diagonals row by row, already in row-major order (its diaCOOView).

// ToDIAFast converts a 2-D CSR or CSC tensor without batch or dense dims to
// DIA-I or DIA-J (f, up to the dims' names); ok is false for any other pair.
func ToDIAFast(t *tensor.Tensor, f format.Format) (out *tensor.Tensor, ok bool, err error) {
	g := tensor.PositionalNames(f)
	byCol := g.Equal(tensor.DiaJFormat)
	if !byCol && !g.Equal(tensor.DiaIFormat) || len(t.Dims()) != 2 || t.BatchDim() != 0 || t.DenseDim() != 0 ||
		(t.Layout() != tensor.CSR && t.Layout() != tensor.CSC) {
		return nil, false, nil
	}
	switch t.IndexWidth() {
	case 32:
		out, err = csrToDIA[int32](t, f, byCol)
	default:
		out, err = csrToDIA[int64](t, f, byCol)
	}
	return out, true, err
}

// csrToDIA is toDIAFast for index type I.
func csrToDIA[I int32 | int64](t *tensor.Tensor, f format.Format, byCol bool) (*tensor.Tensor, error) {
	rows, cols := t.Dims()[0], t.Dims()[1]
	pos, crd := dtype.AsSlice[I](t.Levels()[1].Pos), dtype.AsSlice[I](t.Levels()[1].Crd)
	// Entry k of outer index o is (o, crd[k]) in CSR, (crd[k], o) in CSC: its
	// diagonal is sign * (crd[k] - o) and its row o or crd[k].
	sign := int64(1)
	if t.Layout() == tensor.CSC {
		sign = -1
	}
	span := rows + cols - 1 // offsets j - i run from -(rows-1) to cols-1
	if span < 0 {
		span = 0
	}
	if err := errs.CheckAlloc("the diagonal ranks of a DIA conversion", span, 4); err != nil {
		return nil, err
	}
	rank := make([]int32, span) // 1 + the diagonal's rank, 0 where absent
	stride := rows
	if byCol {
		stride = cols
	}
	// The slot's position along its diagonal is the entry's row (DIA-I) or
	// column (DIA-J), which is o or crd[k] as the layout and format agree
	// or not.
	m := newDIAMove(pos, sign, rows-1, stride, byCol == (t.Layout() == tensor.CSC))
	markDiagonals(m, pos, crd, rank)
	var offsets []int64
	for k, r := range rank {
		if r != 0 {
			offsets = append(offsets, int64(k)-(rows-1))
			rank[k] = int32(len(offsets))
		}
	}
	nd := int64(len(offsets))
	slots, okMul := errs.MulChecked(nd, stride)
	es := int64(t.DType().Size())
	if !okMul || errs.CheckAlloc("values", slots, int(es)) != nil {
		return nil, errs.Errorf(errs.ErrTooLarge, "to format %s: %d diagonals of %d slots of %d bytes exceed the memory limit of %d bytes", f, nd, stride, es, tensor.MemoryLimit())
	}
	vals := dtype.NewArray(t.DType(), []int64{slots})
	fillDiagonals(m, pos, crd, rank, offsets, t.Values(), vals, t.FillElem())
	x, err := format.NewIndexer(f)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "format %s: %v", f, err)
	}
	sizes, err := x.LevelSizes(t.Dims())
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "format %s over %v: %v", f, t.Dims(), err)
	}
	// The diagonals' pos and offsets keep the source's index width.
	s := &ustorage.Structure{Format: f, Shape: t.Dims(), LevelSizes: sizes, Levels: []ustorage.LevelArrays[int64]{{Pos: []int64{0, nd}, Crd: offsets}, {}}}
	return tensor.AssembleFormat(f, s, vals, t.FillElem(), t.IndexWidth())
}
