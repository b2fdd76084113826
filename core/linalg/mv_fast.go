package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/memory"
)

// mvFast computes mat @ vec straight through the SpMV kernel, for the call
// an iterative solver makes in a loop: mat a plain 2-D CSR, or a DIA-I or
// DIA-J tensor (isDIA), of float32 or float64 with a zero fill, vec a strided vector of its dtype and length.
// The result goes into out when it is not nil (a strided vector of the
// dtype and length sharing no memory with mat or vec), else into a new
// tensor. It reports false, having done nothing, for every other call,
// which the general path then serves or refuses, so that the errors keep
// one source.
//
// Why: the general path builds views, dispatches through matOps and checks
// broadcasting for addmv; on a 100 x 100 matrix with 500 entries that was
// about 400 ns of a 1.3 us call through the C ABI.
func mvFast(mat, vec, out *tensor.Tensor) (*tensor.Tensor, bool, error) {
	dia, ok := mvFastRoute(mat, vec)
	if !ok {
		return nil, false, nil
	}
	m := mat.Dims()[0]
	if out == nil {
		if checkResult("mv", mat.DType(), []int64{m}) != nil {
			return nil, false, nil
		}
		// The data alone: ownedStrided makes the one shape the tensor keeps.
		out = ownedStrided(dtype.Array{DType: mat.DType(), Data: memory.UninitBytes(m * int64(mat.DType().Size()))}, m)
	} else if out.Layout() != tensor.Strided || out.DType() != mat.DType() || len(out.Dims()) != 1 || out.Dims()[0] != m ||
		sharesMemory(out.Values().Data, mat) || sharesMemory(out.Values().Data, vec) {
		return nil, false, nil
	}
	var err error
	switch {
	case dia:
		err = diaSpMM("mv", dtype.IntScalar(1), mat, vec.Values(), 1, out.Values())
	case mat.DType() == dtype.Float64 && mat.IndexWidth() == 32:
		err = mvFastTyped[int32, float64](mat, vec, out)
	case mat.DType() == dtype.Float64:
		err = mvFastTyped[int64, float64](mat, vec, out)
	case mat.IndexWidth() == 32:
		err = mvFastTyped[int32, float32](mat, vec, out)
	default:
		err = mvFastTyped[int64, float32](mat, vec, out)
	}
	if err != nil {
		return nil, true, err
	}
	return out, true, nil
}

// mvZeroFill reports a fill whose bytes are all zero (+0.0); any other
// fill, -0.0 included, takes the general path.
func mvZeroFill(fill []byte) bool {
	for _, b := range fill {
		if b != 0 {
			return false
		}
	}
	return true
}

// mvFastTyped runs the SpMV kernel on mat's arrays as they are stored.
func mvFastTyped[I kernels.Index, V float32 | float64](mat, vec, out *tensor.Tensor) error {
	l := &mat.Levels()[mat.CompressedLevel()]
	a := kernels.CSR[I, V]{Rows: int(mat.Dims()[0]), Cols: int(mat.Dims()[1]),
		Ptr: dtype.AsSlice[I](l.Pos), Idx: dtype.AsSlice[I](l.Crd), Val: dtype.AsSlice[V](mat.Values())}
	return kernelErr("mv", kernels.SpMV(1, a, dtype.AsSlice[V](vec.Values()), 0, dtype.AsSlice[V](out.Values())))
}
