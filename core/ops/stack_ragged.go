package ops

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// stackRagged is Stack along dim 0 of 2-D CSR matrices (one dtype, fill
// zero) whose nnz differ: torch refuses them (its batched CSR needs the same
// nse in every batch); the result is the ragged batch (tensor.RaggedFormat),
// its pos the matrices' crow_indices shifted onto one running offset, its
// crd and values theirs one after the other. ok is false where the inputs
// are anything else (equal nnz keeps giving torch's batched CSR).
func stackRagged(ts []*tensor.Tensor, dim int) (*tensor.Tensor, bool, error) {
	if dim != 0 && dim != -3 {
		return nil, false, nil
	}
	even := true
	total, wide := int64(0), false
	for _, x := range ts {
		if x.Layout() != tensor.CSR || x.NDim() != 2 || x.BatchDim() != 0 || x.DenseDim() != 0 ||
			x.PerSlotFill() || x.UndefinedFill() || !isZeroBytes(x.FillElem()) {
			return nil, false, nil
		}
		even = even && x.NNZ() == ts[0].NNZ()
		total += x.NNZ()
		wide = wide || x.IndexWidth() == 64
	}
	if even {
		return nil, false, nil
	}
	rows, cols := ts[0].Dims()[0], ts[0].Dims()[1]
	nb := int64(len(ts))
	idt := dtype.Int32
	if wide || total > math.MaxInt32 {
		idt = dtype.Int64
	}
	np := nb*rows + 1
	if err := errs.CheckAlloc("stack: the ragged batch's indices", np+total, idt.Size()); err != nil {
		return nil, true, err
	}
	if err := errs.CheckAlloc("stack: the ragged batch's values", total, ts[0].DType().Size()); err != nil {
		return nil, true, err
	}
	pos, crd := dtype.NewArray(idt, []int64{np}), dtype.NewArray(idt, []int64{total})
	vals := dtype.NewArray(ts[0].DType(), []int64{total})
	es := int64(ts[0].DType().Size())
	off := int64(0)
	for k, x := range ts {
		lv := x.Levels()[x.CompressedLevel()]
		n := x.NNZ()
		copyShifted(pos, int64(k)*rows, lv.Pos, rows, off)
		copyShifted(crd, off, lv.Crd, n, 0)
		copy(vals.Data[off*es:(off+n)*es], x.Values().Data[:n*es])
		off += n
	}
	tensor.SetIndex(pos, np-1, total)
	shape := []int64{nb, rows, cols}
	r, err := tensor.NewRagged(shape, pos, crd, vals)
	return r, true, err
}

// copyShifted writes src[0:n] + shift into dst[at:at+n], converting the
// index width where the two differ.
func copyShifted(dst dtype.Array, at int64, src dtype.Array, n, shift int64) {
	if dst.DType == dtype.Int64 {
		d := dtype.AsSlice[int64](dst)[at : at+n]
		if src.DType == dtype.Int64 {
			for i, v := range dtype.AsSlice[int64](src)[:n] {
				d[i] = v + shift
			}
			return
		}
		for i, v := range dtype.AsSlice[int32](src)[:n] {
			d[i] = int64(v) + shift
		}
		return
	}
	d := dtype.AsSlice[int32](dst)[at : at+n]
	for i, v := range dtype.AsSlice[int32](src)[:n] { // int32 only when every input is
		d[i] = v + int32(shift)
	}
}
