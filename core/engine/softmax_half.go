package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// A half-float (float16, bfloat16) softmax computes as float32, torch's
// rule for reduced floating types: the values widened exactly, the float32
// softmax, its result rounded to the half dtype once. These are the two
// casts, element-wise in parallel ranges (each element's bits independent
// of the split).

// WidenHalf is a float16 or bfloat16 array's float32 copy (exact), of
// its shape.
func WidenHalf(a dtype.Array) (dtype.Array, error) {
	if err := budget.Check("softmax's float32 values", a.Numel(), 4); err != nil {
		return dtype.Array{}, err
	}
	out := dtype.UninitArray(dtype.Float32, a.Shape)
	src, dst := dtype.AsSlice[uint16](a), dtype.AsSlice[float32](out)
	wide := dtype.Float16ToFloat32
	if a.DType == dtype.BFloat16 {
		wide = dtype.BFloat16ToFloat32
	}
	parallel.ForEven(len(src), 1, int64(len(src)), func(lo, hi int) {
		for i, h := range src[lo:hi] {
			dst[lo+i] = wide(h)
		}
	})
	return out, nil
}

// NarrowHalf is a float32 array rounded to d (float16 or bfloat16), each
// element once (to nearest, ties to even), of its shape.
func NarrowHalf(a dtype.Array, d dtype.DType) (dtype.Array, error) {
	if err := budget.Check("softmax result", a.Numel(), 2); err != nil {
		return dtype.Array{}, err
	}
	out := dtype.UninitArray(d, a.Shape)
	src, dst := dtype.AsSlice[float32](a), dtype.AsSlice[uint16](out)
	narrow := dtype.Float32ToFloat16
	if d == dtype.BFloat16 {
		narrow = dtype.Float32ToBFloat16
	}
	parallel.ForEven(len(src), 1, int64(len(src)), func(lo, hi int) {
		for i, f := range src[lo:hi] {
			dst[lo+i] = narrow(f)
		}
	})
	return out, nil
}
