package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// transposeBlocks is transposeValues for a hybrid tensor's values (nse,
// *dense): the counting transpose moves each entry's number, and the
// blocks are then gathered in the transposed order, in parallel ranges
// (the numbers recycled after).
func transposeBlocks[I int32 | int64](p, c []I, vals dtype.Array, nInner int64) ([]I, []I, dtype.Array, error) {
	ids := memory.UninitSlice[I](len(c))
	parallel.ForEven(len(ids), 1, int64(len(ids)), func(lo, hi int) {
		for k := lo; k < hi; k++ {
			ids[k] = I(k)
		}
	})
	r, err := kernels.TransposeCompressed(p, c, ids, nInner)
	memory.RecycleSlice(ids)
	if err != nil {
		return nil, nil, dtype.Array{}, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	bs := int(dtype.NumelOf(vals.Shape[1:])) * vals.DType.Size() // bytes a block
	parallel.ForEven(len(r.Val), 1, int64(len(r.Val))*int64(max(bs/8, 1)), func(lo, hi int) {
		for q := lo; q < hi; q++ {
			e := int(r.Val[q])
			copy(out.Data[q*bs:(q+1)*bs], vals.Data[e*bs:(e+1)*bs])
		}
	})
	memory.RecycleSlice(r.Val)
	return r.Ptr, r.Idx, out, nil
}
