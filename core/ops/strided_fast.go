package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// Fast paths of the shape and reduction operators for strided tensors,
// which otherwise go through their COO form (an index per element, a sort):
// seconds and gigabytes for a 1e6 x 16 matrix, where these take a copy or
// one pass. Both keep the general path's results exactly (same values, same
// summation order).

// stridedPermute is Permute of a strided tensor: a copy with the dims
// reordered (perm[i] is the source dim of result dim i); the 2-D transpose
// through the kernels' blocked parallel transpose.
func stridedPermute(t *tensor.Tensor, perm []int) (*tensor.Tensor, error) {
	nd := len(t.Dims())
	shape := make([]int64, nd)
	for i, p := range perm {
		shape[i] = t.Dims()[p]
	}
	out := dtype.NewArray(t.DType(), shape)
	if nd == 2 && perm[0] == 1 {
		if err := kernels.TransposeBytes(out.Data, t.Values().Data, t.DType().Size(), int(t.Dims()[0]), int(t.Dims()[1])); err != nil {
			return nil, err
		}
		return tensor.NewStrided(out)
	}
	srcStride := make([]int64, nd)
	st := int64(1)
	for d := nd - 1; d >= 0; d-- {
		srcStride[d] = st
		st *= t.Dims()[d]
	}
	strides := make([]int64, nd) // the source stride of each result dim
	for i, p := range perm {
		strides[i] = srcStride[p]
	}
	es := int64(t.DType().Size())
	idx := make([]int64, nd)
	src := int64(0)
	for j := range dtype.NumelOf(shape) {
		copy(out.Data[j*es:(j+1)*es], t.Values().Data[src*es:(src+1)*es])
		// Odometer step: advance the last dim, carrying into earlier ones.
		for d := nd - 1; d >= 0; d-- {
			idx[d]++
			src += strides[d]
			if idx[d] < shape[d] {
				break
			}
			src -= idx[d] * strides[d]
			idx[d] = 0
		}
	}
	return tensor.NewStrided(out)
}

// stridedReduce is a reduction of a strided tensor over one contiguous
// run of dims (red marks them), as out[o, i] = the reduction of x[o, r, i]
// over r (engine.ReduceStrided): the common sum(dim), amax(dim),
// mean(dim) of a matrix, every op and real dtype. ok is false for every
// other case (a second run of reduced dims, halves, complex), which takes
// the general path. Each result folds in ascending r, as the general
// path's segment folds do.
func stridedReduce(t *tensor.Tensor, red []bool, dims []int, op string, out dtype.DType) (r *tensor.Tensor, ok bool, err error) {
	eop, known := engine.ReduceOpOf(op)
	if !known {
		return nil, false, nil
	}
	lo, hi, one := tensor.MarkedRun(red)
	if !one {
		return nil, false, nil // none, or a second run of reduced dims
	}
	outer, rn, inner := dtype.NumelOf(t.Dims()[:lo]), dtype.NumelOf(t.Dims()[lo:hi]), dtype.NumelOf(t.Dims()[hi:])
	if rn == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	vals, ok, err := engine.ReduceStrided(eop, t.Values(), outer, rn, inner, out)
	if !ok || err != nil {
		return nil, ok, err
	}
	vals.Shape = append(append([]int64{}, t.Dims()[:lo]...), t.Dims()[hi:]...)
	r, err = tensor.NewStrided(vals)
	return r, true, err
}
