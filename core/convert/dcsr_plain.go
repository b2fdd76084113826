package convert

import (
	"bytes"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// dcsrPlain is ToLayout's direct route from a DCSR (DCSC) matrix without
// dense dims or a per-slot fill to CSR (CSC) of the same index width: the
// row (column) pointer is the DCSR's second-level pos laid over the rows
// (columns) it lists, the empty ones repeating the bound before them, in
// one pass over the rows; the column (row) indices and the values are the
// DCSR's own arrays, tensors being immutable. ok is false for other
// conversions; width 0 keeps the source's width.
func dcsrPlain(t *tensor.Tensor, layout tensor.Layout, width int) (*tensor.Tensor, bool, error) {
	rowMajor := t.Layout() == tensor.DCSR && layout == tensor.CSR
	if !rowMajor && !(t.Layout() == tensor.DCSC && layout == tensor.CSC) ||
		t.DenseDim() != 0 || t.PerSlotFill() || len(t.Dims()) != 2 || (width != 0 && width != t.IndexWidth()) {
		return nil, false, nil
	}
	lv := t.Levels()
	m := t.Dims()[1]
	if rowMajor {
		m = t.Dims()[0]
	}
	if err := errs.CheckAlloc("crow_indices", m+1, lv[1].Pos.DType.Size()); err != nil {
		return nil, true, err
	}
	pos := dtype.UninitArray(lv[1].Pos.DType, []int64{m + 1})
	if pos.DType == dtype.Int32 {
		spreadPos(dtype.AsSlice[int32](lv[0].Crd), dtype.AsSlice[int32](lv[1].Pos), dtype.AsSlice[int32](pos))
	} else {
		spreadPos(dtype.AsSlice[int64](lv[0].Crd), dtype.AsSlice[int64](lv[1].Pos), dtype.AsSlice[int64](pos))
	}
	out, err := tensor.NewCompressed(layout, pos, lv[1].Crd, t.Values(), slices.Clone(t.Dims()), tensor.BuildOptions{NoCheck: true})
	if err != nil {
		return nil, true, err
	}
	if fill := t.FillElem(); !tensor.AllZero(fill) {
		out = tensor.Refill(out, bytes.Clone(fill))
	}
	return out, true, nil
}

// spreadPos writes the pointer of all len(out)-1 rows from the rows that
// hold entries (rows, ascending) and their pointer (seg, one bound more):
// row rows[s] spans seg[s]..seg[s+1], every other row is empty.
func spreadPos[I int32 | int64](rows, seg, out []I) {
	r := 0
	for s, row := range rows {
		for ; r <= int(row); r++ {
			out[r] = seg[s]
		}
	}
	var last I // no rows listed and no pointer: every row empty
	if len(seg) > 0 {
		last = seg[len(seg)-1]
	}
	for ; r < len(out); r++ {
		out[r] = last
	}
}
