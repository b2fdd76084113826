package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
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
		if err := dtype.Transpose(out, t.ValueArray(), t.Dims()[0], t.Dims()[1]); err != nil {
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
		copy(out.Data[j*es:(j+1)*es], t.ValueArray().Data[src*es:(src+1)*es])
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

// stridedReduce is the sum or mean of a float32 or float64 strided tensor
// over one contiguous run of dims (red marks them), as out[o, i] = the
// reduction of x[o, r, i] over r: the common sum(dim), sum() and mean(dim)
// of a matrix. ok is false for every other case, which takes the general
// path. Accumulation is in float64 in ascending r, as the general path's.
func stridedReduce(t *tensor.Tensor, red []bool, op string) (r *tensor.Tensor, ok bool, err error) {
	if (op != "sum" && op != "mean") || (t.DType() != dtype.Float64 && t.DType() != dtype.Float32) {
		return nil, false, nil
	}
	lo, hi := -1, -1
	for d, on := range red {
		switch {
		case on && lo < 0:
			lo, hi = d, d+1
		case on && hi == d:
			hi = d + 1
		case on:
			return nil, false, nil // a second run of reduced dims
		}
	}
	if lo < 0 {
		return nil, false, nil
	}
	outer, rn, inner := dtype.NumelOf(t.Dims()[:lo]), dtype.NumelOf(t.Dims()[lo:hi]), dtype.NumelOf(t.Dims()[hi:])
	acc := make([]float64, outer*inner)
	if t.DType() == dtype.Float64 {
		reduceRuns(dtype.AsSlice[float64](t.ValueArray()), acc, outer, rn, inner)
	} else {
		reduceRuns(dtype.AsSlice[float32](t.ValueArray()), acc, outer, rn, inner)
	}
	if op == "mean" {
		for i := range acc {
			acc[i] /= float64(rn)
		}
	}
	shape := append(append([]int64{}, t.Dims()[:lo]...), t.Dims()[hi:]...)
	out := dtype.NewArray(t.DType(), shape)
	if t.DType() == dtype.Float64 {
		copy(dtype.AsSlice[float64](out), acc)
	} else {
		o := dtype.AsSlice[float32](out)
		for i, v := range acc {
			o[i] = float32(v)
		}
	}
	r, err = tensor.NewStrided(out)
	return r, true, err
}

// reduceRuns adds x[o, r, i] over r into acc[o, i].
func reduceRuns[T float32 | float64](x []T, acc []float64, outer, rn, inner int64) {
	for o := range outer {
		a := acc[o*inner : (o+1)*inner]
		if inner == 1 {
			s := 0.0
			for _, v := range x[o*rn : (o+1)*rn] {
				s += float64(v)
			}
			a[0] = s
			continue
		}
		for r := range rn {
			row := x[(o*rn+r)*inner : (o*rn+r+1)*inner]
			for i, v := range row {
				a[i] += float64(v)
			}
		}
	}
}
